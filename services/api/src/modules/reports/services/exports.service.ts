import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { stringify } from 'csv-stringify';
import type { DataSource } from 'typeorm';
import type { BusinessEntity } from '../../business/index.js';
import { KEPT, type Period, periodBoundsSql } from './report-period.js';

/** Rows read per round trip: memory stays at one batch whatever the export's size. */
export const EXPORT_BATCH = 1000;

type Row = Record<string, unknown> & { cursor_at: string; id: number };

const BOUNDS = periodBoundsSql('$2::text', '$3', '$4');

export const APPOINTMENT_COLUMNS = [
  'appointment_id',
  'date',
  'start',
  'end',
  'status',
  'service',
  'staff',
  'client_id',
  'first_name',
  'last_name',
  'phone',
  'email',
  'price_cents',
  'booked_via',
  'cancelled_at',
] as const;

export const CLIENT_COLUMNS = [
  'client_id',
  'first_name',
  'last_name',
  'phone',
  'email',
  'first_visit',
  'last_visit',
  'visits',
  'no_shows',
  'cancellations',
  'notes',
] as const;

/**
 * The CSV exports, streamed: rows are read in keyset-paged batches (the next batch only once the
 * stream wants more) and written through csv-stringify, so 100,000 rows never sit in memory.
 * Times are the business's local wall times.
 */
@Injectable()
export class ExportsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  appointments(business: BusinessEntity, period: Period): Readable {
    const sql = `
      SELECT a.id, a.starts_at::text AS cursor_at, a.id AS appointment_id,
             to_char(a.starts_at AT TIME ZONE $2::text, 'YYYY-MM-DD') AS date,
             to_char(a.starts_at AT TIME ZONE $2::text, 'HH24:MI') AS start,
             to_char(a.ends_at AT TIME ZONE $2::text, 'HH24:MI') AS "end",
             a.status, s.name AS service,
             coalesce(trim(m.first_name || ' ' || m.last_name), '') AS staff,
             a.customer_id AS client_id,
             coalesce(a.customer_first_name, c.first_name) AS first_name,
             coalesce(a.customer_last_name, c.last_name) AS last_name,
             coalesce(a.customer_phone, c.phone) AS phone,
             coalesce(a.customer_email, c.email) AS email,
             coalesce(a.price_cents, s.price_cents) AS price_cents, a.booked_via,
             to_char(a.cancelled_at AT TIME ZONE $2::text, 'YYYY-MM-DD HH24:MI') AS cancelled_at
        FROM appointments a
        JOIN services s ON s.id = a.service_id
        JOIN customers c ON c.id = a.customer_id
        LEFT JOIN staff_members m ON m.id = a.staff_id
       WHERE a.business_id = $1 AND a.starts_at >= ${BOUNDS.lo} AND a.starts_at < ${BOUNDS.hi}
         AND (a.starts_at, a.id) > ($5::timestamptz, $6::int)
       ORDER BY a.starts_at, a.id
       LIMIT ${EXPORT_BATCH}`;
    const params = [business.id, business.timeZone, period.from, period.to];
    return this.csv(APPOINTMENT_COLUMNS, '-infinity', (after, id) =>
      this.dataSource.query(sql, [...params, after, id]),
    );
  }

  /** Every client; with a period, those with a kept visit in it. Visits are over all time. */
  clients(business: BusinessEntity, period: Period | null): Readable {
    const sql = `
      SELECT c.id, '' AS cursor_at, c.id AS client_id, c.first_name, c.last_name, c.phone, c.email,
             to_char(v.first_visit AT TIME ZONE $2::text, 'YYYY-MM-DD') AS first_visit,
             to_char(v.last_visit AT TIME ZONE $2::text, 'YYYY-MM-DD') AS last_visit,
             coalesce(v.visits, 0) AS visits, coalesce(v.no_shows, 0) AS no_shows,
             coalesce(v.cancellations, 0) AS cancellations, c.notes
        FROM customers c
        LEFT JOIN LATERAL (
          SELECT min(starts_at) FILTER (WHERE ${KEPT}) AS first_visit,
                 max(starts_at) FILTER (WHERE ${KEPT}) AS last_visit,
                 count(*) FILTER (WHERE ${KEPT})::int AS visits,
                 count(*) FILTER (WHERE status = 'no_show')::int AS no_shows,
                 count(*) FILTER (WHERE status = 'cancelled')::int AS cancellations
            FROM appointments x WHERE x.business_id = $1 AND x.customer_id = c.id) v ON true
       WHERE c.business_id = $1 AND c.id > $5::int
         AND ($3::date IS NULL
              OR EXISTS (SELECT 1 FROM appointments p
                          WHERE p.business_id = $1 AND p.customer_id = c.id AND p.${KEPT}
                            AND p.starts_at >= ${BOUNDS.lo} AND p.starts_at < ${BOUNDS.hi}))
       ORDER BY c.id
       LIMIT ${EXPORT_BATCH}`;
    const params = [business.id, business.timeZone, period?.from ?? null, period?.to ?? null];
    return this.csv(CLIENT_COLUMNS, '', (_after, id) =>
      this.dataSource.query(sql, [...params, id]),
    );
  }

  /** A CSV stream whose rows come from `page(after, id)`, batch by batch, as it is read. */
  private csv(
    columns: readonly string[],
    start: string,
    page: (after: string, id: number) => Promise<Row[]>,
  ): Readable {
    async function* rows(): AsyncGenerator<Record<string, unknown>> {
      let after = start;
      let id = 0;
      for (;;) {
        const batch = await page(after, id);
        for (const row of batch) yield row;
        if (batch.length < EXPORT_BATCH) return;
        const last = batch[batch.length - 1]!;
        after = last.cursor_at;
        id = last.id;
      }
    }
    const out = stringify({ header: true, columns: [...columns] });
    const source = Readable.from(rows());
    source.on('error', (error) => out.destroy(error));
    return source.pipe(out);
  }
}
