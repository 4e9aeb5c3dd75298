import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  CUSTOMER_MERGE_SELF_MESSAGE,
  CUSTOMER_NOT_FOUND_MESSAGE,
  CUSTOMER_SPLIT_MESSAGE,
  CUSTOMER_PAST_VISITS_SHOWN,
  type CustomerDetail,
  type CustomersQuery,
  type CustomerSummary,
  type CustomerVisit,
  ErrorCode,
  type UpdateCustomerInput,
} from '@slotwise/contracts';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { fullName } from '../../../core/database/columns.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { transactionRetryingDeadlocks } from '../../../core/database/transaction.js';
import {
  BookingWriter,
  DiaryReads,
  type CustomerVisitSummary,
  type LedgerRow,
} from '../../bookings/index.js';
import type { OwnedBusinessRef } from '../../business/index.js';
import { CatalogService } from '../../catalog/index.js';
import { StaffService } from '../../staff/index.js';
import type { CustomerEntity } from '../entities/customer.entity.js';
import { clientNameKey } from '../client-name.js';
import { CustomerService } from './customer.service.js';

const splitRefused = (message: string) =>
  new DomainException(ErrorCode.VALIDATION_FAILED, message, [{ path: 'appointmentIds', message }]);

const customerNotFound = () => new DomainException(ErrorCode.NOT_FOUND, CUSTOMER_NOT_FOUND_MESSAGE);

const NO_VISITS: CustomerVisitSummary = {
  visits: 0,
  upcoming: 0,
  lastVisit: null,
  nextVisit: null,
};

type Sharing = CustomerSummary['sharesNumberWith'];

function toSummary(
  c: CustomerEntity,
  visits: CustomerVisitSummary,
  sharesNumberWith: Sharing,
): CustomerSummary {
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    visits: visits.visits,
    upcomingVisits: visits.upcoming,
    sharesNumberWith,
    lastVisit: visits.lastVisit?.toISOString() ?? null,
    nextVisit: visits.nextVisit?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}

/**
 * The owner's Clients: their business's customers with what each has booked. Every lookup is
 * scoped by the owner's business, so another business's client is not found (404).
 */
@Injectable()
export class ClientsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly customers: CustomerService,
    private readonly ledger: DiaryReads,
    private readonly writer: BookingWriter,
    private readonly catalog: CatalogService,
    private readonly staff: StaffService,
  ) {}

  async list(owned: OwnedBusinessRef, query: CustomersQuery): Promise<CustomerSummary[]> {
    const served = await this.servedOnly(owned);
    const found = await this.customers.search(owned.id, {
      ...(query.q ? { text: query.q } : {}),
      ...(served ? { onlyIds: served } : {}),
      limit: query.limit,
      offset: query.offset,
    });
    const [visits, sharing] = await Promise.all([
      this.ledger.customerSummaries(
        owned.id,
        found.map((c) => c.id),
        toDate(this.clock.now()),
      ),
      this.customers.sharingNumbers(owned.id, found),
    ]);
    return found.map((c) => toSummary(c, visits.get(c.id) ?? NO_VISITS, sharing.get(c.id) ?? []));
  }

  /** Staff see only the clients they serve (decision 015); undefined: every client. */
  private async servedOnly(owned: OwnedBusinessRef): Promise<number[] | undefined> {
    const staffId = owned.diaryStaffScope('write');
    return staffId === undefined ? undefined : this.ledger.customerIdsServedBy(owned.id, staffId);
  }

  async detail(owned: OwnedBusinessRef, id: number): Promise<CustomerDetail> {
    const customer = await this.customers.findOwned(owned.id, id);
    const served = customer ? await this.servedOnly(owned) : undefined;
    if (!customer || (served && !served.includes(customer.id))) throw customerNotFound();
    const now = toDate(this.clock.now());
    const [rows, summaries, sharing] = await Promise.all([
      this.ledger.list(owned.id, { matching: { customerIds: [customer.id], serviceIds: [] } }),
      this.ledger.customerSummaries(owned.id, [customer.id], now),
      this.customers.sharingNumbers(owned.id, [customer]),
    ]);
    const visits = await this.toVisits(rows);
    const upcoming = visits.filter((v) => Date.parse(v.date) > now.getTime()).reverse();
    const past = visits.filter((v) => Date.parse(v.date) <= now.getTime());
    return {
      ...toSummary(
        customer,
        summaries.get(customer.id) ?? NO_VISITS,
        sharing.get(customer.id) ?? [],
      ),
      notes: customer.notes,
      notificationPreferences: { email: customer.notifyEmail, sms: customer.notifySms },
      noShows: visits.filter((v) => v.status === 'no_show').length,
      cancellations: visits.filter((v) => v.status === 'cancelled').length,
      // Each visit at the price it was booked for.
      totalSpent: visits.filter((v) => v.status === 'completed').reduce((t, v) => t + v.price, 0),
      upcoming,
      past: past.slice(0, CUSTOMER_PAST_VISITS_SHOWN),
    };
  }

  async update(
    owned: OwnedBusinessRef,
    id: number,
    changes: UpdateCustomerInput,
  ): Promise<CustomerDetail> {
    const customer = await this.customers.findOwned(owned.id, id);
    if (!customer) throw customerNotFound();
    await this.customers.update(customer, changes);
    return this.detail(owned, id);
  }

  /**
   * The owner merges `otherId` into `id` on purpose (decision 35): every appointment of the other
   * moves here, keeping the name it was booked with, and the other client is removed. Either
   * client not the owner's is 404; a client merged with itself is 400.
   */
  async merge(owned: OwnedBusinessRef, id: number, otherId: number): Promise<CustomerDetail> {
    // Another owner's client is not found, whatever the body says.
    if (!(await this.customers.findOwned(owned.id, id))) throw customerNotFound();
    if (id === otherId) {
      throw new DomainException(ErrorCode.VALIDATION_FAILED, CUSTOMER_MERGE_SELF_MESSAGE, [
        { path: 'otherCustomerId', message: CUSTOMER_MERGE_SELF_MESSAGE },
      ]);
    }
    await transactionRetryingDeadlocks(this.dataSource, async (em) => {
      // Locked in id order, so two merges of one pair cannot deadlock.
      const [first, second] = id < otherId ? [id, otherId] : [otherId, id];
      const a = await this.customers.lockOwned(em, owned.id, first);
      const b = await this.customers.lockOwned(em, owned.id, second);
      if (!a || !b) throw customerNotFound();
      const [keep, other] = a.id === id ? [a, b] : [b, a];
      await this.writer.moveToCustomer(em, owned.id, other.id, keep.id);
      await this.customers.absorb(em, keep, other);
      await this.customers.announceUpdated(em, owned.id, keep.id);
    });
    return this.detail(owned, id);
  }

  /**
   * The owner splits a wrongly merged client: these of its appointments (some, not all) move to
   * the client named as the first of them was booked, with the same phone (created when new).
   * Answers that client. Appointments not this client's, all of them, or ones booked under this
   * client's own name, are 400.
   */
  async split(
    owned: OwnedBusinessRef,
    id: number,
    appointmentIds: readonly number[],
  ): Promise<CustomerDetail> {
    const targetId = await transactionRetryingDeadlocks(this.dataSource, async (em) => {
      const customer = await this.customers.lockOwned(em, owned.id, id);
      if (!customer) throw customerNotFound();
      const rows = await this.ledger.list(
        owned.id,
        { matching: { customerIds: [customer.id], serviceIds: [] } },
        em,
      );
      const wanted = new Set(appointmentIds);
      const moving = rows.filter((r) => wanted.has(r.id));
      if (moving.length !== wanted.size || moving.length === rows.length) {
        throw splitRefused(CUSTOMER_SPLIT_MESSAGE);
      }
      // The oldest booking's name names the new client.
      const named = moving[moving.length - 1]!.bookedAs;
      if (!named || clientNameKey(named.firstName, named.lastName) === customer.nameKey) {
        throw splitRefused(
          `These appointments were booked as ${fullName(customer)}, this client's own name. Rename this client first, then split.`,
        );
      }
      const target = await this.customers.findOrCreate(em, {
        businessId: owned.id,
        firstName: named.firstName,
        lastName: named.lastName,
        email: named.email,
        phone: customer.phone,
        notifyEmail: customer.notifyEmail,
        notifySms: customer.notifySms,
      });
      await this.writer.moveToCustomer(
        em,
        owned.id,
        customer.id,
        target.id,
        moving.map((r) => r.id),
      );
      return target.id;
    });
    return this.detail(owned, targetId);
  }

  /** Newest first, as the ledger lists them; archived services and staff keep their names. */
  private async toVisits(rows: readonly LedgerRow[]): Promise<CustomerVisit[]> {
    const [services, staff] = await Promise.all([
      this.catalog.byIds(rows.map((r) => r.serviceId)),
      this.staff.byIds(rows.flatMap((r) => (r.staffId === null ? [] : [r.staffId]))),
    ]);
    return rows.map((r) => {
      const service = services.get(r.serviceId);
      const member = r.staffId === null ? undefined : staff.get(r.staffId);
      return {
        id: r.id,
        date: r.startsAt.toISOString(),
        end: r.endsAt.toISOString(),
        status: r.status,
        service: { id: r.serviceId, name: service?.name ?? 'Service' },
        staff: member ? { id: member.id, name: fullName(member) } : null,
        price: r.priceCents ?? service?.priceCents ?? 0,
      };
    });
  }
}
