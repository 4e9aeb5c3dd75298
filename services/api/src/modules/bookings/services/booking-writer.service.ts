import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type Actor, type BookingChangeKind, ErrorCode, ErrorMessages } from '@slotwise/contracts';
import type { BookingConstraint } from '../../../core/database/booking-constraint.js';
import {
  PG_EXCLUSION_VIOLATION,
  PG_FOREIGN_KEY_VIOLATION,
  pgConstraint,
  pgErrorCode,
} from '../../../core/database/pg-errors.js';
import { preparedQuery } from '../../../core/database/prepared-query.js';
import { SqlParams } from '../../../core/database/sql-params.js';
import { retryingDeadlocks } from '../../../core/database/transaction.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { ActivityLog, type BookingSnapshot } from '../../activity/index.js';
import { AppointmentEntity } from '../entities/appointment.entity.js';
import { BookingWebhooks, type ChangedBy, changedByOf } from './booking-webhooks.service.js';
import { resourceKeyOf } from './resource-keys.js';

export type NewBooking = Pick<
  AppointmentEntity,
  | 'businessId'
  | 'serviceId'
  | 'staffId'
  | 'customerId'
  | 'status'
  | 'startsAt'
  | 'endsAt'
  | 'blockedFrom'
  | 'blockedUntil'
  | 'priceCents'
  | 'notes'
  | 'customerFirstName'
  | 'customerLastName'
  | 'customerEmail'
  | 'customerPhone'
  | 'bookedVia'
>;

/** A move names its new blocked range with its new times. */
export type BookingChanges = Partial<
  Pick<
    AppointmentEntity,
    'status' | 'notes' | 'startsAt' | 'endsAt' | 'blockedFrom' | 'blockedUntil' | 'staffId'
  >
>;

/** 409 SLOT_TAKEN: the time is booked for that resource (the exclusion constraint's word). */
export const slotTaken = () => new DomainException(ErrorCode.SLOT_TAKEN, ErrorMessages.slotTaken);

/** Booking ids `newId` takes from the sequence at a time. */
const IDS_RESERVED = 32;

/** The appointments' foreign key to their staff member (initial schema). */
const APPOINTMENT_STAFF_FK = 'appointments_staff_fk';

/**
 * A clash with another booking of the resource, as the exclusion constraint reports it, or a staff
 * member gone by the time the row is written: 409 SLOT_TAKEN.
 */
export async function refusingOverlaps<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error) === PG_EXCLUSION_VIOLATION) throw slotTaken();
    // The staff member was removed while the booking was written (a removal committed between the
    // statement's checks and its insert): their time is no longer there to book.
    if (
      pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION &&
      pgConstraint(error) === APPOINTMENT_STAFF_FK
    ) {
      throw slotTaken();
    }
    throw error;
  }
}

/**
 * Holds the resource's booking lock until `em`'s transaction ends, so writes to one person's (or
 * the business's) diary take turns. Without it, concurrent inserts checked by the exclusion
 * constraint wait on each other's index entries in chains that PostgreSQL breaks as deadlocks
 * (1,000 overlapping attempts gave 500s and a drained pool); with it, the next writer sees the
 * committed booking and gets SLOT_TAKEN at once. A transaction takes at most one such lock (one
 * booking written or moved), so the locks cannot deadlock among themselves; with a row lock taken
 * in the other order (a public booking locks, then writes its customer; the owner's writes the
 * customer first) they can, rarely, and the booking transactions run again on a deadlock.
 */
async function lockResource(em: EntityManager, resourceKey: string): Promise<void> {
  await em.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [lockName(resourceKey)]);
}

const lockName = (resourceKey: string) => `booking:${resourceKey}`;

/**
 * The names of the booking statement's WITH queries (`BookingWriter#bookInOneStatement`): a part
 * reads an earlier one only by the name it is handed, so no module spells another's.
 */
export const BookingStep = {
  /** One row while every constraint holds, none otherwise. */
  allowed: 'allowed',
  /** The resource's booking lock, taken once for each row of `allowed`. */
  locked: 'locked',
  /** The customer, written once for each row of `locked`. */
  customer: 'customer',
  /** The booking, written for the customer. */
  appointment: 'appointment',
} as const;

/** A condition on the statement's parts: true once the booking is written. */
export const BOOKING_WRITTEN = `EXISTS (SELECT 1 FROM ${BookingStep.appointment})`;

/** A write that goes with the booking (its links, its messages), as the body of a WITH query. */
export interface BookingFollowUp {
  readonly name: string;
  /** The body, writing only while `written` holds (`BOOKING_WRITTEN`). */
  sql(written: string, p: SqlParams): string;
}

/** A public booking as one statement: checks, lock, customer, booking and follow-ups. */
export interface BookingStatement {
  /** What the booking went by, each checked by the module owning its tables. */
  readonly constraints: readonly BookingConstraint[];
  /**
   * The body of a WITH query that writes the customer once for each row of `source` and returns
   * their `id` (and what the caller wants back: the statement answers these rows).
   */
  customer(source: string, p: SqlParams): string;
  readonly booking: Omit<NewBooking, 'customerId'> & { id: number };
  readonly followUps: readonly BookingFollowUp[];
  /** Who books (the activity log's 'created' entry, written by the same statement). */
  readonly actor: Actor;
}

/** A booking as the caller read it, before a change. */
export type ChangedBooking = Pick<
  AppointmentEntity,
  'id' | 'businessId' | 'staffId' | 'startsAt' | 'endsAt' | 'status'
>;

/** What a change is, for its history: a move, then a status change; notes alone otherwise. */
function changeKinds(before: ChangedBooking, changes: BookingChanges): BookingChangeKind[] {
  const kinds: BookingChangeKind[] = [];
  const moved =
    (changes.startsAt !== undefined && changes.startsAt.getTime() !== before.startsAt.getTime()) ||
    (changes.staffId !== undefined && changes.staffId !== before.staffId);
  if (moved) kinds.push('moved');
  if (changes.status !== undefined && changes.status !== before.status) {
    kinds.push(
      changes.status === 'cancelled'
        ? 'cancelled'
        : changes.status === 'no_show'
          ? 'no_show'
          : 'status',
    );
  }
  if (kinds.length === 0 && changes.notes !== undefined) kinds.push('notes');
  return kinds;
}

const snapshotOf = (b: ChangedBooking, changes: BookingChanges = {}): BookingSnapshot => ({
  id: b.id,
  businessId: b.businessId,
  startsAt: changes.startsAt ?? b.startsAt,
  endsAt: changes.endsAt ?? b.endsAt,
  staffId: changes.staffId !== undefined ? changes.staffId : b.staffId,
  status: changes.status ?? b.status,
});

/** Prepared statements' names by their text: a booking's statement has a few shapes. */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `booking_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * The writes of the `appointments` table: bookings, their changes and their locks. PostgreSQL's
 * exclusion constraint has the last word on overlaps, so two requests racing for one slot get one
 * booking and one SLOT_TAKEN.
 */
@Injectable()
export class BookingWriter {
  /** Ids taken from the sequence and not handed out yet, in order. */
  private readonly reservedIds: number[] = [];
  private reserving: Promise<void> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly activity: ActivityLog,
    private readonly webhooks: BookingWebhooks,
  ) {}

  /**
   * Writes a booking, and its 'created' entry by `actor` and its webhook event; one overlapping
   * another booking of its resource is refused (SLOT_TAKEN).
   */
  async book(em: EntityManager, booking: NewBooking, actor: Actor): Promise<AppointmentEntity> {
    await lockResource(em, resourceKeyOf(booking));
    const saved = await refusingOverlaps(() => em.save(em.create(AppointmentEntity, booking)));
    await this.activity.bookingChanged(em, snapshotOf(saved), 'created', actor);
    await this.webhooks.created(em, saved);
    return saved;
  }

  /**
   * The id of a booking about to be written with `bookInOneStatement`: its messages name it (the owner's
   * email, the calendar invite) and are written by the same statement. Ids come from the table's
   * sequence IDS_RESERVED at a time, so most bookings need no round trip for theirs. One given out
   * and not written stays a gap, as the id of an insert that failed always did; a process hands
   * its ids out in order, but two processes' bookings may interleave theirs.
   */
  async newId(): Promise<number> {
    for (;;) {
      const id = this.reservedIds.shift();
      if (id !== undefined) return id;
      this.reserving ??= this.reserveIds().finally(() => (this.reserving = null));
      await this.reserving;
    }
  }

  private async reserveIds(): Promise<void> {
    const rows = await preparedQuery<{ id: number }>(
      this.dataSource.manager,
      'ledger_reserve_ids',
      `SELECT nextval(pg_get_serial_sequence('appointments', 'id'))::int AS id
         FROM generate_series(1, $1::int)`,
      [IDS_RESERVED],
    );
    this.reservedIds.push(...rows.map((r) => r.id).sort((a, b) => a - b));
  }

  /**
   * A booking written in one statement, in one transaction: the constraints are checked, and
   * while they all hold the resource's booking lock is taken (see lockResource: held until the
   * statement ends), then the customer, the booking, the follow-ups, its history entry and its
   * webhook event are written; otherwise nothing is, and no rows come back. Answers the
   * customer's rows. A clash with another booking of the resource is SLOT_TAKEN; a deadlock runs
   * the statement again.
   */
  async bookInOneStatement<Customer extends object>(
    statement: BookingStatement,
  ): Promise<Customer[]> {
    const { booking } = statement;
    const p = new SqlParams();
    const checks = statement.constraints.map((c) => c.sql(p)).join('\n AND ');
    const snapshot = snapshotOf(booking);
    const created = this.webhooks.createdSql(booking, BookingStep.customer, BOOKING_WRITTEN, p);
    const followUps = [
      ...statement.followUps,
      {
        name: 'activity_entry',
        sql: (written: string, q: SqlParams) =>
          this.activity.bookingWrittenSql(snapshot, statement.actor, written, q),
      },
    ]
      .map((f) => `,\n           ${f.name} AS (${f.sql(BOOKING_WRITTEN, p)})`)
      .concat(created ? [`,\n           booking_webhooks AS (${created})`] : []);
    const text = `
      WITH ${BookingStep.allowed} AS (SELECT 1 WHERE ${checks}),
           ${BookingStep.locked} AS (
             SELECT pg_advisory_xact_lock(hashtextextended(${p.add(lockName(resourceKeyOf(booking)), 'text')}, 0))
               FROM ${BookingStep.allowed}),
           ${BookingStep.customer} AS (${statement.customer(BookingStep.locked, p)}),
           ${BookingStep.appointment} AS (
             INSERT INTO appointments (id, business_id, service_id, staff_id, customer_id, status,
                                       starts_at, ends_at, blocked_from, blocked_until,
                                       price_cents, notes, customer_first_name,
                                       customer_last_name, customer_email, customer_phone)
             SELECT ${p.add(booking.id, 'int')}, ${p.add(booking.businessId, 'int')},
                    ${p.add(booking.serviceId, 'int')}, ${p.add(booking.staffId, 'int')},
                    ${BookingStep.customer}.id, ${p.add(booking.status, 'text')},
                    ${p.add(booking.startsAt, 'timestamptz')}, ${p.add(booking.endsAt, 'timestamptz')},
                    ${p.add(booking.blockedFrom, 'timestamptz')},
                    ${p.add(booking.blockedUntil, 'timestamptz')},
                    ${p.add(booking.priceCents, 'int')}, ${p.add(booking.notes, 'text')},
                    ${p.add(booking.customerFirstName ?? null, 'text')},
                    ${p.add(booking.customerLastName ?? null, 'text')},
                    ${p.add(booking.customerEmail ?? null, 'text')},
                    ${p.add(booking.customerPhone ?? null, 'text')}
               FROM ${BookingStep.customer}
             RETURNING id)${followUps.join('')}
      SELECT ${BookingStep.customer}.*, (SELECT id FROM activity_entry) AS "activityEntryId"
        FROM ${BookingStep.customer}`;
    const rows = await retryingDeadlocks(() =>
      refusingOverlaps(() =>
        preparedQuery<Customer & { activityEntryId: string | null }>(
          this.dataSource.manager,
          statementName(text),
          text,
          p.values,
        ),
      ),
    );
    const entryId = rows[0]?.activityEntryId;
    // One statement is its own transaction: committed by now, so the diaries may hear of it.
    if (entryId) this.activity.announceWritten(snapshot, statement.actor, Number(entryId));
    return rows.map(({ activityEntryId: _id, ...customer }) => customer as unknown as Customer);
  }

  /**
   * Changes a booking (as the caller read it: its resource is locked by what it was or, with a new
   * `staffId`, what it becomes); a move or a re-activation onto a taken time is refused
   * (SLOT_TAKEN). Its history and its webhook events are written in the same transaction; `by`
   * is who a cancellation is told to be by (the actor's kind unless said).
   */
  async change(
    em: EntityManager,
    booking: ChangedBooking,
    changes: BookingChanges,
    actor: Actor,
    by: ChangedBy = changedByOf(actor),
  ): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    // Notes and a cancellation cannot make an overlap: only the other changes take the lock.
    const canClash = Object.entries(changes).some(
      ([field, value]) => field !== 'notes' && !(field === 'status' && value === 'cancelled'),
    );
    if (canClash) {
      const staffId = 'staffId' in changes ? (changes.staffId ?? null) : booking.staffId;
      await lockResource(em, resourceKeyOf({ staffId, businessId: booking.businessId }));
    }
    // A customer's 'Y' was for the old time: a booking moved to another time awaits a new answer
    // (another staff member at the same time keeps it). The instant is ours, safe to inline.
    const start = changes.startsAt?.toISOString();
    const written = start
      ? {
          ...changes,
          customerConfirmedAt: () =>
            `CASE WHEN starts_at = '${start}'::timestamptz THEN customer_confirmed_at END`,
        }
      : changes;
    await refusingOverlaps(() => em.update(AppointmentEntity, { id: booking.id }, written));
    // In the change's transaction: the history cannot miss a change, nor tell of one undone.
    const kinds = changeKinds(booking, changes);
    for (const kind of kinds) {
      await this.activity.bookingChanged(em, snapshotOf(booking, changes), kind, actor);
    }
    // Notes alone tell integrations nothing; anything else is compared as it now stands.
    if (kinds.some((kind) => kind !== 'notes')) {
      const after = await this.find(booking.id, em);
      if (after) await this.webhooks.changed(em, booking, after, by);
    }
  }

  /** Marks the booking confirmed by its customer (an SMS reply), once: the first 'Y' counts. */
  async confirmByCustomer(em: EntityManager, id: number, at: Date): Promise<void> {
    await em.query(
      `UPDATE appointments SET customer_confirmed_at = coalesce(customer_confirmed_at, $2),
              updated_at = now()
        WHERE id = $1`,
      [id, at],
    );
  }

  /**
   * Gives the business's bookings of one customer to another (an owner's merge or split of
   * clients): all of them, or only `ids`. Each keeps the name it was booked with; no resource
   * changes, so nothing can clash. Answers the ids moved.
   */
  async moveToCustomer(
    em: EntityManager,
    businessId: number,
    from: number,
    to: number,
    ids?: readonly number[],
  ): Promise<number[]> {
    // TypeORM answers an UPDATE's RETURNING rows with the count: [rows, count].
    const [rows] = (await em.query(
      `UPDATE appointments SET customer_id = $3, updated_at = now()
        WHERE business_id = $1 AND customer_id = $2
          ${ids ? 'AND id = ANY($4::int[])' : ''}
        RETURNING id`,
      ids ? [businessId, from, to, [...ids]] : [businessId, from, to],
    )) as [{ id: number }[], number];
    return rows.map((r) => r.id);
  }

  find(id: number, em: EntityManager = this.dataSource.manager) {
    return em.findOneBy(AppointmentEntity, { id });
  }

  /**
   * The booking, locked until `em`'s transaction ends, so changes of one appointment (a cancel
   * and a move at once) run one at a time. With `businessId`, another business's is not found.
   */
  lock(em: EntityManager, id: number, businessId?: number): Promise<AppointmentEntity | null> {
    return em.findOne(AppointmentEntity, {
      where: businessId === undefined ? { id } : { id, businessId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /**
   * Gives each booking to another staff member, one at a time under the exclusion constraint: the
   * ids of those that clash with the new person's bookings come back, and those stay as they were.
   * Callers wanting all or nothing roll their transaction back when any clash.
   */
  async reassign(
    em: EntityManager,
    ids: readonly number[],
    toStaffId: number,
    actor: Actor,
  ): Promise<number[]> {
    const clashes: number[] = [];
    for (const id of ids) {
      // A savepoint per booking: a refused row leaves the transaction usable for the next ones.
      const before = await em.findOneBy(AppointmentEntity, { id });
      await em.query('SAVEPOINT reassign_booking');
      try {
        await em.update(AppointmentEntity, { id }, { staffId: toStaffId });
        await em.query('RELEASE SAVEPOINT reassign_booking');
        const moved = await em.findOneBy(AppointmentEntity, { id });
        if (moved) await this.activity.bookingChanged(em, snapshotOf(moved), 'moved', actor);
        if (before && moved) await this.webhooks.changed(em, before, moved, changedByOf(actor));
      } catch (error) {
        if (pgErrorCode(error) !== PG_EXCLUSION_VIOLATION) throw error;
        await em.query('ROLLBACK TO SAVEPOINT reassign_booking');
        clashes.push(id);
      }
    }
    return clashes;
  }
}
