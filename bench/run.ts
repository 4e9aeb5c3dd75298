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
import { TARGET_KB, measureInitialJs } from './initial-js.js';

const kb = (n: number) => (n / 1024).toFixed(1);
const js = await measureInitialJs();
const ratio = (js.totalGzip / js.floorGzip).toFixed(2);
const verdict = js.totalGzip <= TARGET_KB * 1024 ? 'within' : 'OVER';

const month = await measureMonthView();
const ms = (n: number) => n.toFixed(0);

const slots = await measureAvailableTimes();
const slotRow = (label: string, r: RequestFigures) =>
  `| ${label} | ${r.roundTrips} | ${r.medianMs.toFixed(1)} | ${(r.medianMs / slots.floor.medianMs).toFixed(1)}× |`;
const inWords = new Intl.ListFormat('en-AU', { type: 'conjunction' });

const rows = js.files.map((f) => `| \`${f.url}\` | ${kb(f.bytes)} | ${kb(f.gzip)} |`).join('\n');
const doc = `# Performance

Figures written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}.
Each benchmark reports a ratio against a floor measured in the same run, so the numbers compare
across machines.

## Initial JavaScript of /book/{slug} on a phone

What Chromium downloads (production builds, gzip level 9) until step 1 'Choose a Service' is on
screen at 360 px wide. Floor: the smallest React app (createRoot and an \`<h1>\`), built in the same
run with rspack in production mode and gzipped the same way.

| measure | value |
|---|---|
| total initial JS (gzip) | **${kb(js.totalGzip)} KB** (target ≤ ${TARGET_KB} KB: ${verdict}) |
| floor: smallest React app (gzip) | ${kb(js.floorGzip)} KB |
| ratio to floor | ${ratio}× |

| file | raw KB | gzip KB |
|---|---|---|
${rows}

## Month view of a busy business

A business with ${IN_MONTH.toLocaleString('en-AU')} appointments in one month (${STEP_MIN} minutes apart) and
${(month.allRows - IN_MONTH).toLocaleString('en-AU')} earlier ones, on the browser-test stack
(API, gateway, PostgreSQL). The month grid asks for each day's first three appointments and the
day's total (\`/appointment-days\`, one query with window functions over the index on
\`(business_id, starts_at)\`); the day and week views ask for every booking of their window. Times
of ${MONTH_RUNS} requests each. Floor: the owner's services list, a one-row request through the same stack.
Target: the month grid's request p95 ≤ 100 ms, with no more JSON than the grid shows.

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

| request | round trips | median ms | ratio to floor |
|---|---|---|---|
${slotRow('floor: `GET /business/:id/services`', slots.floor)}
${slotRow(`available times, any staff member (\`/business/slug/:slug/available-times?date=&serviceId=\`, ${slots.slotsAnyStaff} times free)`, slots.anyStaff)}
${slotRow(`available times of one staff member (\`&staffId=\`, ${slots.slotsOneStaff} times free)`, slots.oneStaff)}
${slotRow('available days of a month (`/business/slug/:slug/available-days?month=&serviceId=`)', slots.days)}

An available-times request makes ${slots.anyStaff.roundTrips} round trips: ${inWords.format(slots.anyStaff.sql.map(describeQuery))}. The exceptions query is the only one the availability rules
(closures, special hours, time off) added.
`;
// Written as Prettier would, so `npm test`'s format check passes on the regenerated file.
const file = join(root, 'docs/performance.md');
const options = (await prettier.resolveConfig(file)) ?? {};
writeFileSync(file, await prettier.format(doc, { ...options, filepath: file }));
console.info(doc);
if (verdict === 'OVER') process.exitCode = 1;
