// The bookings rows of bench/load.ts alone (public `POST /api/appointments` under 50 connections,
// then the contention run), with the database round trips one booking makes (counted on pg's
// Client#query) and the CPU time each booking costs the API (this process) and PostgreSQL (the
// bench database's backends, from /proc), steadier than bookings/s on a shared machine. For
// comparing builds side by side on one machine (build another with
// `npx tsc -p services/api/tsconfig.build.json --outDir services/api/dist-other`):
//   node --import tsx/esm bench/bookings-only.ts [--dist services/api/dist]
// (add `--cpu-prof` before `--import` for a profile of the API, which runs in this process).
// It does not build the API: `npx nx run @slotwise/api:build` first.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { assertOneNestCore, assertSamePackages, loadApi } from './api-build.js';
import { compare, contentionRun, distinctSlots, get, load, serve } from './load.js';
import { countQueries } from './available-times.js';
import { bookingPhone } from './load-client.js';

const ROOT = join(import.meta.dirname, '..');
/** Bookings made one at a time while the round trips are counted (after one to warm up). */
const COUNTED = 20;

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: 'services/api/dist' },
  },
});
const dist = join(ROOT, args.dist);

/** CPU time (ms) the PostgreSQL backends serving `database` have used so far, from /proc (Linux). */
function postgresCpuMs(database: string): number {
  const tick = 10; // USER_HZ is 100 on Linux
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      // A backend's title names its database ('postgres: postgres slotwise_bench_… idle').
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

assertSamePackages();
await assertOneNestCore();
const api = await loadApi(dist);
const { LISTENER_APPLICATION_NAME } = (await import(
  pathToFileURL(join(dist, 'core/cache/business-change.listener.js')).href
)) as { LISTENER_APPLICATION_NAME: string };
const counter = countQueries(LISTENER_APPLICATION_NAME);

const figures = await serve(api, 1_000, async (s, seeded) => {
  const b = seeded.booking;
  const slots = distinctSlots(b.staffIds);
  let used = 0;
  const bookAlone = async () => {
    const slot = slots[used]!;
    const res = await fetch(`${s.api}/api/appointments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        businessId: b.businessId,
        serviceId: b.serviceId,
        staffMemberId: slot.staffMemberId,
        firstName: 'Load',
        lastName: 'Alone',
        phone: bookingPhone(used),
        date: slot.date,
        notes: null,
        notificationPreferences: { email: false, sms: true },
      }),
    });
    used += 1;
    if (res.status !== 201) throw new Error(`Booking alone → ${res.status}: ${await res.text()}`);
  };

  await bookAlone();
  counter.trips = 0;
  counter.log = [];
  const t0 = performance.now();
  for (let i = 0; i < COUNTED; i += 1) await bookAlone();
  const aloneMs = (performance.now() - t0) / COUNTED;
  const tripsPerBooking = counter.trips / COUNTED;
  const oneBooking = counter.log
    .slice(0, counter.log.length / COUNTED)
    .map((text) => text.slice(0, 140));
  // The load runs without the counter in the way.
  counter.restore();

  let slotsRanOut = false;
  const cpu = { api: 0, pg: 0, answered: 0, rounds: [] as string[] };
  const [{ database } = { database: '' }] = await s.db.query<{ database: string }[]>(
    'SELECT current_database() AS database',
  );
  const bookings = await compare(s.floor, async (warmUpSec) => {
    const api0 = process.cpuUsage();
    const pg0 = postgresCpuMs(database);
    const r = await load({
      ...get(s.api, warmUpSec),
      bookings: {
        path: '/api/appointments',
        businessId: b.businessId,
        serviceId: b.serviceId,
        slots: slots.slice(used),
        first: used,
      },
    });
    const apiUsed = process.cpuUsage(api0);
    cpu.api += (apiUsed.user + apiUsed.system) / 1000;
    cpu.pg += postgresCpuMs(database) - pg0;
    const answered = r.run.requests + (r.warmUp?.requests ?? 0);
    cpu.answered += answered;
    cpu.rounds.push(
      `${answered} bookings: API ${((apiUsed.user + apiUsed.system) / 1000 / answered).toFixed(2)} ms, ` +
        `PostgreSQL ${((postgresCpuMs(database) - pg0) / answered).toFixed(2)} ms each`,
    );
    used += r.bookingsBuilt ?? 0;
    slotsRanOut ||= r.slotsRanOut ?? false;
    return r.run;
  });

  const contention = await contentionRun(s, seeded);
  const [outbox] = await s.db.query<{ n: number; kinds: string }[]>(
    `SELECT count(*)::int AS n, string_agg(DISTINCT kind, ', ') AS kinds FROM outbox
      WHERE business_id = $1`,
    [b.businessId],
  );
  return {
    dist: args.dist,
    tripsPerBooking,
    oneBooking,
    aloneMs,
    bookingsPerSec: bookings.run.perSecond,
    p99Ms: bookings.run.p99Ms,
    statuses: bookings.run.statuses,
    errors: bookings.run.errors,
    samples: bookings.run.samples,
    floorPerSec: bookings.floor.perSecond,
    apiCpuMsPerBooking: cpu.api / cpu.answered,
    postgresCpuMsPerBooking: cpu.pg / cpu.answered,
    cpuByRound: cpu.rounds,
    ratios: bookings.ratios,
    slotsRanOut,
    outboxRows: outbox!.n,
    outboxKinds: outbox!.kinds,
    bookingsMade: used,
    contention: {
      statuses: contention.run.statuses,
      errors: contention.run.errors,
      booked: contention.booked,
      capacity: contention.capacity,
    },
  };
});
console.info(JSON.stringify(figures, null, 2));
