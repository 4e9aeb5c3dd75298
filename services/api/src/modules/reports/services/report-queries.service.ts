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
  SELECT a.*, coalesce(a.price_cents, s.price_cents) AS price,
         extract(epoch FROM a.ends_at - a.starts_at)::int / 60 AS minutes
    FROM appointments a JOIN services s ON s.id = a.service_id
   WHERE a.business_id = $1 AND a.starts_at >= ${BOUNDS.lo} AND a.starts_at < ${BOUNDS.hi}`;

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

  async period(
    businessId: number,
    zone: string,
    period: Period,
    lateCancelMinutes: number,
    rebookWithinDays: number,
  ): Promise<PeriodCounts> {
    const [row] = (await this.dataSource.query(
      `WITH a AS (${IN_PERIOD}),
            visitors AS (
              SELECT customer_id, max(starts_at) AS last_visit FROM a WHERE ${KEPT} GROUP BY customer_id),
            clients AS (
              SELECT v.last_visit,
                     (SELECT min(f.starts_at) FROM appointments f
                       WHERE f.business_id = $1 AND f.customer_id = v.customer_id AND f.${KEPT})
                       >= ${BOUNDS.lo} AS is_new,
                     EXISTS (SELECT 1 FROM appointments n
                              WHERE n.business_id = $1 AND n.customer_id = v.customer_id
                                AND n.starts_at > v.last_visit AND n.status <> 'cancelled'
                                AND n.created_at <= v.last_visit + make_interval(days => $6::int))
                       AS rebooked
                FROM visitors v)
       SELECT count(*)::int AS total,
              count(*) FILTER (WHERE status = 'pending')::int AS pending,
              count(*) FILTER (WHERE status = 'confirmed')::int AS confirmed,
              count(*) FILTER (WHERE status = 'completed')::int AS completed,
              count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled,
              count(*) FILTER (WHERE status = 'no_show')::int AS "noShow",
              coalesce(sum(price) FILTER (WHERE status = 'completed'), 0)::int AS "expectedRevenueCents",
              count(*) FILTER (WHERE status = 'cancelled'
                                 AND cancelled_at > starts_at - make_interval(mins => $5::int))::int
                AS "lateCancellations",
              coalesce(sum(minutes) FILTER (WHERE status <> 'cancelled'), 0)::int AS "bookedMinutes",
              count(*) FILTER (WHERE booked_via = 'online')::int AS "onlineBookings",
              count(*) FILTER (WHERE booked_via = 'owner')::int AS "ownerBookings",
              (SELECT count(*) FILTER (WHERE is_new) FROM clients)::int AS "newClients",
              (SELECT count(*) FILTER (WHERE NOT is_new) FROM clients)::int AS "returningClients",
              (SELECT count(*) FILTER (WHERE rebooked) FROM clients)::int AS "rebookedClients"
         FROM a`,
      [businessId, zone, period.from, period.to, lateCancelMinutes, rebookWithinDays],
    )) as PeriodCounts[];
    return row!;
  }

  /** Counts by staff member (key null: the business's own bookings), with names. */
  byStaff(businessId: number, zone: string, period: Period): Promise<GroupCounts[]> {
    return this.dataSource.query(
      `WITH a AS (${IN_PERIOD})
       SELECT a.staff_id AS key, coalesce(trim(m.first_name || ' ' || m.last_name), '') AS name,
              ${GROUP_COUNTS}
         FROM a LEFT JOIN staff_members m ON m.id = a.staff_id
        GROUP BY a.staff_id, m.first_name, m.last_name
        ORDER BY name, key`,
      [businessId, zone, period.from, period.to],
    );
  }

  /** Counts by service, with names. */
  byService(businessId: number, zone: string, period: Period): Promise<GroupCounts[]> {
    return this.dataSource.query(
      `WITH a AS (${IN_PERIOD})
       SELECT a.service_id AS key, s.name, ${GROUP_COUNTS}
         FROM a JOIN services s ON s.id = a.service_id
        GROUP BY a.service_id, s.name
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
        ? `(starts_at AT TIME ZONE $2::text)::date`
        : `date_trunc('week', starts_at AT TIME ZONE $2::text)::date`;
    const first = interval === 'day' ? `$3::date` : `date_trunc('week', $3::date)::date`;
    return this.dataSource.query(
      `WITH a AS (${IN_PERIOD}),
            counts AS (SELECT ${bucket} AS bucket, ${GROUP_COUNTS} FROM a GROUP BY 1),
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

  /** Staff members with bookings in the period besides the active ones (for working time). */
  async staffIdsBooked(
    businessId: number,
    zone: string,
    period: Period,
  ): Promise<(number | null)[]> {
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT staff_id FROM appointments
        WHERE business_id = $1 AND starts_at >= ${BOUNDS.lo} AND starts_at < ${BOUNDS.hi}
          AND status <> 'cancelled'`,
      [businessId, zone, period.from, period.to],
    )) as { staff_id: number | null }[];
    return rows.map((r) => r.staff_id);
  }
}
