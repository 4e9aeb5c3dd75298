// `npm run bench`: runs the benchmarks and rewrites docs/performance.md with their figures.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { root } from '../scripts/lib.mjs';
import { IN_MONTH, measureMonthView, RUNS as MONTH_RUNS, STEP_MIN } from './appointments-month.js';
import {
  describeQuery,
  measureAvailableTimes,
  type RequestFigures,
  RUNS as SLOT_RUNS,
  WARM_UP as SLOT_WARM_UP,
} from './available-times.js';
import { BUDGET_KB, TARGET_KB, measureInitialJs } from './initial-js.js';
import { loadSection, loadVerdicts, measureLoad, TARGETS as LOAD_TARGETS } from './load.js';
import {
  LIGHTHOUSE_RUNS,
  LIGHTHOUSE_TARGETS,
  type LighthouseFigures,
  measureLighthouse,
} from './lighthouse.js';
import { missedSection, type TargetCheck } from './missed-targets.js';
import {
  CHART_BUDGET_KB,
  measureReports,
  reportsSection,
  TARGET_P95_MS as REPORTS_P95_MS,
} from './reports.js';

const kb = (n: number) => (n / 1024).toFixed(1);
const js = await measureInitialJs();
const lh = await measureLighthouse();
type LhMeasure = { key: keyof LighthouseFigures; label: string; unit: 'ms' | 's' | '' };
const LH_MEASURES: LhMeasure[] = [
  { key: 'score', label: 'performance score', unit: '' },
  { key: 'lcpMs', label: 'LCP', unit: 's' },
  { key: 'cls', label: 'CLS', unit: '' },
  { key: 'tbtMs', label: 'TBT', unit: 'ms' },
];
const lhValue = (m: LhMeasure, v: number) =>
  m.unit === 's'
    ? `${(v / 1000).toFixed(2)} s`
    : m.unit === 'ms'
      ? `${v.toFixed(0)} ms`
      : m.key === 'cls'
        ? v.toFixed(3)
        : v.toFixed(0);
const lhRows = (['booking', 'home'] as const)
  .flatMap((page) =>
    LH_MEASURES.map((m) => {
      const target: number | undefined = (
        LIGHTHOUSE_TARGETS[page] as Partial<Record<keyof LighthouseFigures, number>>
      )[m.key];
      if (target === undefined) return null;
      const value = lh[page][m.key];
      const floor = lh.floor[m.key];
      const ok = m.key === 'score' ? value >= target : value <= target;
      const name = page === 'booking' ? '`/book/harbour-hair-studio`' : '`/` (marketing home)';
      return `| ${name} ${m.label} | ${m.key === 'score' ? '≥' : '≤'} ${lhValue(m, target)} | **${lhValue(m, value)}** | ${lhValue(m, floor)} | ${floor === 0 ? '–' : `${(value / floor).toFixed(2)}×`} | ${ok ? 'within' : 'OVER'} |`;
    }),
  )
  .filter(Boolean)
  .join('\n');
const ratio = (js.totalGzip / js.floorGzip).toFixed(2);
const verdict = js.totalGzip <= TARGET_KB * 1024 ? 'within' : 'OVER';

const month = await measureMonthView();
const ms = (n: number) => n.toFixed(0);

const slots = await measureAvailableTimes();
const slotRow = (label: string, r: RequestFigures) =>
  `| ${label} | ${r.roundTrips} | ${r.medianMs.toFixed(1)} | ${(r.medianMs / slots.floor.medianMs).toFixed(1)}× |`;
const inWords = new Intl.ListFormat('en-AU', { type: 'conjunction' });

const load = await measureLoad();

const reports = await measureReports();

const today = new Date().toISOString().slice(0, 10);
const lhCheck = (
  page: 'booking' | 'home',
  key: TargetCheck['key'],
  m: LhMeasure,
  label: string,
): TargetCheck => {
  const target = (LIGHTHOUSE_TARGETS[page] as Partial<Record<keyof LighthouseFigures, number>>)[
    m.key
  ]!;
  const value = lh[page][m.key];
  return {
    key,
    label: `${label} ${m.label}`,
    goal: `${m.key === 'score' ? '≥' : '≤'} ${lhValue(m, target)}`,
    value: `${lhValue(m, value)} (floor page ${lhValue(m, lh.floor[m.key])})`,
    met: m.key === 'score' ? value >= target : value <= target,
  };
};
const [score, lcp, cls, tbt] = LH_MEASURES as [LhMeasure, LhMeasure, LhMeasure, LhMeasure];
const lv = loadVerdicts(load);
const pctOf = (x: number) => `${(x * 100).toFixed(0)} %`;
const checks: TargetCheck[] = [
  {
    key: 'initialJs',
    label: 'Initial JavaScript of /book/{slug}',
    goal: `≤ ${TARGET_KB} KB gzip`,
    value: `${kb(js.totalGzip)} KB (floor ${kb(js.floorGzip)} KB)`,
    met: verdict === 'within',
  },
  lhCheck('booking', 'bookingScore', score, 'Lighthouse `/book/{slug}`'),
  lhCheck('booking', 'bookingLcp', lcp, 'Lighthouse `/book/{slug}`'),
  lhCheck('booking', 'bookingCls', cls, 'Lighthouse `/book/{slug}`'),
  lhCheck('booking', 'bookingTbt', tbt, 'Lighthouse `/book/{slug}`'),
  lhCheck('home', 'homeScore', score, 'Lighthouse `/`'),
  lhCheck('home', 'homeCls', cls, 'Lighthouse `/`'),
  {
    key: 'monthGrid',
    label: 'Month grid with 5,000 appointments, p95',
    goal: '≤ 100 ms',
    value: `${ms(month.daysP95)} ms`,
    met: month.daysP95 <= 100,
  },
  ...load.sizes.map((s, i): TargetCheck => ({
    key: 'times',
    label: `Available times at 50 connections, ${s.appointments.toLocaleString('en-AU')} appointments`,
    goal: `≥ ${pctOf(LOAD_TARGETS.timesShare)} of the floor and p99 ≤ ${LOAD_TARGETS.timesP99Ms} ms`,
    value: `${pctOf(s.ratio)} of the floor, p99 ${s.run.p99Ms} ms`,
    met: lv.times[i]!,
  })),
  {
    key: 'timesSame',
    label: 'Available times: 100,000 against 1,000 appointments',
    goal: `ratio within ×${LOAD_TARGETS.sameWithin}`,
    value: `×${lv.drift.toFixed(2)}`,
    met: lv.same,
  },
  {
    key: 'directory',
    label: 'Directory at 50 connections',
    goal: `≥ ${pctOf(LOAD_TARGETS.directoryShare)} of the floor`,
    value: `${pctOf(load.directory.ratio)} of the floor`,
    met: lv.directory,
  },
  {
    key: 'bookings',
    label: 'Bookings at 50 connections',
    goal: `≥ ${LOAD_TARGETS.bookingsPerSec}/s, all 201`,
    value: `${load.bookings.run.perSecond.toFixed(0)}/s`,
    met: lv.bookings,
  },
  ...reports.reports.map((r): TargetCheck => ({
    key: 'reports',
    label: `Report ${r.name} over 100,000 appointments, p95`,
    goal: `≤ ${REPORTS_P95_MS} ms`,
    value: `${ms(r.p95)} ms (${(r.p95 / reports.floorP95).toFixed(1)}× the floor)`,
    met: r.p95 <= REPORTS_P95_MS,
  })),
  {
    key: 'reportsChart',
    label: "Reports page's chart chunk",
    goal: `≤ ${CHART_BUDGET_KB} KB gzip`,
    value: `${kb(reports.chartGzip)} KB`,
    met: reports.chartGzip <= CHART_BUDGET_KB * 1024,
  },
  {
    key: 'contention',
    label: 'Bookings under contention',
    goal: 'only 201 and 409, one 201 per booking kept',
    value: Object.entries(load.contention.run.statuses)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', '),
    met: lv.contention,
  },
];

const rows = js.files.map((f) => `| \`${f.url}\` | ${kb(f.bytes)} | ${kb(f.gzip)} |`).join('\n');
const doc = `# Performance

Figures written by \`npm run bench\` (bench/run.ts) on ${today}.
Each benchmark reports a ratio against a floor measured in the same run, so the numbers compare
across machines.

## Initial JavaScript of /book/{slug} on a phone

What Chromium downloads (production builds, gzip level 9) until step 1 'Choose a Service' is on
screen at 360 px wide. Floor: the smallest React app (createRoot and an \`<h1>\`), built in the same
run with rspack in production mode and gzipped the same way. Command: \`npm run bench\`; the
budget alone is the browser test \`tests/e2e/weight.test.ts\`, part of \`npm test\`.

| measure | value |
|---|---|
| total initial JS (gzip) | **${kb(js.totalGzip)} KB** (target ≤ ${TARGET_KB} KB: ${verdict}; \`npm test\`'s budget ≤ ${BUDGET_KB} KB: ${js.totalGzip <= BUDGET_KB * 1024 ? 'within' : 'OVER'}) |
| floor: smallest React app (gzip) | ${kb(js.floorGzip)} KB |
| ratio to floor | ${ratio}× |

| file | raw KB | gzip KB |
|---|---|---|
${rows}

## Lighthouse (mobile)

Lighthouse 12's mobile audit (its default: an emulated mid-range phone, simulated slow 4G and 4×
CPU slowdown) of the production stack (builds, gateway, API, PostgreSQL) in Debian's Chromium,
headless; each figure is the median of ${LIGHTHOUSE_RUNS} runs. Floor: the smallest React app (createRoot and
an \`<h1>\`) built with rspack in production mode and served precompressed by the gateway's static
host, audited in the same run. Command: \`node --import tsx bench/lighthouse.ts\` (this section
alone) or \`npm run bench\`.

| target | goal | value | floor | ratio to floor | verdict |
|---|---|---|---|---|---|
${lhRows}

## Month view of a busy business

A business with ${IN_MONTH.toLocaleString('en-AU')} appointments in one month (${STEP_MIN} minutes apart) and
${(month.allRows - IN_MONTH).toLocaleString('en-AU')} earlier ones, on the browser-test stack
(API, gateway, PostgreSQL). The month grid asks for each day's first three appointments and the
day's total (\`/appointment-days\`, one query with window functions over the index on
\`(business_id, starts_at)\`); the day and week views ask for every booking of their window. Times
of ${MONTH_RUNS} requests each. Floor: the owner's services list, a one-row request through the same stack.
Target: the month grid's request p95 ≤ 100 ms, with no more JSON than the grid shows. Command:
\`node --import tsx/esm bench/appointments-month.ts\` (this section alone) or \`npm run bench\`.

| request | rows | JSON KB | median ms | p95 ms | ratio to floor (median) |
|---|---|---|---|---|---|
| floor: \`GET /business/:id/services\` | 1 | – | ${ms(month.floorMs)} | ${ms(month.floorP95)} | 1× |
| month grid (\`appointment-days?perDay=3\`, what the calendar asks) | ${month.daysRows} | ${month.daysKb.toFixed(0)} | ${ms(month.daysMs)} | **${ms(month.daysP95)}** (target ≤ 100: ${month.daysP95 <= 100 ? 'within' : 'OVER'}) | ${(month.daysMs / month.floorMs).toFixed(1)}× |
| the whole month's bookings (\`from\`/\`to\`, what day and week views ask for their window) | ${month.windowRows} | ${month.windowKb.toFixed(0)} | ${ms(month.windowMs)} | ${ms(month.windowP95)} | ${(month.windowMs / month.floorMs).toFixed(1)}× |
| table's first page (\`limit=50\`, newest first) | ${month.pageRows} | ${month.pageKb.toFixed(0)} | ${ms(month.pageMs)} | – | ${(month.pageMs / month.floorMs).toFixed(1)}× |
| whole history (no parameters: the spec's call, which no screen makes now) | ${month.allRows} | ${month.allKb.toFixed(0)} | ${ms(month.allMs)} | – | ${(month.allMs / month.floorMs).toFixed(1)}× |

Render in Chromium at 1280 px, from the click on 'Next'/'Previous month' until the grid is drawn
(request included), median of 7: the busy month (3 per day, then '+N more') **${ms(month.renderBusyMs)} ms**;
an empty month ${ms(month.renderEmptyMs)} ms (floor).

## Available times and days

The booking page's slot requests at a busy barber's: 3 staff offering a 60-minute service with 15
minutes of buffer after it, weekly hours with a lunch break, one staff member on their own hours, a
two-day closure, special hours on one Saturday, one staff member's afternoon off on the day asked
for, and ${slots.bookings} bookings over ${slots.weeks} weeks (${slots.bookingsOnDate} on that day). The API runs
in-process from its build, called through Fastify's \`inject\` (no network), on PostgreSQL; medians
of ${SLOT_RUNS} requests after ${SLOT_WARM_UP} warm-up ones. Round trips are the queries a request sends to
PostgreSQL (counted on \`pg\`'s \`Client#query\`). Floor: the same business's public services list.
Command: \`node --import tsx/esm bench/available-times.ts\` (this section alone) or \`npm run bench\`.

| request | round trips | median ms | ratio to floor |
|---|---|---|---|
${slotRow('floor: `GET /business/:id/services`', slots.floor)}
${slotRow(`available times, any staff member (\`/business/slug/:slug/available-times?date=&serviceId=\`, ${slots.slotsAnyStaff} times free)`, slots.anyStaff)}
${slotRow(`available times of one staff member (\`&staffId=\`, ${slots.slotsOneStaff} times free)`, slots.oneStaff)}
${slotRow('available days of a month (`/business/slug/:slug/available-days?month=&serviceId=`)', slots.days)}

${
  slots.anyStaff.roundTrips === 0
    ? 'A repeated available-times (or available-days) request makes no round trip through the pool'
    : `An available-times request makes ${slots.anyStaff.roundTrips} round trip${slots.anyStaff.roundTrips === 1 ? '' : 's, sent at once'}: ${inWords.format(slots.anyStaff.sql.map(describeQuery))}`
}. Each API process keeps its answers per business, service, staff member (or anyone) and day (or
month), beside the business, its services, staff with their service links and weekly hours
(\`core/cache\`). Triggers on every table a free time depends on (those, and bookings, closures,
special hours and time off) \`pg_notify\` the business in the writing transaction, and every
process's listening connection drops its entries: a booking drops the business's answers, a
change of the business everything of it. An answer also ends when the clock alone would change it
(its first slot comes within the minimum notice, or the business's day ends), and before it is
served the process waits for one round trip on its listening connection (\`SELECT 1\`, shared by
the requests waiting together, not counted here), so every change committed before the request is
in. The first request after a change of the business makes ${slots.anyStaff.afterChange.roundTrips}: ${inWords.format(slots.anyStaff.afterChange.sql.map(describeQuery))}. The floor
comes from the same cache (${slots.floor.afterChange.roundTrips} round trips after a change). The exceptions part
(closures, special hours, time off) is what the availability rules added.

${loadSection(load)}

${reportsSection(reports)}

${missedSection(checks, today)}`;
// Written as Prettier would, so `npm test`'s format check passes on the regenerated file.
const file = join(root, 'docs/performance.md');
const options = (await prettier.resolveConfig(file)) ?? {};
writeFileSync(file, await prettier.format(doc, { ...options, filepath: file }));
console.info(doc);
// The budget npm test enforces; the missed targets are reported in the document.
if (js.totalGzip > BUDGET_KB * 1024) process.exitCode = 1;
