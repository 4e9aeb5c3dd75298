import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AppointmentCounts, AppointmentStatus } from '@slotwise/contracts';
import { LONGEST_BOOKING_MS } from './booked-ranges.service.js';

/** What the owner's list asks for (every field optional: no filter at all is the whole history). */
export interface LedgerFilter {
  /** Bookings overlapping [from, to). */
  from?: Date;
  to?: Date;
  statuses?: readonly AppointmentStatus[];
  /** One staff member's bookings. */
  staffId?: number;
  /**
   * Bookings of these customers or these services (a text search resolved to ids), or, with
   * `bookedAs`, booked under a name or email containing `text` (lower case, taken literally) or
   * a phone containing one of `phoneDigits`.
   */
  matching?: {
    customerIds: readonly number[];
    serviceIds: readonly number[];
    bookedAs?: { text: string; phoneDigits: readonly string[] };
  };
  limit?: number;
  offset?: number;
}

/** A booking without entity hydration (a busy month is thousands of rows). */
export interface LedgerRow {
  id: number;
  businessId: number;
  serviceId: number;
  staffId: number | null;
  customerId: number;
  status: AppointmentStatus;
  startsAt: Date;
  endsAt: Date;
  /** The price when booked (null: unknown, use the service's). */
  priceCents: number | null;
  notes: string | null;
  /** Who it was booked as (decision 35); null on a row written without them. */
  bookedAs: BookedAs | null;
  /** When its customer confirmed it by SMS (decision record 020); null: not (yet). */
  customerConfirmedAt: Date | null;
}

/** The name, email and phone an appointment was booked with. */
export interface BookedAs {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}

/** Who an appointment row was booked as, as `LedgerRow#bookedAs` reads it. */
export function bookedAsOf(a: {
  customerFirstName?: string | null;
  customerLastName?: string | null;
  customerEmail?: string | null;
  customerPhone?: string | null;
}): BookedAs | null {
  if (a.customerFirstName === null || a.customerFirstName === undefined) return null;
  return {
    firstName: a.customerFirstName,
    lastName: a.customerLastName ?? '',
    email: a.customerEmail ?? null,
    phone: a.customerPhone ?? null,
  };
}

const LEDGER_COLUMNS = `id, business_id, service_id, staff_id, customer_id, status, starts_at, ends_at,
   price_cents, notes, customer_first_name, customer_last_name, customer_email, customer_phone,
   customer_confirmed_at`;

interface RawLedgerRow {
  id: number;
  business_id: number;
  service_id: number;
  staff_id: number | null;
  customer_id: number;
  status: AppointmentStatus;
  starts_at: Date;
  ends_at: Date;
  price_cents: number | null;
  notes: string | null;
  customer_first_name: string | null;
  customer_last_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  customer_confirmed_at: Date | null;
}

const toLedgerRow = (r: RawLedgerRow): LedgerRow => ({
  id: r.id,
  businessId: r.business_id,
  serviceId: r.service_id,
  staffId: r.staff_id,
  customerId: r.customer_id,
  status: r.status,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  priceCents: r.price_cents,
  notes: r.notes,
  customerConfirmedAt: r.customer_confirmed_at,
  bookedAs:
    r.customer_first_name === null
      ? null
      : {
          firstName: r.customer_first_name,
          lastName: r.customer_last_name ?? '',
          email: r.customer_email,
          phone: r.customer_phone,
        },
});

/** A customer's bookings in short: the owner's client list shows it. */
export interface CustomerVisitSummary {
  /** Past visits: bookings begun by `now`, neither cancelled nor a no-show. */
  visits: number;
  /** Bookings after `now`, not cancelled. */
  upcoming: number;
  /** Start of the latest such booking begun by `now`. */
  lastVisit: Date | null;
  /** Start of the soonest such booking after `now`. */
  nextVisit: Date | null;
}

/** The WHERE clause of `filter` over one business's bookings, with its parameters. */
function whereOf(businessId: number, filter: LedgerFilter) {
  const params: unknown[] = [businessId];
  const where = ['business_id = $1'];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (filter.to) where.push(`starts_at < ${param(filter.to)}`);
  if (filter.from) {
    where.push(`ends_at > ${param(filter.from)}`);
    // The bounded start keeps this an index range scan instead of reading all earlier history.
    where.push(`starts_at > ${param(new Date(filter.from.getTime() - LONGEST_BOOKING_MS))}`);
  }
  if (filter.matching) {
    const m = filter.matching;
    const any = [
      `customer_id = ANY(${param(m.customerIds)}::int[])`,
      `service_id = ANY(${param(m.serviceIds)}::int[])`,
    ];
    if (m.bookedAs) {
      // strpos, not LIKE: the owner's text is matched literally (% and _ are not wildcards).
      const text = param(m.bookedAs.text);
      any.push(
        `strpos(lower(coalesce(customer_first_name, '') || ' ' || coalesce(customer_last_name, '')), ${text}) > 0`,
        `strpos(lower(coalesce(customer_email, '')), ${text}) > 0`,
      );
      if (m.bookedAs.phoneDigits.length > 0) {
        any.push(
          `EXISTS (SELECT 1 FROM unnest(${param(m.bookedAs.phoneDigits)}::text[]) AS d(digits)
                    WHERE strpos(regexp_replace(coalesce(customer_phone, ''), '\\D', '', 'g'),
                                 d.digits) > 0)`,
        );
      }
    }
    where.push(`(${any.join(' OR ')})`);
  }
  if (filter.statuses && filter.statuses.length > 0) {
    where.push(`status = ANY(${param(filter.statuses)}::text[])`);
  }
  if (filter.staffId !== undefined) where.push(`staff_id = ${param(filter.staffId)}`);
  return { where, params, param };
}

/**
 * The diary's reads of the `appointments` table: the owner's list, days and counts, a client's
 * visits, a staff member's bookings to come, and whether a service or person has any.
 */
@Injectable()
export class DiaryReads {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Whether any booking (of any status) names this service or staff member. */
  async isReferenced(
    em: EntityManager,
    by: { serviceId: number } | { staffId: number },
  ): Promise<boolean> {
    const [column, id] =
      'serviceId' in by ? ['service_id', by.serviceId] : ['staff_id', by.staffId];
    const rows: unknown[] = await em.query(
      `SELECT 1 FROM appointments WHERE ${column} = $1 LIMIT 1`,
      [id],
    );
    return rows.length > 0;
  }

  /**
   * A staff member's bookings still to come (starting after `now`, pending or confirmed), soonest
   * first. With `lock`, locked until `em`'s transaction ends, so nothing changes them while a
   * decision about them (the person leaving) is carried out.
   */
  async upcomingOfStaff(
    staffId: number,
    now: Date,
    options: { em?: EntityManager; lock?: boolean } = {},
  ): Promise<LedgerRow[]> {
    const rows: RawLedgerRow[] = await (options.em ?? this.dataSource.manager).query(
      `SELECT ${LEDGER_COLUMNS}
         FROM appointments
        WHERE staff_id = $1 AND starts_at > $2 AND status IN ('pending', 'confirmed')
        ORDER BY starts_at, id${options.lock ? ' FOR UPDATE' : ''}`,
      [staffId, now],
    );
    return rows.map(toLedgerRow);
  }

  /** The clients a staff member serves (has any appointment with), by id: what staff may see. */
  async customerIdsServedBy(businessId: number, staffId: number): Promise<number[]> {
    const rows: { customer_id: number }[] = await this.dataSource.query(
      `SELECT DISTINCT customer_id FROM appointments WHERE business_id = $1 AND staff_id = $2`,
      [businessId, staffId],
    );
    return rows.map((r) => r.customer_id);
  }

  /**
   * What a calendar feed shows (decision record 021): the bookings overlapping [from, to) that
   * still happen (every status but cancelled), optionally one staff member's, earliest first, each
   * with its iCalendar SEQUENCE (raised by trigger on every move) and its last change.
   */
  async forCalendar(
    businessId: number,
    filter: Pick<LedgerFilter, 'from' | 'to' | 'staffId'>,
  ): Promise<(LedgerRow & { sequence: number; updatedAt: Date })[]> {
    const { where, params } = whereOf(businessId, {
      ...filter,
      statuses: ['pending', 'confirmed', 'completed', 'no_show'],
    });
    const rows: (RawLedgerRow & { ical_sequence: number; updated_at: Date })[] =
      await this.dataSource.query(
        `SELECT ${LEDGER_COLUMNS}, ical_sequence, updated_at
           FROM appointments
          WHERE ${where.join(' AND ')}
          ORDER BY starts_at, id`,
        params,
      );
    return rows.map((r) => ({
      ...toLedgerRow(r),
      sequence: r.ical_sequence,
      updatedAt: r.updated_at,
    }));
  }

  /** A business's bookings, newest first, narrowed and paged by `filter` (through `em`, if given). */
  async list(
    businessId: number,
    filter: LedgerFilter = {},
    em: EntityManager = this.dataSource.manager,
  ): Promise<LedgerRow[]> {
    const { where, params, param } = whereOf(businessId, filter);
    let page = '';
    if (filter.limit !== undefined) page += ` LIMIT ${param(filter.limit)}`;
    if (filter.offset) page += ` OFFSET ${param(filter.offset)}`;
    const rows: RawLedgerRow[] = await em.query(
      `SELECT ${LEDGER_COLUMNS}
         FROM appointments
        WHERE ${where.join(' AND ')}
        ORDER BY starts_at DESC, id DESC${page}`,
      params,
    );
    return rows.map(toLedgerRow);
  }

  /**
   * The bookings `filter` selects, grouped by the `timeZone`-local day each starts on: every day's
   * first `perDay` (earliest first) and its total, counted by the database in the same query.
   */
  async firstPerDay(
    businessId: number,
    filter: LedgerFilter,
    timeZone: string,
    perDay: number,
  ): Promise<{ rows: (LedgerRow & { day: string })[]; totals: Map<string, number> }> {
    const { where, params, param } = whereOf(businessId, filter);
    const day = `to_char(starts_at AT TIME ZONE ${param(timeZone)}, 'YYYY-MM-DD')`;
    const rows: (RawLedgerRow & { day: string; rank: number; total: number })[] =
      await this.dataSource.query(
        `SELECT * FROM (
           SELECT ${LEDGER_COLUMNS}, ${day} AS day,
                  row_number() OVER (PARTITION BY ${day} ORDER BY starts_at, id)::int AS rank,
                  count(*) OVER (PARTITION BY ${day})::int AS total
             FROM appointments
            WHERE ${where.join(' AND ')}
         ) ranked
         WHERE rank <= ${param(perDay)}
         ORDER BY starts_at, id`,
        params,
      );
    const totals = new Map(rows.map((r) => [r.day, r.total]));
    return { rows: rows.map((r) => ({ ...toLedgerRow(r), day: r.day })), totals };
  }

  /** Each customer's summary (customers without bookings are left out). */
  async customerSummaries(
    businessId: number,
    customerIds: readonly number[],
    now: Date,
  ): Promise<Map<number, CustomerVisitSummary>> {
    if (customerIds.length === 0) return new Map();
    const rows: {
      customer_id: number;
      visits: number;
      upcoming: number;
      last_visit: Date | null;
      next_visit: Date | null;
    }[] = await this.dataSource.query(
      `SELECT customer_id,
              count(*) FILTER (WHERE kept AND starts_at <= $3)::int AS visits,
              count(*) FILTER (WHERE kept AND starts_at > $3)::int AS upcoming,
              max(starts_at) FILTER (WHERE kept AND starts_at <= $3) AS last_visit,
              min(starts_at) FILTER (WHERE kept AND starts_at > $3) AS next_visit
         FROM (SELECT customer_id, starts_at, status NOT IN ('cancelled', 'no_show') AS kept
                 FROM appointments
                WHERE business_id = $1 AND customer_id = ANY($2::int[])) a
        GROUP BY customer_id`,
      [businessId, [...customerIds], now],
    );
    return new Map(
      rows.map((r) => [
        r.customer_id,
        {
          visits: r.visits,
          upcoming: r.upcoming,
          lastVisit: r.last_visit,
          nextVisit: r.next_visit,
        },
      ]),
    );
  }

  /**
   * Not-cancelled bookings starting in [dayStart, dayEnd); confirmed and pending overall. With
   * `staffId`, only that staff member's (a staff member's own figures, never the business's).
   */
  async counts(
    businessId: number,
    dayStart: Date,
    dayEnd: Date,
    staffId?: number,
  ): Promise<AppointmentCounts> {
    const [row] = (await this.dataSource.query(
      `SELECT
         count(*) FILTER (WHERE starts_at >= $2 AND starts_at < $3 AND status <> 'cancelled')::int AS today,
         count(*) FILTER (WHERE status = 'confirmed')::int AS confirmed,
         count(*) FILTER (WHERE status = 'pending')::int AS pending
       FROM appointments
      WHERE business_id = $1 AND ($4::int IS NULL OR staff_id = $4::int)`,
      [businessId, dayStart, dayEnd, staffId ?? null],
    )) as AppointmentCounts[];
    return { today: row?.today ?? 0, confirmed: row?.confirmed ?? 0, pending: row?.pending ?? 0 };
  }
}
