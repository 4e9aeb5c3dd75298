import { Inject, Injectable } from '@nestjs/common';
import {
  CUSTOMER_NOT_FOUND_MESSAGE,
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
import { DiaryReads, type CustomerVisitSummary, type LedgerRow } from '../../bookings/index.js';
import type { OwnedBusinessRef } from '../../business/index.js';
import { CatalogService } from '../../catalog/index.js';
import { StaffService } from '../../staff/index.js';
import type { CustomerEntity } from '../entities/customer.entity.js';
import { CustomerService } from './customer.service.js';

const customerNotFound = () => new DomainException(ErrorCode.NOT_FOUND, CUSTOMER_NOT_FOUND_MESSAGE);

const NO_VISITS: CustomerVisitSummary = { visits: 0, lastVisit: null, nextVisit: null };

function toSummary(c: CustomerEntity, visits: CustomerVisitSummary): CustomerSummary {
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    visits: visits.visits,
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
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly customers: CustomerService,
    private readonly ledger: DiaryReads,
    private readonly catalog: CatalogService,
    private readonly staff: StaffService,
  ) {}

  async list(owned: OwnedBusinessRef, query: CustomersQuery): Promise<CustomerSummary[]> {
    const found = await this.customers.search(owned.id, {
      ...(query.q ? { text: query.q } : {}),
      limit: query.limit,
      offset: query.offset,
    });
    const visits = await this.ledger.customerSummaries(
      owned.id,
      found.map((c) => c.id),
      toDate(this.clock.now()),
    );
    return found.map((c) => toSummary(c, visits.get(c.id) ?? NO_VISITS));
  }

  async detail(owned: OwnedBusinessRef, id: number): Promise<CustomerDetail> {
    const customer = await this.customers.findOwned(owned.id, id);
    if (!customer) throw customerNotFound();
    const now = toDate(this.clock.now());
    const [rows, summaries] = await Promise.all([
      this.ledger.list(owned.id, { matching: { customerIds: [customer.id], serviceIds: [] } }),
      this.ledger.customerSummaries(owned.id, [customer.id], now),
    ]);
    const visits = await this.toVisits(rows);
    const upcoming = visits.filter((v) => Date.parse(v.date) > now.getTime()).reverse();
    const past = visits.filter((v) => Date.parse(v.date) <= now.getTime());
    return {
      ...toSummary(customer, summaries.get(customer.id) ?? NO_VISITS),
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
