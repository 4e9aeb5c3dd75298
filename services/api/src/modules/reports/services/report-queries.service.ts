import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { KEPT, type Period, periodBoundsSql } from './report-period.js';

/** One period's figures as PostgreSQL counts them (utilisation's working time comes apart). */
export interface PeriodCounts {
  total: number;
  pending: number;
  confirmed: number;
  completed: number;
  cancelled: number;
  noShow: number;
  expectedRevenueCents: number;
  lateCancellations: number;
  bookedMinutes: number;
  onlineBookings: number;
  ownerBookings: number;
  newClients: number;
  returningClients: number;
  rebookedClients: number;
}

/** A period without appointments. */
const NO_COUNTS: Omit<PeriodCounts, 'newClients' | 'returningClients' | 'rebookedClients'> = {
  total: 0,
  pending: 0,
  confirmed: 0,
  completed: 0,
  cancelled: 0,
  noShow: 0,
  expectedRevenueCents: 0,
  lateCancellations: 0,
  bookedMinutes: 0,
  onlineBookings: 0,
  ownerBookings: 0,
};

/** One period's money (docs/reports.md: by when Slotwise recorded Stripe's confirmation). */
export interface PeriodMoney {
  takenCents: number;
  refundedCents: number;
  feesRecoveredCents: number;
}

export const NO_MONEY: PeriodMoney = { takenCents: 0, refundedCents: 0, feesRecoveredCents: 0 };

/** The kinds of charge that take a client's money (a saved card takes none). */
const CHARGE_KINDS = `('deposit', 'late_cancellation_fee', 'no_show_fee')`;
const FEE_KINDS = `('late_cancellation_fee', 'no_show_fee')`;
/** The money of the settled payments grouped. */
const MONEY_SUMS = `
  coalesce(sum(amount_cents) FILTER (WHERE kind IN ${CHARGE_KINDS}), 0)::int AS "takenCents",
  coalesce(sum(amount_cents) FILTER (WHERE kind = 'refund'), 0)::int AS "refundedCents",
  coalesce(sum(amount_cents) FILTER (WHERE kind IN ${FEE_KINDS}), 0)::int AS "feesRecoveredCents"`;

export interface GroupCounts {
  key: number | null;
  name: string;
  appointments: number;
  completed: number;
  noShows: number;
  cancelled: number;
  expectedRevenueCents: number;
  bookedMinutes: number;
}

export interface PointCounts extends Omit<GroupCounts, 'key' | 'name'> {
  start: string;
}

// $1 business, $2 zone, $3 from, $4 to (business-local dates, both included).
const BOUNDS = periodBoundsSql('$2::text', '$3', '$4');

/** The period's appointments (by start), with the price each was booked at. */
const IN_PERIOD = `
  SELECT a.staff_id, a.service_id, a.status, a.starts_at,
         -- The service's price read only for the rare booking without its own (no join per row).
         coalesce(a.price_cents, (SELECT s.price_cents FROM services s WHERE s.id = a.service_id))
           AS price,
         extract(epoch FROM a.ends_at - a.starts_at)::int / 60 AS minutes
    FROM appointments a
   WHERE a.business_id = $1 AND a.starts_at >= ${BOUNDS.lo} AND a.starts_at < ${BOUNDS.hi}`;

/**
 * Both periods at once ($2 zone, $3 previous from, $4 current from, $5 current to): from the
 * previous period's first midnight (lo) through the current one's (split) to its end (hi).
 */
interface Both<T> {
  previous: T;
  current: T;
}
const BOTH_PERIODS = {
  lo: periodBoundsSql('$2::text', '$3', '$5').lo,
  split: periodBoundsSql('$2::text', '$4', '$5').lo,
  hi: periodBoundsSql('$2::text', '$4', '$5').hi,
};
const bothPeriodsParams = (businessId: number, zone: string, previous: Period, current: Period) => [
  businessId,
  zone,
  previous.from,
  current.from,
  current.to,
];

/** The counts each table row and chart point shows, over `a`. */
const GROUP_COUNTS = `
  count(*)::int AS appointments,
  count(*) FILTER (WHERE status = 'completed')::int AS completed,
  count(*) FILTER (WHERE status = 'no_show')::int AS "noShows",
  count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled,
  coalesce(sum(price) FILTER (WHERE status = 'completed'), 0)::int AS "expectedRevenueCents",
  coalesce(sum(minutes) FILTER (WHERE status <> 'cancelled'), 0)::int AS "bookedMinutes"`;

/**
 * The reports' aggregates: each one statement over the business's appointments, grouped in
 * PostgreSQL (docs/decisions/019), so a business with 100,000 appointments sends back a handful
 * of rows. The reports read other modules' tables here, read-only.
 */
@Injectable()
export class ReportQueries {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Both periods' counts, each statement one pass over the appointments from the previous period's
   * start to the current one's end (the previous period ends where the current one starts): the
   * counts grouped by period, and, on another connection at the same time, the clients who visited
   * grouped by period and client, so the first-visit and rebooking checks run once per client,
   * each an index-only probe (appointments_reports_client_idx), not a scan.
   */
  async periods(
    businessId: number,
    zone: string,
    previous: Period,
    current: Period,
    lateCancelMinutes: number,
    rebookWithinDays: number,
  ): Promise<{ current: PeriodCounts; previous: PeriodCounts }> {
    // $1 business, $2 zone, $3 previous from, $4 current from, $5 current to, $6 late or days.
    const { lo, split, hi } = BOTH_PERIODS;
    const range = `business_id = $1 AND starts_at >= ${lo} AND starts_at < ${hi}`;
    const params = bothPeriodsParams(businessId, zone, previous, current);
    type Row<T> = T & { cur: boolean };
    const [counts, clients] = (await Promise.all([
      this.run(
        `SELECT starts_at >= ${split} AS cur,
                count(*)::int AS total,
                count(*) FILTER (WHERE status = 'pending')::int AS pending,
                count(*) FILTER (WHERE status = 'confirmed')::int AS confirmed,
                count(*) FILTER (WHERE status = 'completed')::int AS completed,
                count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled,
                count(*) FILTER (WHERE status = 'no_show')::int AS "noShow",
                -- The service's price read only for the rare booking without its own.
                coalesce(sum(coalesce(price_cents,
                                      (SELECT s.price_cents FROM services s WHERE s.id = service_id)))
                           FILTER (WHERE status = 'completed'), 0)::int AS "expectedRevenueCents",
                count(*) FILTER (WHERE status = 'cancelled'
                                   AND cancelled_at > starts_at - make_interval(mins => $6::int))::int
                  AS "lateCancellations",
                coalesce(sum(extract(epoch FROM ends_at - starts_at)::int / 60)
                           FILTER (WHERE status <> 'cancelled'), 0)::int AS "bookedMinutes",
                count(*) FILTER (WHERE booked_via = 'online')::int AS "onlineBookings",
                count(*) FILTER (WHERE booked_via = 'owner')::int AS "ownerBookings"
           FROM appointments WHERE ${range} GROUP BY 1`,
        [...params, lateCancelMinutes],
      ),
      this.run(
        `WITH visitors AS (
           SELECT starts_at >= ${split} AS cur, customer_id, max(starts_at) AS last_visit
             FROM appointments WHERE ${range} AND ${KEPT}
            GROUP BY 1, 2),
         clients AS (
           SELECT cur,
                  -- New: no kept visit before the period (the client has one in it).
                  NOT EXISTS (SELECT 1 FROM appointments f
                               WHERE f.business_id = $1 AND f.customer_id = v.customer_id
                                 AND f.${KEPT}
                                 AND f.starts_at < CASE WHEN cur THEN ${split} ELSE ${lo} END)
                    AS is_new,
                  EXISTS (SELECT 1 FROM appointments n
                           WHERE n.business_id = $1 AND n.customer_id = v.customer_id
                             AND n.starts_at > v.last_visit AND n.status <> 'cancelled'
                             AND n.created_at <= v.last_visit + make_interval(days => $6::int))
                    AS rebooked
             FROM visitors v WHERE customer_id IS NOT NULL)
         SELECT cur, count(*) FILTER (WHERE is_new)::int AS "newClients",
                count(*) FILTER (WHERE NOT is_new)::int AS "returningClients",
                count(*) FILTER (WHERE rebooked)::int AS "rebookedClients"
           FROM clients GROUP BY cur`,
        [...params, rebookWithinDays],
      ),
    ])) as [
      Row<Omit<PeriodCounts, 'newClients' | 'returningClients' | 'rebookedClients'>>[],
      Row<Pick<PeriodCounts, 'newClients' | 'returningClients' | 'rebookedClients'>>[],
    ];
    const of = (cur: boolean): PeriodCounts => {
      const { cur: _c, ...c } = counts.find((r) => r.cur === cur) ?? { cur, ...NO_COUNTS };
      const { cur: _v, ...v } = clients.find((r) => r.cur === cur) ?? {
        cur,
        newClients: 0,
        returningClients: 0,
        rebookedClients: 0,
      };
      return { ...c, ...v };
    };
    return { current: of(true), previous: of(false) };
  }

  /**
   * Both periods' money in one statement over the business's settled payments
   * (booking_payments_succeeded_idx, an index-only range): grouped by period of `succeeded_at`,
   * which only Stripe's word sets (a pending, failed or canceled row has none).
   */
  async money(businessId: number, zone: string, periods: Both<Period>): Promise<Both<PeriodMoney>> {
    const { lo, split, hi } = BOTH_PERIODS;
    const rows = (await this.run(
      `SELECT succeeded_at >= ${split} AS cur, ${MONEY_SUMS}
         FROM booking_payments
        WHERE business_id = $1 AND succeeded_at >= ${lo} AND succeeded_at < ${hi}
        GROUP BY 1`,
      bothPeriodsParams(businessId, zone, periods.previous, periods.current),
    )) as (PeriodMoney & { cur: boolean })[];
    const of = (cur: boolean): PeriodMoney => {
      const { cur: _c, ...m } = rows.find((r) => r.cur === cur) ?? { cur, ...NO_MONEY };
      return m;
    };
    return { current: of(true), previous: of(false) };
  }

  /**
   * A report's statement, run with PostgreSQL's JIT compiler off: over 100,000 appointments the
   * planner's estimates (the per-client probes, the price read for a booking without one) pass
   * the JIT threshold, and compiling then costs more (tens of milliseconds, measured) than it saves.
   */
  private async run<T = unknown>(sql: string, params: unknown[]): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.connect();
      await runner.startTransaction();
      await runner.query('SET LOCAL jit = off');
      const rows = (await runner.query(sql, params)) as T;
      await runner.commitTransaction();
      return rows;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
  }

  /** Counts by staff member (key null: the business's own bookings), with names. */
  byStaff(businessId: number, zone: string, period: Period): Promise<GroupCounts[]> {
    return this.run(
      `WITH a AS (${IN_PERIOD}),
            g AS (SELECT staff_id AS key, ${GROUP_COUNTS} FROM a GROUP BY staff_id)
       SELECT g.*, coalesce(trim(m.first_name || ' ' || m.last_name), '') AS name
         FROM g LEFT JOIN staff_members m ON m.id = g.key
        ORDER BY name, key`,
      [businessId, zone, period.from, period.to],
    );
  }

  /** Counts by service, with names. */
  byService(businessId: number, zone: string, period: Period): Promise<GroupCounts[]> {
    return this.run(
      `WITH a AS (${IN_PERIOD}),
            g AS (SELECT service_id AS key, ${GROUP_COUNTS} FROM a GROUP BY service_id)
       SELECT g.*, s.name FROM g JOIN services s ON s.id = g.key
        ORDER BY s.name, key`,
      [businessId, zone, period.from, period.to],
    );
  }

  /** Counts by business-local day or week (Monday), every day or week of the range present. */
  series(
    businessId: number,
    zone: string,
    period: Period,
    interval: 'day' | 'week',
  ): Promise<PointCounts[]> {
    const bucket =
      interval === 'day'
        ? `(bin AT TIME ZONE $2::text)::date`
        : `date_trunc('week', bin AT TIME ZONE $2::text)::date`;
    const first = interval === 'day' ? `$3::date` : `date_trunc('week', $3::date)::date`;
    return this.run(
      // Counted by UTC quarter hour first, then each quarter put in its local day: the zone
      // conversion runs once per quarter, not per appointment. Exact: since 2000 every zone's
      // offsets and changes fall on quarter hours (Nepal's +5:45, Lord Howe's 30-minute change).
      `WITH a AS (${IN_PERIOD}),
            bins AS (
              SELECT date_bin('15 minutes', starts_at, timestamptz 'epoch') AS bin, ${GROUP_COUNTS}
                FROM a GROUP BY 1),
            counts AS (
              SELECT ${bucket} AS bucket, sum(appointments)::int AS appointments,
                     sum(completed)::int AS completed, sum("noShows")::int AS "noShows",
                     sum(cancelled)::int AS cancelled,
                     sum("expectedRevenueCents")::int AS "expectedRevenueCents",
                     sum("bookedMinutes")::int AS "bookedMinutes"
                FROM bins GROUP BY 1),
            buckets AS (
              SELECT d::date AS bucket
                FROM generate_series(${first}, $4::date, interval '1 ${interval}') AS d)
       SELECT to_char(b.bucket, 'YYYY-MM-DD') AS start,
              coalesce(c.appointments, 0) AS appointments, coalesce(c.completed, 0) AS completed,
              coalesce(c."noShows", 0) AS "noShows", coalesce(c.cancelled, 0) AS cancelled,
              coalesce(c."expectedRevenueCents", 0) AS "expectedRevenueCents",
              coalesce(c."bookedMinutes", 0) AS "bookedMinutes"
         FROM buckets b LEFT JOIN counts c ON c.bucket = b.bucket
        ORDER BY b.bucket`,
      [businessId, zone, period.from, period.to],
    );
  }

  /**
   * The money of each business-local day or week (Monday) that has any, by its start date: one
   * statement over the settled payments (booking_payments_succeeded_idx). Days without are absent.
   */
  async moneySeries(
    businessId: number,
    zone: string,
    period: Period,
    interval: 'day' | 'week',
  ): Promise<Map<string, PeriodMoney>> {
    const local = `(succeeded_at AT TIME ZONE $2::text)`;
    const bucket = interval === 'day' ? `${local}::date` : `date_trunc('week', ${local})::date`;
    const rows = (await this.run(
      `SELECT to_char(${bucket}, 'YYYY-MM-DD') AS start, ${MONEY_SUMS}
         FROM booking_payments
        WHERE business_id = $1 AND succeeded_at >= ${BOUNDS.lo} AND succeeded_at < ${BOUNDS.hi}
        GROUP BY 1`,
      [businessId, zone, period.from, period.to],
    )) as (PeriodMoney & { start: string })[];
    return new Map(rows.map(({ start, ...money }) => [start, money]));
  }

  /** Staff members with bookings in the period besides the active ones (for working time). */
  async staffIdsBooked(
    businessId: number,
    zone: string,
    period: Period,
  ): Promise<(number | null)[]> {
    // One index probe per staff member (appointments_staff_starts_at_idx), not a scan of the range.
    const rows = (await this.run(
      `SELECT m.id AS staff_id FROM staff_members m
        WHERE m.business_id = $1
          AND EXISTS (SELECT 1 FROM appointments a
                       WHERE a.staff_id = m.id AND a.business_id = $1
                         AND a.starts_at >= ${BOUNDS.lo} AND a.starts_at < ${BOUNDS.hi}
                         AND a.status <> 'cancelled')`,
      [businessId, zone, period.from, period.to],
    )) as { staff_id: number | null }[];
    return rows.map((r) => r.staff_id);
  }
}
