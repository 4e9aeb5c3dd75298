// The public API under load: 50 connections over real HTTP against the booking page's slot
// request, the business directory and bookings, each against a floor served and loaded the same
// way in the same run (a bare Fastify + pg server with one one-query route).
// The API runs in this process from its build (services/api/dist), listening on a loopback port;
// the load comes from a child process (bench/load-client.ts, autocannon) so that generating it
// does not share the server's event loop. It does not build the API: run
// `npx nx run @slotwise/api:build` first. On its own: `node --import tsx/esm bench/load.ts`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import {
  type BookingSlot,
  bookingPhone,
  type LoadResult,
  type LoadSpec,
  type RunFigures,
} from './load-client.js';
import {
  type ApiApp,
  type ApiBuild,
  type ApiDataSource,
  assertOneNestCore,
  assertSamePackages,
  loadApi,
  withBenchDatabase,
} from './api-build.js';

const ROOT = join(import.meta.dirname, '..');
const CLIENT = join(import.meta.dirname, 'load-client.ts');

export const CONNECTIONS = 50;
/** Each measure: ROUNDS runs of ROUND_SEC, alternating with the floor's, after one warm-up. */
export const ROUNDS = 3;
export const ROUND_SEC = 3;
export const WARM_UP_SEC = 2;
/** Sequential requests (available times, bookings) timed after the load runs, for their median. */
const ALONE_RUNS = 30;
/** Requests of the contention run: it ends when every one is answered. */
export const CONTENTION_REQUESTS = 200;
/** The API's pool (DATABASE_POOL_SIZE, its default) and the floor's. */
export const POOL_SIZE = 10;
/** Appointments of the slot business in the two runs: its ratio to the floor should not move. */
export const SIZES = [1_000, 100_000] as const;
export const COMMAND = 'node --import tsx/esm bench/load.ts';

export const TARGETS = {
  /** available-times requests/s as a share of the floor's */
  timesShare: 0.4,
  timesP99Ms: 25,
  /** The 100,000-appointment ratio within this factor of the 1,000-appointment one. */
  sameWithin: 1.25,
  directoryShare: 0.5,
  bookingsPerSec: 300,
};

/** Monday 1 March 2027, 11:00 AM in Sydney: a fixed "now", so every run seeds the same days. */
const NOW = '2027-03-01T00:00:00Z';
const TODAY = '2027-03-01';
/** The day asked for: a Tuesday with every other time of each staff member booked. */
const DATE = '2027-03-09';
const SLOT_TZ = 'Australia/Sydney';
const STAFF = 5;
/** Slots of 30 minutes, 09:00 to 17:00, Monday to Saturday. */
const SLOTS_PER_DAY = 16;
const DIRECTORY_FILLERS = 49;
/** Booking slots prepared for the bookings run: far more than it can take at a few hundred a second. */
const BOOKING_SLOTS = 20_000;

const hours = (open: string, close: string) =>
  JSON.stringify([{ openTime: open, closeTime: close }]);

/**
 * The slot business: five staff offering a 30-minute service, Monday to Saturday 9 to 5, and
 * `appointments` bookings: every other time of each person on the day asked for (the same in every
 * run, so the answer is the same), nine in ten of the rest filling earlier days back from today and
 * one in ten the coming days, one in twenty of those cancelled.
 */
async function seedSlotBusiness(db: ApiDataSource, appointments: number) {
  const [business] = await db.query<{ id: number; slug: string }[]>(
    `INSERT INTO businesses (name, slug, time_zone, subscription_plan, address, phone, email)
     VALUES ('Load Street Barbers', 'load-street-barbers', $1, 'professional',
             '1 Load Street, Sydney NSW 2000', '02 9000 0000', 'owner@load-street.example')
     RETURNING id, slug`,
    [SLOT_TZ],
  );
  const businessId = business!.id;
  const [service] = await db.query<{ id: number }[]>(
    `INSERT INTO services (business_id, name, price_cents, duration_minutes)
     VALUES ($1, 'Cut and finish', 5500, 30) RETURNING id`,
    [businessId],
  );
  await seedStaffAndHours(db, businessId, service!.id, hours('09:00', '17:00'), 30, [1, 6]);
  await db.query(
    `INSERT INTO customers (business_id, first_name, last_name, phone)
     SELECT $1, 'Customer ' || g, 'Load', '+614' || lpad(g::text, 8, '0')
       FROM generate_series(1, $2::int) g`,
    [businessId, Math.max(100, appointments / 10)],
  );
  const onDate = (STAFF * SLOTS_PER_DAY) / 2;
  const past = Math.round((appointments - onDate) * 0.9);
  const future = appointments - onDate - past;
  await db.query(
    `WITH staff AS (
       SELECT id, (row_number() OVER (ORDER BY id))::int - 1 AS n
         FROM staff_members WHERE business_id = $1),
     asked AS (
       SELECT $3::date AS day, s.id AS staff_id, k
         FROM staff s CROSS JOIN generate_series(0, ${SLOTS_PER_DAY - 1}) k
        WHERE (k + s.n) % 2 = 0),
     past AS (
       SELECT $4::date - g AS day, s.id AS staff_id, k,
              row_number() OVER (ORDER BY g, s.n, k) AS rn
         FROM generate_series(1, 4000) g CROSS JOIN staff s
        CROSS JOIN generate_series(0, ${SLOTS_PER_DAY - 1}) k
        WHERE extract(isodow FROM $4::date - g) <> 7
        ORDER BY g, s.n, k LIMIT $5),
     future AS (
       SELECT $4::date + g AS day, s.id AS staff_id, k,
              row_number() OVER (ORDER BY g, s.n, k) AS rn
         FROM generate_series(1, 400) g CROSS JOIN staff s
        CROSS JOIN generate_series(0, ${SLOTS_PER_DAY - 1}) k
        WHERE extract(isodow FROM $4::date + g) <> 7 AND $4::date + g <> $3::date
        ORDER BY g, s.n, k LIMIT $6),
     cells AS (
       SELECT day, staff_id, k, 'confirmed' AS status FROM asked
       UNION ALL
       SELECT day, staff_id, k, CASE WHEN rn % 20 = 0 THEN 'cancelled'
                                     WHEN rn % 50 = 0 THEN 'no_show' ELSE 'completed' END
         FROM past
       UNION ALL
       SELECT day, staff_id, k, CASE WHEN rn % 20 = 0 THEN 'cancelled' ELSE 'confirmed' END
         FROM future),
     timed AS (
       SELECT c.staff_id, c.status, row_number() OVER () AS i,
              (c.day + time '09:00' + make_interval(mins => 30 * c.k)) AT TIME ZONE $7 AS at
         FROM cells c),
     cust AS (SELECT array_agg(id ORDER BY id) AS ids FROM customers WHERE business_id = $1)
     INSERT INTO appointments (business_id, service_id, staff_id, customer_id, status, starts_at,
                               ends_at, blocked_from, blocked_until, price_cents)
     SELECT $1, $2, t.staff_id, cust.ids[1 + t.i % array_length(cust.ids, 1)], t.status, t.at,
            t.at + interval '30 minutes', t.at, t.at + interval '30 minutes', 5500
       FROM timed t CROSS JOIN cust`,
    [businessId, service!.id, DATE, TODAY, past, future, SLOT_TZ],
  );
  const [count] = await db.query<{ n: number }[]>(
    'SELECT count(*)::int AS n FROM appointments WHERE business_id = $1',
    [businessId],
  );
  if (count!.n !== appointments) throw new Error(`Seeded ${count!.n} of ${appointments} bookings`);
  return { businessId, slug: business!.slug, serviceId: service!.id };
}

/** STAFF staff members offering the service, and the business's weekly hours on days from..to. */
async function seedStaffAndHours(
  db: ApiDataSource,
  businessId: number,
  serviceId: number,
  intervals: string,
  slotMinutes: number,
  [fromDay, toDay]: [number, number],
) {
  const staff = await db.query<{ id: number }[]>(
    `INSERT INTO staff_members (business_id, first_name, last_name, position)
     SELECT $1, 'Staff ' || g, 'Load', 'Barber' FROM generate_series(1, ${STAFF}) g
     RETURNING id`,
    [businessId],
  );
  await db.query(
    `INSERT INTO staff_services (staff_id, service_id)
     SELECT id, $2 FROM staff_members WHERE business_id = $1`,
    [businessId, serviceId],
  );
  await db.query(
    `INSERT INTO availabilities (business_id, staff_id, day_of_week, is_open, intervals, slot_duration)
     SELECT $1, NULL, d, open, CASE WHEN open THEN $2::jsonb ELSE '[]'::jsonb END, $3
       FROM generate_series(0, 6) d CROSS JOIN LATERAL (SELECT d BETWEEN $4 AND $5 AS open) o`,
    [businessId, intervals, slotMinutes, fromDay, toDay],
  );
  return staff.map((s) => s.id);
}

/** Other listed businesses, so the directory is a page of them and not one row. */
async function seedDirectory(db: ApiDataSource) {
  await db.query(
    `INSERT INTO businesses (name, slug, time_zone, address, phone, description)
     SELECT 'Directory Business ' || lpad(g::text, 2, '0'), 'directory-business-' || g, $1,
            g || ' Example Street, Sydney NSW 2000', '02 9000 0000', 'A listed business'
       FROM generate_series(1, ${DIRECTORY_FILLERS}) g`,
    [SLOT_TZ],
  );
  await db.query(
    `INSERT INTO services (business_id, name, price_cents, duration_minutes)
     SELECT id, 'Consultation', 6000, 45 FROM businesses WHERE slug LIKE 'directory-business-%'`,
  );
  await db.query(
    `INSERT INTO availabilities (business_id, staff_id, day_of_week, is_open, intervals, slot_duration)
     SELECT b.id, NULL, d, d BETWEEN 1 AND 5,
            CASE WHEN d BETWEEN 1 AND 5 THEN $1::jsonb ELSE '[]'::jsonb END, 30
       FROM businesses b CROSS JOIN generate_series(0, 6) d
      WHERE b.slug LIKE 'directory-business-%'`,
    [hours('09:00', '17:00')],
  );
}

/**
 * A business taking online bookings: five staff offering a 15-minute service, every day 6 AM to
 * 10 PM, no minimum notice, in Brisbane (no daylight saving, so slot instants are plain sums).
 */
async function seedBookable(db: ApiDataSource, name: string, slug: string) {
  const [business] = await db.query<{ id: number }[]>(
    `INSERT INTO businesses (name, slug, time_zone, region, subscription_plan, min_notice_minutes,
                             address, phone, email)
     VALUES ($1, $2, 'Australia/Brisbane', 'QLD', 'professional', 0,
             '1 Load Lane, Brisbane QLD 4000', '07 3000 0000', $3)
     RETURNING id`,
    [name, slug, `owner@${slug}.example`],
  );
  const businessId = business!.id;
  const [service] = await db.query<{ id: number }[]>(
    `INSERT INTO services (business_id, name, price_cents, duration_minutes)
     VALUES ($1, 'Express trim', 3000, 15) RETURNING id`,
    [businessId],
  );
  const staffIds = await seedStaffAndHours(
    db,
    businessId,
    service!.id,
    hours('06:00', '22:00'),
    15,
    [0, 6],
  );
  return { businessId, serviceId: service!.id, staffIds };
}

/** Brisbane 6 AM on the `day`th day after today, plus `quarter` quarter-hours. */
const brisbane = (day: number, quarter: number) =>
  new Date(
    Date.parse(`${TODAY}T06:00:00+10:00`) + day * 86_400_000 + quarter * 15 * 60_000,
  ).toISOString();

/** Free slots from tomorrow on, day by day, each time of the day for each person in turn. */
export function distinctSlots(staffIds: number[]): BookingSlot[] {
  const slots: BookingSlot[] = [];
  for (let day = 1; slots.length < BOOKING_SLOTS; day += 1) {
    for (let q = 0; q < 64; q += 1) {
      for (const staffMemberId of staffIds) slots.push({ date: brisbane(day, q), staffMemberId });
    }
  }
  return slots;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs the child load generator on `spec` and returns what it measured, once the server has had
 * time to finish the requests still in flight when the run stopped (they would slow the next run).
 */
export async function load(spec: LoadSpec): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'slotwise-load-'));
  const file = join(dir, 'spec.json');
  writeFileSync(file, JSON.stringify(spec));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx/esm', CLIENT, file], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0) throw new Error(`bench/load-client.ts exited with ${code}`);
    const result = JSON.parse(out.trim().split('\n').pop()!) as LoadResult;
    await sleep(Math.min(10_000, Math.max(500, result.run.maxMs * 1.5)));
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const get = (url: string, warmUpSec: number): LoadSpec => ({
  url,
  connections: CONNECTIONS,
  durationSec: ROUND_SEC,
  warmUpSec,
});

/** Every answer of a GET run must be a 200 with no connection errors. */
function assertAllOk(what: string, r: RunFigures) {
  const other = Object.entries(r.statuses).filter(([s]) => s !== '200');
  if (other.length > 0 || r.errors > 0) {
    throw new Error(
      `${what}: ${JSON.stringify({ statuses: r.statuses, errors: r.errors, samples: r.samples })}`,
    );
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The rounds as one run: requests/s over all of them, the median round's latencies. */
function merge(runs: RunFigures[]): RunFigures {
  const requests = runs.reduce((n, r) => n + r.requests, 0);
  const durationSec = runs.reduce((n, r) => n + r.durationSec, 0);
  const statuses: Record<string, number> = {};
  for (const r of runs) {
    for (const [s, n] of Object.entries(r.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
  }
  return {
    requests,
    durationSec,
    perSecond: requests / durationSec,
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    maxMs: Math.max(...runs.map((r) => r.maxMs)),
    statuses,
    errors: runs.reduce((n, r) => n + r.errors, 0),
    samples: Object.assign({}, ...runs.map((r) => r.samples)) as Record<string, string>,
  };
}

export interface Compared {
  floor: RunFigures;
  run: RunFigures;
  /** The median of the rounds' requests/s ratios (run ÷ floor). */
  ratio: number;
  ratios: number[];
}

/**
 * ROUNDS alternating runs of the floor and of the request compared with it (both warmed up in the
 * first): other work on a shared machine comes and goes within seconds, and a median of ratios
 * taken side by side is steadier than one long run of each.
 */
export async function compare(
  floorUrl: string,
  runTarget: (warmUpSec: number) => Promise<RunFigures>,
): Promise<Compared> {
  const floors: RunFigures[] = [];
  const runs: RunFigures[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const warmUpSec = round === 0 ? WARM_UP_SEC : 0;
    const floor = (await load(get(floorUrl, warmUpSec))).run;
    assertAllOk('floor', floor);
    floors.push(floor);
    runs.push(await runTarget(warmUpSec));
  }
  const ratios = runs.map((r, i) => r.perSecond / floors[i]!.perSecond);
  return { floor: merge(floors), run: merge(runs), ratio: median(ratios), ratios };
}

/** A GET compared with the floor; every answer must be a 200. */
const compareGet = (floorUrl: string, url: string, what: string) =>
  compare(floorUrl, async (warmUpSec) => {
    const run = (await load(get(url, warmUpSec))).run;
    assertAllOk(what, run);
    return run;
  });

export interface SizeFigures extends Compared {
  appointments: number;
  /** Free times in the available-times answer (the same in every run). */
  timesFree: number;
  /** Median time of one request with nothing else in flight (after the load runs). */
  aloneMs: number;
}

export interface LoadFigures {
  date: string;
  path: string;
  sizes: SizeFigures[];
  directory: Compared & { businesses: number };
  bookings: Compared & { slotsRanOut: boolean; aloneMs: number };
  contention: { run: RunFigures; slots: number; capacity: number; booked: number };
}

export interface Served {
  api: string;
  floor: string;
  db: ApiDataSource;
}

/**
 * Three times of one morning at the contended business, any staff member (fifteen bookings to be
 * had in all): CONTENTION_REQUESTS bookings, until every one is answered, and the bookings kept.
 */
export async function contentionRun(
  s: Served,
  seeded: Awaited<ReturnType<typeof seedAll>>,
): Promise<LoadFigures['contention']> {
  const c = seeded.contended;
  const few = [16, 17, 18].map((q) => ({ date: brisbane(2, q), staffMemberId: null }));
  const contended = await load({
    url: s.api,
    connections: CONNECTIONS,
    durationSec: 0,
    amount: CONTENTION_REQUESTS,
    warmUpSec: 0,
    bookings: {
      path: '/api/appointments',
      businessId: c.businessId,
      serviceId: c.serviceId,
      slots: few,
      first: 0,
    },
  });
  const [kept] = await s.db.query<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM appointments WHERE business_id = $1 AND status <> 'cancelled'`,
    [c.businessId],
  );
  return {
    run: contended.run,
    slots: few.length,
    capacity: few.length * c.staffIds.length,
    booked: kept!.n,
  };
}

/** A fresh database seeded with `appointments`, the API and the floor serving it. */
export async function serve<T>(
  api: ApiBuild,
  appointments: number,
  fn: (s: Served, seeded: Awaited<ReturnType<typeof seedAll>>) => Promise<T>,
): Promise<T> {
  return withBenchDatabase(api, async (db, databaseUrl) => {
    let app: ApiApp | undefined;
    let pool: pg.Pool | undefined;
    const floor = Fastify();
    try {
      const seeded = await seedAll(db, appointments);
      app = await api.createApp({
        config: api.loadConfig({
          DATABASE_URL: databaseUrl,
          DATABASE_POOL_SIZE: String(POOL_SIZE),
          PORT: '0',
          HOST: '127.0.0.1',
          NODE_ENV: 'test',
          JWT_SECRET: randomBytes(32).toString('hex'),
          // Every request comes from 127.0.0.1, and the limits are per IP and per phone number:
          // raised so that none of the benchmark's bookings is refused.
          BOOKING_RATE_LIMIT_PER_IP: '1000000',
          BOOKING_RATE_LIMIT_PER_PHONE: '1000000',
        }),
        clock: new api.FixedClock(NOW),
        logger: ['error'],
      });
      await app.listen(0, '127.0.0.1');
      const apiPort = (app.getHttpServer().address() as AddressInfo).port;

      pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
      const floorPool = pool;
      floor.get<{ Params: { slug: string } }>('/floor/:slug', async (request) => {
        const { rows } = await floorPool.query(
          'SELECT id, name, slug FROM businesses WHERE slug = $1',
          [request.params.slug],
        );
        return rows[0];
      });
      await floor.listen({ port: 0, host: '127.0.0.1' });
      const floorPort = (floor.server.address() as AddressInfo).port;
      return await fn(
        {
          api: `http://127.0.0.1:${apiPort}`,
          floor: `http://127.0.0.1:${floorPort}/floor/${seeded.times.slug}`,
          db,
        },
        seeded,
      );
    } finally {
      await floor.close().catch(() => undefined);
      await pool?.end().catch(() => undefined);
      await app?.close().catch(() => undefined);
    }
  });
}

async function seedAll(db: ApiDataSource, appointments: number) {
  const times = await seedSlotBusiness(db, appointments);
  await seedDirectory(db);
  const booking = await seedBookable(db, 'Load Lane Express', 'load-lane-express');
  const contended = await seedBookable(db, 'Load Lane Rush', 'load-lane-rush');
  await db.query('ANALYZE');
  return { times, booking, contended };
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url} → ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export async function measureLoad(): Promise<LoadFigures> {
  assertSamePackages();
  await assertOneNestCore();
  const api = await loadApi();
  const sizes: SizeFigures[] = [];
  let rest: Omit<LoadFigures, 'sizes' | 'date' | 'path'> | undefined;
  let path = '';
  for (const appointments of SIZES) {
    const first = appointments === SIZES[0];
    await serve(api, appointments, async (s, seeded) => {
      path = `/api/business/slug/${seeded.times.slug}/available-times?date=${DATE}&serviceId=${seeded.times.serviceId}`;
      const timesFree = (await getJson<unknown[]>(`${s.api}${path}`)).length;
      // A day with nothing free would time an early return, not the engine.
      if (timesFree === 0) throw new Error(`No free time on ${DATE}`);
      await getJson(s.floor);
      const times = await compareGet(s.floor, `${s.api}${path}`, 'available-times');
      // One request at a time as well: whether a request's own cost grows with the bookings,
      // whatever else the machine is doing.
      const alone: number[] = [];
      for (let i = 0; i < ALONE_RUNS; i += 1) {
        const t0 = performance.now();
        await getJson(`${s.api}${path}`);
        alone.push(performance.now() - t0);
      }
      sizes.push({ appointments, timesFree, aloneMs: median(alone), ...times });
      if (!first) return;

      const listed = (await getJson<unknown[]>(`${s.api}/api/businesses`)).length;
      const directory = await compareGet(s.floor, `${s.api}/api/businesses`, 'directory');

      // Each round goes on with the slots the earlier ones left.
      const b = seeded.booking;
      const slots = distinctSlots(b.staffIds);
      let used = 0;
      let slotsRanOut = false;
      const bookings = await compare(s.floor, async (warmUpSec) => {
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
        used += r.bookingsBuilt ?? 0;
        slotsRanOut ||= r.slotsRanOut ?? false;
        return r.run;
      });
      const bookingsAlone: number[] = [];
      for (let i = 0; i < ALONE_RUNS; i += 1, used += 1) {
        const t0 = performance.now();
        const res = await fetch(`${s.api}/api/appointments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            businessId: b.businessId,
            serviceId: b.serviceId,
            staffMemberId: slots[used]!.staffMemberId,
            firstName: 'Load',
            lastName: 'Alone',
            phone: bookingPhone(used),
            date: slots[used]!.date,
          }),
        });
        bookingsAlone.push(performance.now() - t0);
        if (res.status !== 201)
          throw new Error(`Booking alone → ${res.status}: ${await res.text()}`);
      }

      const contention = await contentionRun(s, seeded);
      rest = {
        directory: { businesses: listed, ...directory },
        bookings: { ...bookings, slotsRanOut, aloneMs: median(bookingsAlone) },
        contention,
      };
    });
  }
  return { date: DATE, path, sizes, ...rest! };
}

// --- Report -----------------------------------------------------------------------------------

const rps = (r: RunFigures) => r.perSecond.toFixed(0);
const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
const ok = (pass: boolean) => (pass ? 'within' : '**MISSED**');
const statusList = (r: RunFigures) =>
  Object.entries(r.statuses)
    .map(([s, n]) => `${n} × ${s}`)
    .join(', ') + (r.errors > 0 ? `, ${r.errors} connection errors` : '');
/** The median ratio, with the rounds it is the median of. */
const ratioCell = (c: Compared) => `**${pct(c.ratio)}** (${c.ratios.map(pct).join(', ')})`;

/** The verdicts, for the markdown and for the exit code of the runnable main. */
export function loadVerdicts(f: LoadFigures) {
  const [small, large] = f.sizes as [SizeFigures, SizeFigures];
  const drift = large.ratio / small.ratio;
  const contentionStatuses = Object.keys(f.contention.run.statuses);
  return {
    times: f.sizes.map((s) => s.ratio >= TARGETS.timesShare && s.run.p99Ms <= TARGETS.timesP99Ms),
    drift,
    same: drift <= TARGETS.sameWithin && drift >= 1 / TARGETS.sameWithin,
    directory: f.directory.ratio >= TARGETS.directoryShare,
    bookings:
      f.bookings.run.perSecond >= TARGETS.bookingsPerSec &&
      Object.keys(f.bookings.run.statuses).every((s) => s === '201') &&
      f.bookings.run.errors === 0 &&
      !f.bookings.slotsRanOut,
    contention:
      contentionStatuses.every((s) => s === '201' || s === '409') &&
      f.contention.run.errors === 0 &&
      (f.contention.run.statuses['201'] ?? 0) === f.contention.booked &&
      f.contention.booked <= f.contention.capacity,
  };
}

/** The "## Load (50 connections)" section of docs/performance.md. */
export function loadSection(f: LoadFigures): string {
  const v = loadVerdicts(f);
  const [small, large] = f.sizes as [SizeFigures, SizeFigures];
  const n = (x: number) => x.toLocaleString('en-AU');
  const timesRows = f.sizes
    .map(
      (s, i) =>
        `| available times, ${n(s.appointments)} appointments | ${rps(s.run)} req/s, p99 **${s.run.p99Ms} ms** | ${rps(s.floor)} req/s, p99 ${s.floor.p99Ms} ms | ${ratioCell(s)} | ≥ ${pct(TARGETS.timesShare)} and p99 ≤ ${TARGETS.timesP99Ms} ms: ${ok(v.times[i]!)} |`,
    )
    .join('\n');
  const book = f.bookings.run;
  const cont = f.contention.run;
  return `## Load (50 connections)

The public API over real HTTP on a loopback port: ${CONNECTIONS} keep-alive connections from
[autocannon](https://github.com/mcollina/autocannon) in a child process against the API's build
running in the benchmark's process (a pool of ${POOL_SIZE} connections, errors-only logging,
PostgreSQL on the same machine); requests ask for no compression. Floor: a bare Fastify + \`pg\`
server (the same packages, database and pool size) with one route that runs
\`SELECT id, name, slug FROM businesses WHERE slug = $1\` and returns the row as JSON, served and
loaded the same way. Each request is measured in ${ROUNDS} rounds of ${ROUND_SEC} s alternating with
the floor's (${WARM_UP_SEC} s of warm-up for both before the first): requests/s over all rounds, p99 the median
of the rounds' p99s, and the ratio to the floor is the median of the rounds' ratios (listed after it). On
a shared machine the absolute figures move from run to run; the ratios are what compare. Command:
\`${COMMAND}\` (this section alone) or \`npm run bench\`.

The slot business has 5 staff offering a 30-minute service, Monday to Saturday 9 to 5, and every
other time booked on the day asked for (${f.date}, ${small.timesFree} times free); its other
bookings fill earlier days (nine in ten) and the coming ones (one in ten). The run is repeated on a
fresh database with ${n(large.appointments)} appointments instead of ${n(small.appointments)}: the
ratio to the floor should not move (target: within ×${TARGETS.sameWithin}).

| request | value | floor | ratio to floor | target: verdict |
|---|---|---|---|---|
${timesRows}
| available times: ${n(large.appointments)} against ${n(small.appointments)} appointments | ratio ${pct(large.ratio)} against ${pct(small.ratio)}; one request alone: median ${large.aloneMs.toFixed(1)} ms against ${small.aloneMs.toFixed(1)} ms | – | ×${v.drift.toFixed(2)} | about the same (×${(1 / TARGETS.sameWithin).toFixed(2)}–×${TARGETS.sameWithin}): ${v.same ? 'same' : '**MOVED**'} |
| directory \`GET /api/businesses\` (${f.directory.businesses} businesses) | ${rps(f.directory.run)} req/s, p99 ${f.directory.run.p99Ms} ms | ${rps(f.directory.floor)} req/s | ${ratioCell(f.directory)} | ≥ ${pct(TARGETS.directoryShare)}: ${ok(v.directory)} |
| bookings \`POST /api/appointments\`, each a distinct free slot and phone number | **${book.perSecond.toFixed(0)} bookings/s**, p99 ${book.p99Ms} ms (${statusList(book)}); one booking alone: median ${f.bookings.aloneMs.toFixed(1)} ms | ${rps(f.bookings.floor)} req/s | ${ratioCell(f.bookings)} | ≥ ${TARGETS.bookingsPerSec}/s, all 201: ${ok(v.bookings)} |
| contention: ${f.contention.slots} times of one morning, any staff member (${f.contention.capacity} bookings to be had), ${CONTENTION_REQUESTS} requests | ${statusList(cont)}; ${f.contention.booked} appointments kept | – | – | only 201 and 409, one 201 per booking kept: ${ok(v.contention)} |

Available-times path: \`${f.path}\`. 'Alone': the median of ${ALONE_RUNS}
requests sent one at a time after the load runs. The bookings are at a second business (5 staff, a 15-minute
service, every day 6 AM to 10 PM, Professional plan, so each booking also queues its SMS, reminder
and the owner's email in the outbox); every request takes the next free slot and a new mobile
number, so none collides. The contention run sends its requests to a third such business, all
for the same three times, until each has been answered. The limits on bookings count per client IP
and per phone number, and every request here comes from 127.0.0.1: \`BOOKING_RATE_LIMIT_PER_IP\` and
\`BOOKING_RATE_LIMIT_PER_PHONE\` are raised to 1,000,000 for the benchmark (the counters are in the
process's memory: no \`REDIS_URL\`).
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureLoad();
  console.info(JSON.stringify(figures, null, 2));
  console.info(loadSection(figures));
}
