import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  type AppointmentCounts,
  type AppointmentStatus,
  ErrorCode,
  ErrorMessages,
  MAX_BUFFER_MINUTES,
} from '@slotwise/contracts';
import { PG_EXCLUSION_VIOLATION, pgErrorCode } from '../../../core/database/pg-errors.js';
import { preparedQuery } from '../../../core/database/prepared-query.js';
import type { SqlParams } from '../../../core/database/sql-params.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { AppointmentEntity } from '../entities/appointment.entity.js';

/** Something that can be booked: a staff member, or the business itself when nobody offers it. */
export const staffResourceKey = (staffId: number) => `staff:${staffId}`;
export const businessResourceKey = (businessId: number) => `business:${businessId}`;
export const resourceKeyOf = (a: { staffId: number | null; businessId: number }) =>
  a.staffId != null ? staffResourceKey(a.staffId) : businessResourceKey(a.businessId);

/** What a non-cancelled booking keeps its resource busy for: the booking with its buffers. */
export interface BookedRange {
  resourceKey: string;
  start: Date;
  end: Date;
}

/** A `BookedRange` in epoch milliseconds. */
export interface BlockedSpan {
  resourceKey: string;
  start: number;
  end: number;
}

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
>;

/** A move names its new blocked range with its new times. */
export type BookingChanges = Partial<
  Pick<
    AppointmentEntity,
    'status' | 'notes' | 'startsAt' | 'endsAt' | 'blockedFrom' | 'blockedUntil' | 'staffId'
  >
>;

/** What the owner's list asks for (every field optional: no filter at all is the whole history). */
export interface LedgerFilter {
  /** Bookings overlapping [from, to). */
  from?: Date;
  to?: Date;
  statuses?: readonly AppointmentStatus[];
  /** One staff member's bookings. */
  staffId?: number;
  /** Bookings of these customers or these services (a text search resolved to ids). */
  matching?: { customerIds: readonly number[]; serviceIds: readonly number[] };
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
}

const LEDGER_COLUMNS =
  'id, business_id, service_id, staff_id, customer_id, status, starts_at, ends_at, price_cents, notes';

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
});

/** A customer's bookings in short: the owner's client list shows it. */
export interface CustomerVisitSummary {
  /** Bookings kept or to come: neither cancelled nor a no-show. */
  visits: number;
  /** Start of the latest such booking begun by `now`. */
  lastVisit: Date | null;
  /** Start of the soonest such booking after `now`. */
  nextVisit: Date | null;
}

/** The longest a booking can last (it ends by its day's closing time; 26 h covers daylight saving). */
const LONGEST_BOOKING_MS = 26 * 3600 * 1000;

/**
 * A blocked range reaches a buffer (services' CHECK: at most MAX_BUFFER_MINUTES) before the start
 * and after the end, so one overlapping [from, to) starts in (from - this, to + BUFFER_MS). Said
 * in the query, it lets the index on (business, start) read those days only, whatever the table's
 * statistics say: with statistics from before a business's bookings (a new business), the planner
 * takes that index with the business alone, and every read went through its whole history.
 */
const BUFFER_MS = MAX_BUFFER_MINUTES * 60_000;
const STARTS_BEFORE_REACH_MS = LONGEST_BOOKING_MS + BUFFER_MS;

/** 409 SLOT_TAKEN: the time is booked for that resource (the exclusion constraint's word). */
export const slotTaken = () => new DomainException(ErrorCode.SLOT_TAKEN, ErrorMessages.slotTaken);

/** Booking ids `newId` takes from the sequence at a time. */
const IDS_RESERVED = 32;

/** A clash with another booking of the resource, as the exclusion constraint reports it. */
export async function refusingOverlaps<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error) === PG_EXCLUSION_VIOLATION) throw slotTaken();
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
    where.push(
      `(customer_id = ANY(${param(filter.matching.customerIds)}::int[])` +
        ` OR service_id = ANY(${param(filter.matching.serviceIds)}::int[]))`,
    );
  }
  if (filter.statuses && filter.statuses.length > 0) {
    where.push(`status = ANY(${param(filter.statuses)}::text[])`);
  }
  if (filter.staffId !== undefined) where.push(`staff_id = ${param(filter.staffId)}`);
  return { where, params, param };
}

/** The value `BookingLedgerService#businessBlockedSpansSql` answers, as the spans. */
export function readBlockedSpans(value: unknown): BlockedSpan[] {
  // Timestamps in JSON are ISO 8601 with their offset: Date.parse reads them as pg's own parser
  // does (to the millisecond, truncated), and costs both sides less than numbers computed in SQL.
  return (value as [string, string, string][]).map(([resourceKey, start, end]) => ({
    resourceKey,
    start: Date.parse(start),
    end: Date.parse(end),
  }));
}

/**
 * The `appointments` table: who has which resource when. Availability asks it what is taken; the
 * appointment flows write through it. PostgreSQL's exclusion constraint has the last word on
 * overlaps, so two requests racing for one slot get one booking and one SLOT_TAKEN.
 */
@Injectable()
export class BookingLedgerService {
  /** Ids taken from the sequence and not handed out yet, in order. */
  private readonly reservedIds: number[] = [];
  private reserving: Promise<void> | null = null;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Blocked ranges of the resources' non-cancelled bookings that overlap [from, to), optionally
   * but one's.
   */
  async overlapping(
    resourceKeys: readonly string[],
    from: Date,
    to: Date,
    options: { excludeId?: number; em?: EntityManager } = {},
  ): Promise<BookedRange[]> {
    if (resourceKeys.length === 0) return [];
    const rows: { resource_key: string; blocked_from: Date; blocked_until: Date }[] = await (
      options.em ?? this.dataSource.manager
    ).query(
      `SELECT resource_key, blocked_from, blocked_until
         FROM appointments
        WHERE resource_key = ANY($1::text[])
          AND status <> 'cancelled'
          AND tstzrange(blocked_from, blocked_until, '[)') && tstzrange($2, $3, '[)')
          AND id <> $4`,
      [resourceKeys, from.toISOString(), to.toISOString(), options.excludeId ?? 0],
    );
    return rows.map((r) => ({
      resourceKey: r.resource_key,
      start: r.blocked_from,
      end: r.blocked_until,
    }));
  }

  /**
   * The blocked ranges of a business's non-cancelled bookings (every resource's) that overlap
   * [from, to), optionally but one's: what the slot engine reads on every public request, as a part
   * of a larger statement. A scalar subquery on the index by business and blocked range, answering
   * the spans as one JSON value (rows of timestamps cost more to send and parse than the spans
   * they carry), which `readBlockedSpans` turns back into them.
   */
  businessBlockedSpansSql(
    businessId: number,
    from: Date,
    to: Date,
    excludeId: number | undefined,
    p: SqlParams,
  ): string {
    return `(SELECT coalesce(json_agg(json_build_array(resource_key, blocked_from, blocked_until)),
                             '[]'::json)
               FROM appointments
              WHERE business_id = ${p.add(businessId, 'int')}
                AND status <> 'cancelled'
                AND tstzrange(blocked_from, blocked_until, '[)')
                    && tstzrange(${p.add(from.toISOString(), 'timestamptz')},
                                 ${p.add(to.toISOString(), 'timestamptz')}, '[)')
                AND starts_at > ${p.add(new Date(from.getTime() - STARTS_BEFORE_REACH_MS), 'timestamptz')}
                AND starts_at < ${p.add(new Date(to.getTime() + BUFFER_MS), 'timestamptz')}
                AND id <> ${p.add(excludeId ?? 0, 'int')})`;
  }

  /** Writes a booking; one overlapping another booking of its resource is refused (SLOT_TAKEN). */
  async book(em: EntityManager, booking: NewBooking): Promise<AppointmentEntity> {
    await lockResource(em, resourceKeyOf(booking));
    return refusingOverlaps(() => em.save(em.create(AppointmentEntity, booking)));
  }

  /**
   * The id of a booking about to be written with `bookSql`: its messages name it (the owner's
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
   * `book` as two parts of a statement other modules' parts make up with it (a public booking,
   * written in one round trip): the body of a WITH query that takes the resource's booking lock
   * (see lockResource: held until the statement's transaction ends) once for each row `source`
   * yields. Parts that write must read from it, so they run after the lock is held.
   */
  lockSql(resourceKey: string, source: string, p: SqlParams): string {
    return `SELECT pg_advisory_xact_lock(hashtextextended(${p.add(lockName(resourceKey), 'text')}, 0))
              FROM ${source}`;
  }

  /**
   * …and the body of a WITH query that writes the booking, with the id from `newId`, for the
   * customer whose `id` the WITH query `customer` yields, and returns its `id`. A clash with
   * another booking of the resource fails the statement (`refusingOverlaps` makes it SLOT_TAKEN).
   */
  bookSql(
    booking: Omit<NewBooking, 'customerId'> & { id: number },
    customer: string,
    p: SqlParams,
  ): string {
    return `INSERT INTO appointments (id, business_id, service_id, staff_id, customer_id, status,
                                      starts_at, ends_at, blocked_from, blocked_until,
                                      price_cents, notes)
            SELECT ${p.add(booking.id, 'int')}, ${p.add(booking.businessId, 'int')},
                   ${p.add(booking.serviceId, 'int')}, ${p.add(booking.staffId, 'int')},
                   ${customer}.id, ${p.add(booking.status, 'text')},
                   ${p.add(booking.startsAt, 'timestamptz')}, ${p.add(booking.endsAt, 'timestamptz')},
                   ${p.add(booking.blockedFrom, 'timestamptz')},
                   ${p.add(booking.blockedUntil, 'timestamptz')},
                   ${p.add(booking.priceCents, 'int')}, ${p.add(booking.notes, 'text')}
              FROM ${customer}
            RETURNING id`;
  }

  /**
   * Changes a booking (as the caller read it: its resource is locked by what it was or, with a new
   * `staffId`, what it becomes); a move or a re-activation onto a taken time is refused
   * (SLOT_TAKEN).
   */
  async change(
    em: EntityManager,
    booking: Pick<AppointmentEntity, 'id' | 'businessId' | 'staffId'>,
    changes: BookingChanges,
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
    await refusingOverlaps(() => em.update(AppointmentEntity, { id: booking.id }, changes));
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

  /**
   * Gives each booking to another staff member, one at a time under the exclusion constraint: the
   * ids of those that clash with the new person's bookings come back, and those stay as they were.
   * Callers wanting all or nothing roll their transaction back when any clash.
   */
  async reassign(em: EntityManager, ids: readonly number[], toStaffId: number): Promise<number[]> {
    const clashes: number[] = [];
    for (const id of ids) {
      // A savepoint per booking: a refused row leaves the transaction usable for the next ones.
      await em.query('SAVEPOINT reassign_booking');
      try {
        await em.update(AppointmentEntity, { id }, { staffId: toStaffId });
        await em.query('RELEASE SAVEPOINT reassign_booking');
      } catch (error) {
        if (pgErrorCode(error) !== PG_EXCLUSION_VIOLATION) throw error;
        await em.query('ROLLBACK TO SAVEPOINT reassign_booking');
        clashes.push(id);
      }
    }
    return clashes;
  }

  /** A business's bookings, newest first, narrowed and paged by `filter`. */
  async list(businessId: number, filter: LedgerFilter = {}): Promise<LedgerRow[]> {
    const { where, params, param } = whereOf(businessId, filter);
    let page = '';
    if (filter.limit !== undefined) page += ` LIMIT ${param(filter.limit)}`;
    if (filter.offset) page += ` OFFSET ${param(filter.offset)}`;
    const rows: RawLedgerRow[] = await this.dataSource.query(
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
      last_visit: Date | null;
      next_visit: Date | null;
    }[] = await this.dataSource.query(
      `SELECT customer_id,
              count(*) FILTER (WHERE kept)::int AS visits,
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
        { visits: r.visits, lastVisit: r.last_visit, nextVisit: r.next_visit },
      ]),
    );
  }

  /** Not-cancelled bookings starting in [dayStart, dayEnd); confirmed and pending overall. */
  async counts(businessId: number, dayStart: Date, dayEnd: Date): Promise<AppointmentCounts> {
    const [row] = (await this.dataSource.query(
      `SELECT
         count(*) FILTER (WHERE starts_at >= $2 AND starts_at < $3 AND status <> 'cancelled')::int AS today,
         count(*) FILTER (WHERE status = 'confirmed')::int AS confirmed,
         count(*) FILTER (WHERE status = 'pending')::int AS pending
       FROM appointments WHERE business_id = $1`,
      [businessId, dayStart, dayEnd],
    )) as AppointmentCounts[];
    return { today: row?.today ?? 0, confirmed: row?.confirmed ?? 0, pending: row?.pending ?? 0 };
  }
}
