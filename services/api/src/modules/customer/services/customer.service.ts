import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  CUSTOMER_PHONE_TAKEN_MESSAGE,
  ErrorCode,
  type UpdateCustomerInput,
} from '@slotwise/contracts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../../core/database/pg-errors.js';
import type { SqlParams } from '../../../core/database/sql-params.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { CustomerEntity } from '../entities/customer.entity.js';
import { WebhookEvents } from '../../webhooks/index.js';
import { clientNameKey } from '../client-name.js';
import { customerPhone, phoneSearchDigits } from '../phone.js';

export type NewCustomer = Pick<
  CustomerEntity,
  'businessId' | 'firstName' | 'lastName' | 'email' | 'phone' | 'notifyEmail' | 'notifySms'
>;

/** What lists show of a customer. */
export type CustomerRow = Pick<
  CustomerEntity,
  'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'notifyEmail' | 'notifySms'
>;

interface CustomerRecord {
  id: number;
  business_id: number;
  first_name: string;
  last_name: string;
  name_key: string;
  email: string | null;
  phone: string;
  notify_email: boolean;
  notify_sms: boolean;
  notes: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, business_id, first_name, last_name, name_key, email, phone, notify_email,
                 notify_sms, notes, created_at, updated_at`;

/** What a booking writes of its customer. */
const UPSERT_COLUMNS =
  'business_id, first_name, last_name, name_key, email, phone, notify_email, notify_sms';

/**
 * A booking from a number and name the business already knows lands on that client and changes
 * nothing stored (decision 35: what the owner keeps on the client's page is theirs; what was typed
 * stays on the appointment). The no-op update only makes the statement return the row.
 */
const ON_CLIENT_KNOWN = `ON CONFLICT (business_id, phone, name_key) DO UPDATE SET
       name_key = customers.name_key`;

/** The columns `byIds` reads. */
type CustomerRowRecord = Pick<
  CustomerRecord,
  'id' | 'first_name' | 'last_name' | 'email' | 'phone' | 'notify_email' | 'notify_sms'
>;

const toCustomerRow = (r: CustomerRowRecord): CustomerRow => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  phone: r.phone,
  notifyEmail: r.notify_email,
  notifySms: r.notify_sms,
});

function toEntity(r: CustomerRecord): CustomerEntity {
  return Object.assign(new CustomerEntity(), {
    ...toCustomerRow(r),
    businessId: r.business_id,
    nameKey: r.name_key,
    notes: r.notes,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });
}

const phoneTaken = () =>
  new DomainException(ErrorCode.CUSTOMER_PHONE_TAKEN, CUSTOMER_PHONE_TAKEN_MESSAGE, [
    { path: 'phone', message: CUSTOMER_PHONE_TAKEN_MESSAGE },
  ]);

/** The `customers` table: the people who book, one per business and phone number (E.164). */
@Injectable()
export class CustomerService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly webhooks: WebhookEvents,
  ) {}

  /**
   * The business's customer with this phone number and name (`clientNameKey`), created if new and
   * left as stored if known (`ON_CLIENT_KNOWN`). The phone is checked and stored in E.164 (400 on
   * `phone` when it cannot be a real number). One statement on the unique index, so two bookings
   * from one person at once make one customer. Through `em`, so it commits (or not) with the
   * booking that brought them.
   */
  async findOrCreate(em: EntityManager, customer: NewCustomer): Promise<CustomerEntity> {
    const [row] = (await em.query(
      `INSERT INTO customers (${UPSERT_COLUMNS})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ${ON_CLIENT_KNOWN}
       RETURNING ${COLUMNS}, (xmax = 0) AS inserted`,
      [
        customer.businessId,
        customer.firstName,
        customer.lastName,
        clientNameKey(customer.firstName, customer.lastName),
        customer.email,
        // '' is a walk-in's "no number" (the owner's booking), kept as it is.
        customer.phone === '' ? '' : customerPhone(customer.phone),
        customer.notifyEmail,
        customer.notifySms,
      ],
    )) as (CustomerRecord & { inserted: boolean })[];
    const entity = toEntity(row!);
    if (row!.inserted) {
      await this.webhooks.emit(em, entity.businessId, 'client.created', clientData(entity));
    }
    return entity;
  }

  /**
   * `findOrCreate` as a part of a statement other modules' parts make up with it (a public
   * booking, written in one round trip): the body of a WITH query that writes the customer once
   * for each row `source` (a WITH query's name) yields, and returns their `id` and `email`.
   * `customer.phone` must be in E.164 already (`customerPhone`).
   */
  findOrCreateSql(customer: NewCustomer, source: string, p: SqlParams): string {
    return `INSERT INTO customers (${UPSERT_COLUMNS})
            SELECT ${p.add(customer.businessId, 'int')}, ${p.add(customer.firstName, 'text')},
                   ${p.add(customer.lastName, 'text')},
                   ${p.add(clientNameKey(customer.firstName, customer.lastName), 'text')},
                   ${p.add(customer.email, 'text')},
                   ${p.add(customer.phone, 'text')}, ${p.add(customer.notifyEmail, 'boolean')},
                   ${p.add(customer.notifySms, 'boolean')}
              FROM ${source}
            ${ON_CLIENT_KNOWN}
            RETURNING id, email, (xmax = 0) AS inserted`;
  }

  findById(id: number, em: EntityManager = this.dataSource.manager) {
    return em.findOneByOrFail(CustomerEntity, { id });
  }

  /** The business's customer `id`, or null (another business's is not found). */
  findOwned(
    businessId: number,
    id: number,
    em: EntityManager = this.dataSource.manager,
  ): Promise<CustomerEntity | null> {
    return em.findOneBy(CustomerEntity, { id, businessId });
  }

  /**
   * Customers by id, as plain rows rather than entities: a month of the owner's diary names
   * thousands, and building an entity per row costs more than the query.
   */
  async byIds(ids: readonly number[]): Promise<Map<number, CustomerRow>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows: CustomerRowRecord[] = await this.dataSource.query(
      `SELECT id, first_name, last_name, email, phone, notify_email, notify_sms
         FROM customers WHERE id = ANY($1::int[])`,
      [unique],
    );
    return new Map(rows.map((r) => [r.id, toCustomerRow(r)]));
  }

  /**
   * The business's customers whose name or email contains `text` (ignoring case, literally) or
   * whose phone contains its digits, in any format (as `search` matches them).
   */
  async idsMatching(businessId: number, text: string): Promise<number[]> {
    const params: unknown[] = [businessId];
    const where = this.textMatch(text, (value) => `$${params.push(value)}`);
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM customers WHERE business_id = $1 AND ${where}`,
      params,
    );
    return rows.map((r) => r.id);
  }

  /** A customer's name or email containing `text`, or their phone containing its digits. */
  private textMatch(text: string, param: (value: unknown) => string): string {
    // strpos, not LIKE: the owner's text is matched literally (% and _ are not wildcards).
    const lower = param(text.toLowerCase());
    const matches = [
      `strpos(lower(first_name || ' ' || last_name), ${lower}) > 0`,
      `strpos(lower(coalesce(email, '')), ${lower}) > 0`,
    ];
    const digits = phoneSearchDigits(text);
    if (digits) {
      matches.push(
        `EXISTS (SELECT 1 FROM unnest(${param(digits)}::text[]) AS d(digits)
                  WHERE strpos(regexp_replace(phone, '\\D', '', 'g'), d.digits) > 0)`,
      );
    }
    return `(${matches.join(' OR ')})`;
  }

  /**
   * One page of the business's customers by name. `text` matches a name or email containing it
   * (ignoring case, literally) or a phone number containing its digits, in the local form
   * ('0412 345') or the international one ('+61 412').
   */
  async search(
    businessId: number,
    page: { text?: string; limit: number; offset: number; onlyIds?: readonly number[] },
  ): Promise<CustomerEntity[]> {
    const params: unknown[] = [businessId];
    const param = (value: unknown) => `$${params.push(value)}`;
    let where = 'business_id = $1';
    if (page.onlyIds) where += ` AND id = ANY(${param(page.onlyIds)}::int[])`;
    if (page.text) where += ` AND ${this.textMatch(page.text, param)}`;
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM customers WHERE ${where}
        ORDER BY lower(first_name), lower(last_name), id
        LIMIT ${param(page.limit)} OFFSET ${param(page.offset)}`,
      params,
    )) as CustomerRecord[];
    return rows.map(toEntity);
  }

  /**
   * For each of these customers, the business's other clients with the same phone number (other
   * people sharing it, decision 35), by name.
   */
  async sharingNumbers(
    businessId: number,
    customers: readonly Pick<CustomerEntity, 'id' | 'phone'>[],
  ): Promise<Map<number, { id: number; name: string }[]>> {
    const result = new Map<number, { id: number; name: string }[]>(
      customers.map((c) => [c.id, []]),
    );
    if (customers.length === 0) return result;
    const rows: { id: number; phone: string; first_name: string; last_name: string }[] =
      await this.dataSource.query(
        `SELECT id, phone, first_name, last_name FROM customers
          WHERE business_id = $1 AND phone = ANY($2::text[])
          ORDER BY lower(first_name), lower(last_name), id`,
        [businessId, [...new Set(customers.map((c) => c.phone))]],
      );
    for (const c of customers) {
      result.set(
        c.id,
        rows
          .filter((r) => r.phone === c.phone && r.id !== c.id)
          .map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim() })),
      );
    }
    return result;
  }

  /** The business's customer `id`, locked until `em`'s transaction ends (a merge or split). */
  lockOwned(em: EntityManager, businessId: number, id: number): Promise<CustomerEntity | null> {
    return em.findOne(CustomerEntity, {
      where: { id, businessId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /**
   * `other` merged into `keep` (its bookings already moved): `keep` keeps its details, takes the
   * other's email when it has none and the other's notes after its own; `other` is removed.
   */
  async absorb(em: EntityManager, keep: CustomerEntity, other: CustomerEntity): Promise<void> {
    const notes = [keep.notes, other.notes].filter((n): n is string => !!n?.trim()).join('\n\n');
    await em.delete(CustomerEntity, { id: other.id, businessId: other.businessId });
    await em.update(
      CustomerEntity,
      { id: keep.id, businessId: keep.businessId },
      { email: keep.email ?? other.email, notes: notes || null },
    );
  }

  /**
   * The owner's changes to their customer (already found to be theirs). A new phone is checked
   * and stored in E.164; one another customer of the business has answers 409.
   */
  async update(customer: CustomerEntity, changes: UpdateCustomerInput): Promise<void> {
    const set: Partial<CustomerEntity> = {};
    if (changes.firstName !== undefined) set.firstName = changes.firstName;
    if (changes.lastName !== undefined) set.lastName = changes.lastName;
    if (set.firstName !== undefined || set.lastName !== undefined) {
      set.nameKey = clientNameKey(
        set.firstName ?? customer.firstName,
        set.lastName ?? customer.lastName,
      );
    }
    if (changes.email !== undefined) set.email = changes.email;
    if (changes.notes !== undefined) set.notes = changes.notes;
    if (changes.phone !== undefined) set.phone = customerPhone(changes.phone);
    try {
      await this.dataSource.transaction(async (em) => {
        await em.update(CustomerEntity, { id: customer.id, businessId: customer.businessId }, set);
        await this.announceUpdated(em, customer.businessId, customer.id);
      });
    } catch (error) {
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw phoneTaken();
      throw error;
    }
  }

  /**
   * Imported clients (a client import's job), in `em`'s transaction: each lands on the client
   * with its phone and name (decision 35) or makes one. A client already there keeps what is
   * stored; only an email or notes it lacks are filled in. Answers how many were new.
   */
  async importClients(
    em: EntityManager,
    businessId: number,
    rows: readonly ImportedClient[],
  ): Promise<{ created: number; merged: number }> {
    if (rows.length === 0) return { created: 0, merged: 0 };
    const [result] = (await em.query(
      `WITH written AS (
         INSERT INTO customers (business_id, first_name, last_name, name_key, phone, email, notes)
         SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
         ON CONFLICT (business_id, phone, name_key) DO UPDATE
           SET email = coalesce(customers.email, EXCLUDED.email),
               notes = coalesce(customers.notes, EXCLUDED.notes),
               updated_at = now()
         RETURNING (xmax = 0) AS inserted)
       SELECT count(*) FILTER (WHERE inserted)::int AS created,
              count(*) FILTER (WHERE NOT inserted)::int AS merged
         FROM written`,
      [
        businessId,
        rows.map((r) => r.firstName),
        rows.map((r) => r.lastName),
        rows.map((r) => r.nameKey),
        rows.map((r) => r.phone),
        rows.map((r) => r.email),
        rows.map((r) => r.notes),
      ],
    )) as { created: number; merged: number }[];
    return result!;
  }

  /** Which of these phone-and-name identities the business has already ('phone nameKey'). */
  async existingIdentities(businessId: number, phones: readonly string[]): Promise<Set<string>> {
    if (phones.length === 0) return new Set();
    const rows = (await this.dataSource.query(
      `SELECT phone, name_key FROM customers WHERE business_id = $1 AND phone = ANY($2::text[])`,
      [businessId, [...new Set(phones)]],
    )) as { phone: string; name_key: string }[];
    return new Set(rows.map((r) => `${r.phone} ${r.name_key}`));
  }

  /** client.updated with the client as now stored, in `em`'s transaction. */
  async announceUpdated(em: EntityManager, businessId: number, id: number): Promise<void> {
    const [row] = (await em.query(
      `SELECT ${COLUMNS} FROM customers WHERE id = $1 AND business_id = $2`,
      [id, businessId],
    )) as CustomerRecord[];
    if (row) await this.webhooks.emit(em, businessId, 'client.updated', clientData(toEntity(row)));
  }
}

/** A client as webhooks carry it (the owner's notes stay private). */
function clientData(c: CustomerEntity): Record<string, unknown> {
  return {
    id: c.id,
    businessId: c.businessId,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    notifyEmail: c.notifyEmail,
    notifySms: c.notifySms,
  };
}

/** A client from an import: checked, phone in E.164, name key made. */
export interface ImportedClient {
  firstName: string;
  lastName: string;
  nameKey: string;
  phone: string;
  email: string | null;
  notes: string | null;
}
