// Reports over a business with 100,000 appointments: each report route's p95 against a floor
// request (the business's services) in the same run, on the browser-test stack; and the gzip weight
// of the chart chunk (visx) the Reports page loads on demand. Run alone with
// `node --import tsx/esm bench/reports.ts` (rewrites its section of docs/performance.md) or as
// part of `npm run bench`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startStack } from '../tests/support/stack.js';
import { api, benchOwner, percentile } from './appointments-month.js';

export const APPOINTMENTS = 100_000;
const STAFF = 6;
const CUSTOMERS = 8_000;
export const RUNS = 30;
const WARM_UP = 3;
/** The goal (issue 27): each report's p95 over 100,000 appointments. */
export const TARGET_P95_MS = 300;
/** The chart code the Reports page adds, gzip. */
export const CHART_BUDGET_KB = 30;

const root = fileURLToPath(new URL('..', import.meta.url));

export interface ReportsFigures {
  floorP95: number;
  reports: { name: string; path: string; p50: number; p95: number }[];
  chartGzip: number;
  chartFile: string;
}

/** The dashboard build's chunk holding the visx chart (the Reports page's lazy import). */
export function chartChunk(): { file: string; gzip: number } {
  const dist = join(root, 'apps/dashboard-mfe/dist');
  const file = readdirSync(dist).find(
    (f) => f.endsWith('.js') && readFileSync(join(dist, f), 'utf8').includes('visx-axis'),
  );
  if (!file) throw new Error('No chunk with the visx chart: build @slotwise/dashboard-mfe first');
  return { file, gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length };
}

async function timed(fn: () => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

export async function measureReports(): Promise<ReportsFigures> {
  const stack = await startStack();
  try {
    const { auth, business, service } = await benchOwner(stack.baseUrl);
    // Every 15 minutes one booking per staff member, from 200 days ago: 100,000 fill ~174 days.
    const first = new Date(Date.now() - 200 * 86_400_000);
    first.setUTCHours(0, 0, 0, 0);
    const db = new pg.Client(stack.dbUrl);
    await db.connect();
    await db.query(
      `INSERT INTO staff_members (business_id, first_name, last_name, is_active)
       SELECT $1, 'Staff' || g, 'Bench', true FROM generate_series(1, $2) g`,
      [business.id, STAFF],
    );
    await db.query(
      `INSERT INTO customers (business_id, first_name, last_name, name_key, phone)
       SELECT $1, 'Client' || g, 'Bench', 'client' || g || ' bench', '+614' || lpad(g::text, 8, '0')
         FROM generate_series(1, $2) g`,
      [business.id, CUSTOMERS],
    );
    // Statuses by the row number: a tenth cancelled, a tenth no-shows, half completed, the rest
    // confirmed; a quarter made by the owner; each booked a week ahead; clients in turn.
    await db.query(
      `WITH staff AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM staff_members WHERE business_id = $1),
            clients AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM customers WHERE business_id = $1)
       INSERT INTO appointments (business_id, service_id, staff_id, customer_id, status, starts_at,
                                 ends_at, blocked_from, blocked_until, price_cents, booked_via,
                                 created_at, cancelled_at)
       SELECT $1, $2, s.id, c.id,
              CASE WHEN i % 10 = 0 THEN 'cancelled' WHEN i % 10 = 1 THEN 'no_show'
                   WHEN i % 10 < 7 THEN 'completed' ELSE 'confirmed' END,
              t.at, t.at + interval '15 minutes', t.at, t.at + interval '15 minutes', 2000,
              CASE WHEN i % 4 = 0 THEN 'owner' ELSE 'online' END,
              t.at - interval '7 days',
              CASE WHEN i % 10 = 0 THEN t.at - interval '2 hours' END
         FROM generate_series(0, $3 - 1) i
         JOIN staff s ON s.n = i % ${STAFF}
         JOIN clients c ON c.n = i % ${CUSTOMERS}
         CROSS JOIN LATERAL (SELECT $4::timestamptz + (i / ${STAFF}) * interval '15 minutes' AS at) t`,
      [business.id, service.id, APPOINTMENTS, first.toISOString()],
    );
    // Payments for the summary's money: a deposit on every third appointment, taken when it was
    // booked (refunded, with its refund at the cancellation, when cancelled); a no-show fee on every
    // no-show an hour after its start, one in five declined (never confirmed).
    await db.query(
      `INSERT INTO booking_payments (business_id, appointment_id, customer_id, kind, amount_cents,
                                     state, idempotency_key, succeeded_at)
       SELECT $1, a.id, a.customer_id, p.kind, p.amount, p.state, 'bench-' || p.kind || '-' || a.id,
              p.at
         FROM appointments a
        CROSS JOIN LATERAL (VALUES
          ('deposit', 500, CASE WHEN a.status = 'cancelled' THEN 'refunded' ELSE 'succeeded' END,
           a.created_at, a.id % 3 = 0),
          ('refund', 500, 'succeeded', a.cancelled_at, a.id % 3 = 0 AND a.status = 'cancelled'),
          ('no_show_fee', 1000, CASE WHEN a.id % 5 = 0 THEN 'failed' ELSE 'succeeded' END,
           CASE WHEN a.id % 5 <> 0 THEN a.starts_at + interval '1 hour' END, a.status = 'no_show')
        ) AS p(kind, amount, state, at, wanted)
        WHERE a.business_id = $1 AND p.wanted`,
      [business.id],
    );
    await db.query('ANALYZE');
    await db.end();

    // The longest range the reports take (366 days) over all of them; the summary reads the 366
    // days before as well.
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const base = `/api/business/${business.id}`;
    const range = `from=${from}&to=${to}`;
    const get = (path: string) => () => api(stack.baseUrl, 'GET', path, null, auth);
    const floor = await timed(get(`${base}/services`));
    const routes = [
      { name: 'summary', path: `${base}/reports/summary?${range}` },
      { name: 'timeseries (week)', path: `${base}/reports/timeseries?${range}&interval=week` },
      { name: 'staff', path: `${base}/reports/staff?${range}` },
      { name: 'services', path: `${base}/reports/services?${range}` },
    ];
    const reports = [];
    for (const r of routes) reports.push({ ...r, ...(await timed(get(r.path))) });
    const chart = chartChunk();
    return { floorP95: floor.p95, reports, chartGzip: chart.gzip, chartFile: chart.file };
  } finally {
    await stack.stop();
  }
}

export const REPORTS_HEADING = '## Reports over 100,000 appointments';

export function reportsSection(f: ReportsFigures): string {
  const ms = (n: number) => n.toFixed(0);
  const rows = f.reports
    .map(
      (r) =>
        `| ${r.name} | ${ms(r.p50)} | **${ms(r.p95)}** | ${(r.p95 / f.floorP95).toFixed(1)}× | ${r.p95 <= TARGET_P95_MS ? 'within' : 'OVER'} |`,
    )
    .join('\n');
  return `${REPORTS_HEADING}

A business with ${APPOINTMENTS.toLocaleString('en-AU')} appointments (${STAFF} staff, ${CUSTOMERS.toLocaleString('en-AU')} clients, a deposit on every third and a fee on each no-show), each
report over the longest range it takes (366 days; the summary reads the 366 days before too), ${RUNS}
requests after ${WARM_UP} warm-up ones, one at a time, through the gateway of the browser-test stack.
Floor: the business's services (\`GET /api/business/{id}/services\`, owner-authenticated) in the
same run, p95 ${ms(f.floorP95)} ms. Target: p95 ≤ ${TARGET_P95_MS} ms. Command:
\`node --import tsx/esm bench/reports.ts\` (or \`npm run bench\`).

| report | p50 ms | p95 ms | p95 / floor p95 | target |
|---|---|---|---|---|
${rows}

The Reports page's chart chunk (\`${f.chartFile}\`: @visx/shape, scale, axis, group and the chart),
loaded only by that page: **${(f.chartGzip / 1024).toFixed(1)} KB gzip** (budget ≤ ${CHART_BUDGET_KB} KB:
${f.chartGzip <= CHART_BUDGET_KB * 1024 ? 'within' : 'OVER'}).
`;
}

// Run alone: measure, then rewrite this section of docs/performance.md (before "Targets missed").
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const figures = await measureReports();
  const file = join(root, 'docs/performance.md');
  const doc = readFileSync(file, 'utf8');
  const section = reportsSection(figures);
  const start = doc.indexOf(REPORTS_HEADING);
  const next = doc.indexOf('\n## ', start === -1 ? doc.indexOf('## Targets missed') : start + 1);
  const updated =
    start === -1
      ? doc.replace('## Targets missed', `${section}\n## Targets missed`)
      : `${doc.slice(0, start)}${section}${doc.slice(next + 1)}`;
  writeFileSync(file, updated);
  console.info(section);
}
