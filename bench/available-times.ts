// The public slot endpoints of a busy business: how long available-times and available-days take
// against the public services list (the floor), and how many database round trips each makes, with
// the API process's cache warm (the usual case) and just after a change of the business (the
// cache listener has dropped it, so the business, service, staff and weekly hours are read again).
// The API runs in-process from its build (services/api/dist) and is called through Fastify's
// `inject`, so no network is timed. It does not build the API: `npm run bench` is run after
// `npx nx run-many -t build` (or `npx nx run @slotwise/api:build`), like the browser tests.
// On its own: `node --import tsx/esm bench/available-times.ts` (not `--import tsx`: see below).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  type ApiApp,
  type ApiDataSource,
  assertOneNestCore,
  assertSamePackages,
  loadApi,
  withBenchDatabase,
} from './api-build.js';

export const RUNS = 30;
export const WARM_UP = 10;
const TIME_ZONE = 'Australia/Sydney';
/** Monday 1 March 2027, 11:00 AM in Sydney: a fixed "now", so every run seeds the same weeks. */
const NOW = '2027-03-01T00:00:00Z';
/** The day asked for: a Tuesday with bookings and one staff member's afternoon off. */
const DATE = '2027-03-09';
const MONTH = '2027-03';
const WEEKS = 6;

/**
 * Counts (and, while `log` is set, records) every query sent by any pg client, except the cache
 * listener's own connection (its LISTEN and pings) and the one LISTEN each pool connection sends
 * the first time it is handed out: neither belongs to a request.
 */
export function countQueries(listenerName: string) {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const counter = { trips: 0, log: null as string[] | null, restore: () => {} };
  proto.query = function (
    this: { connectionParameters?: { application_name?: string } },
    ...args: unknown[]
  ) {
    const q = args[0];
    const text = typeof q === 'string' ? q : ((q as { text?: string }).text ?? String(q));
    if (this.connectionParameters?.application_name !== listenerName && !/^LISTEN /.test(text)) {
      counter.trips += 1;
      counter.log?.push(text.replace(/\s+/g, ' ').trim());
    }
    return original.apply(this, args);
  };
  counter.restore = () => {
    proto.query = original;
  };
  return counter;
}

const interval = (openTime: string, closeTime: string) => ({ openTime, closeTime });
/** Local dates from `from` on, 'YYYY-MM-DD' with their weekday (0 = Sunday). */
function localDates(from: string, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(`${from}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return { date: d.toISOString().slice(0, 10), weekday: d.getUTCDay() };
  });
}

/**
 * A busy barber's: three staff offering a 60-minute service with 15 minutes of buffer after it,
 * weekdays with a lunch break and short Saturdays, one staff member on their own hours, a closure,
 * special hours on a Saturday, an afternoon off, and about four bookings per person per day over
 * the coming weeks (a few of them cancelled).
 */
async function seed(db: ApiDataSource) {
  const [business] = await db.query<{ id: number; slug: string }[]>(
    `INSERT INTO businesses (name, slug, time_zone, subscription_plan, address, phone)
     VALUES ('Bench Street Barbers', 'bench-street-barbers', $1, 'professional',
             '1 Bench Street, Sydney NSW 2000', '02 9000 0000')
     RETURNING id, slug`,
    [TIME_ZONE],
  );
  const businessId = business!.id;
  const [cut, beard] = await db.query<{ id: number }[]>(
    `INSERT INTO services (business_id, name, price_cents, duration_minutes, buffer_after_minutes)
     VALUES ($1, 'Cut and finish', 8500, 60, 15), ($1, 'Beard trim', 3000, 30, 0)
     RETURNING id`,
    [businessId],
  );
  const staff = await db.query<{ id: number }[]>(
    `INSERT INTO staff_members (business_id, first_name, last_name, position)
     VALUES ($1, 'Ava', 'Nguyen', 'Senior barber'), ($1, 'Ben', 'Walker', 'Barber'),
            ($1, 'Chloe', 'Smith', 'Barber')
     RETURNING id`,
    [businessId],
  );
  const [ava, ben, chloe] = staff.map((s) => s.id) as [number, number, number];
  await db.query(
    `INSERT INTO staff_services (staff_id, service_id)
     VALUES ($1, $4), ($2, $4), ($3, $4), ($2, $5)`,
    [ava, ben, chloe, cut!.id, beard!.id],
  );

  // Weekly hours: the business's, then Chloe's own (Tuesday to Saturday, 10 to 4).
  const weekday = [interval('09:00', '12:30'), interval('13:30', '17:30')];
  const business7 = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    staffId: null as number | null,
    day,
    intervals: day === 0 ? [] : day === 6 ? [interval('09:00', '13:00')] : weekday,
  }));
  const chloe7 = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    staffId: chloe as number | null,
    day,
    intervals: day >= 2 ? [interval('10:00', '16:00')] : [],
  }));
  for (const row of [...business7, ...chloe7]) {
    await db.query(
      `INSERT INTO availabilities (business_id, staff_id, day_of_week, is_open, intervals, slot_duration)
       VALUES ($1, $2, $3, $4, $5::jsonb, 15)`,
      [businessId, row.staffId, row.day, row.intervals.length > 0, JSON.stringify(row.intervals)],
    );
  }
  const closed = { from: '2027-03-18', to: '2027-03-19' };
  await db.query(
    `INSERT INTO business_closures (business_id, from_date, to_date, reason)
     VALUES ($1, $2, $3, 'Staff training')`,
    [businessId, closed.from, closed.to],
  );
  await db.query(
    `INSERT INTO business_special_hours (business_id, date, intervals, reason)
     VALUES ($1, '2027-03-13', $2::jsonb, 'Late Saturday')`,
    [businessId, JSON.stringify([interval('09:00', '15:00')])],
  );
  // Ben's afternoon off on the day asked for.
  const offFrom = '13:30';
  await db.query(
    `INSERT INTO staff_time_off (business_id, staff_id, starts_at, ends_at, reason)
     VALUES ($1, $2, ($3 || ' ' || $4)::timestamp AT TIME ZONE $5,
             ($3 || ' 17:30')::timestamp AT TIME ZONE $5, 'Appointment')`,
    [businessId, ben, DATE, offFrom, TIME_ZONE],
  );

  // Bookings: of each person's candidate starts, eight in ten are booked, one in ten was booked
  // and cancelled (it must not block anything) and one in ten is free.
  const starts = {
    weekday: ['09:00', '10:15', '11:30', '13:30', '14:45', '16:00'],
    saturday: ['09:00', '10:15', '11:30'],
    chloe: ['10:00', '11:15', '13:30', '14:45'],
  };
  const rows: { staffId: number; local: string; status: string }[] = [];
  for (const [d, { date, weekday: wd }] of localDates(NOW.slice(0, 10), WEEKS * 7).entries()) {
    if (wd === 0 || (date >= closed.from && date <= closed.to)) continue;
    for (const [s, staffId] of [ava, ben, chloe].entries()) {
      if (staffId === chloe && wd === 1) continue;
      const times =
        staffId !== chloe
          ? wd === 6
            ? starts.saturday
            : starts.weekday
          : starts.chloe.filter((t) => wd !== 6 || t < '13:00');
      for (const [i, time] of times.entries()) {
        if (staffId === ben && date === DATE && time >= offFrom) continue;
        const pick = (d * 7 + s * 3 + i) % 10;
        if (pick === 1) continue;
        rows.push({
          staffId,
          local: `${date} ${time}`,
          status: pick === 0 ? 'cancelled' : 'confirmed',
        });
      }
    }
  }
  const customers = await db.query<{ id: number }[]>(
    `INSERT INTO customers (business_id, first_name, last_name, phone)
     SELECT $1, 'Customer ' || g, 'Bench', '+614' || lpad(g::text, 8, '0')
       FROM generate_series(1, 120) g
     RETURNING id`,
    [businessId],
  );
  await db.query(
    `INSERT INTO appointments (business_id, service_id, staff_id, customer_id, status,
                               starts_at, ends_at, blocked_from, blocked_until)
     SELECT s.business_id, s.id, b.staff_id, b.customer_id, b.status, t.at,
            t.at + make_interval(mins => s.duration_minutes),
            t.at - make_interval(mins => s.buffer_before_minutes),
            t.at + make_interval(mins => s.duration_minutes + s.buffer_after_minutes)
       FROM unnest($2::int[], $3::timestamp[], $4::text[], $5::int[])
              AS b(staff_id, local_start, status, customer_id)
      CROSS JOIN LATERAL (SELECT b.local_start AT TIME ZONE $6 AS at) t
       JOIN services s ON s.id = $1`,
    [
      cut!.id,
      rows.map((r) => r.staffId),
      rows.map((r) => r.local),
      rows.map((r) => r.status),
      rows.map((_, i) => customers[i % customers.length]!.id),
      TIME_ZONE,
    ],
  );
  await db.query('ANALYZE');
  return {
    businessId,
    slug: business!.slug,
    serviceId: cut!.id,
    staffId: ben,
    bookings: rows.filter((r) => r.status !== 'cancelled').length,
    bookingsOnDate: rows.filter((r) => r.status !== 'cancelled' && r.local.startsWith(DATE)).length,
  };
}

/** What a query reads, by the table it starts from (for the explanation of the round trips). */
export function describeQuery(sql: string): string {
  const from = (table: string) => new RegExp(`\\bFROM\\s+"?${table}"?(\\s|$)`, 'i').test(sql);
  if (/\bbusiness_closures\b/.test(sql) && /\bappointments\b/.test(sql)) {
    return "the day's exceptions (closures, special hours and time off) and its bookings, in one statement";
  }
  if (/\bbusiness_closures\b/.test(sql)) {
    return "the day's exceptions (closures, special hours and time off in one query)";
  }
  if (from('businesses') && /\bbusiness_slug_history\b/.test(sql)) return 'the slug';
  if (from('businesses')) return 'the business';
  if (from('services')) return 'the service';
  if (from('staff_members') && /\bstaff_services\b/.test(sql)) {
    return 'the staff with their service links';
  }
  if (from('staff_members')) return 'the staff';
  if (from('staff_services')) return 'their service links';
  if (from('availabilities')) return 'the weekly hours of the business and its staff';
  if (from('appointments')) return 'the bookings';
  return `another query (\`${sql.slice(0, 80)}\`)`;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface RequestFigures {
  path: string;
  medianMs: number;
  /** With the API process's cache warm. */
  roundTrips: number;
  /** The SQL of each round trip of one request, in the order sent. */
  sql: string[];
  /** The first request after a change of the business (its cache entries dropped). */
  afterChange: { roundTrips: number; sql: string[] };
}

export async function measureAvailableTimes() {
  assertSamePackages();
  await assertOneNestCore();
  const api = await loadApi();
  const counter = countQueries(api.LISTENER_APPLICATION_NAME);
  try {
    return await withBenchDatabase(api, async (db, databaseUrl) => {
      let app: ApiApp | undefined;
      try {
        const data = await seed(db);
        app = await api.createApp({
          config: api.loadConfig({
            DATABASE_URL: databaseUrl,
            PORT: '0',
            HOST: '127.0.0.1',
            NODE_ENV: 'test',
            JWT_SECRET: randomBytes(32).toString('hex'),
          }),
          clock: new api.FixedClock(NOW),
          logger: ['error'],
        });
        const fastify = app.getHttpAdapter().getInstance();
        const listener = app.get(api.BusinessChangeListener) as { caughtUp(): Promise<void> };
        /** A change of the business (any write to it notifies), once the API has been told of it. */
        const changeBusiness = async () => {
          await db.query('UPDATE businesses SET updated_at = now() WHERE id = $1', [
            data.businessId,
          ]);
          await listener.caughtUp();
        };

        const measure = async (path: string): Promise<RequestFigures> => {
          const call = async () => {
            const res = await fastify.inject({ method: 'GET', url: path });
            if (res.statusCode !== 200) throw new Error(`${path} → ${res.statusCode}: ${res.body}`);
            return res;
          };
          await changeBusiness();
          counter.log = [];
          await call();
          const afterChange = { roundTrips: counter.log.length, sql: counter.log };
          counter.log = null;
          // Without a single query counted, pg's Client is not the one the API uses.
          if (afterChange.roundTrips === 0)
            throw new Error(`${path}: no query counted after a change`);
          for (let i = 0; i < WARM_UP; i += 1) await call();
          counter.log = [];
          await call();
          const sql = counter.log;
          counter.log = null;
          const times: number[] = [];
          const trips: number[] = [];
          for (let i = 0; i < RUNS; i += 1) {
            const before = counter.trips;
            const t0 = performance.now();
            await call();
            times.push(performance.now() - t0);
            trips.push(counter.trips - before);
          }
          // Anything else querying meanwhile (none expected) would show as an uneven count.
          if (Math.min(...trips) !== Math.max(...trips) || trips[0] !== sql.length) {
            console.warn(`${path}: round trips varied (${[...new Set(trips)].join(', ')})`);
          }
          return { path, medianMs: median(times), roundTrips: median(trips), sql, afterChange };
        };

        const base = `/api/business/slug/${data.slug}`;
        const times = `${base}/available-times?date=${DATE}&serviceId=${data.serviceId}`;
        const floor = await measure(`/api/business/${data.businessId}/services`);
        const anyStaff = await measure(times);
        const oneStaff = await measure(`${times}&staffId=${data.staffId}`);
        const days = await measure(
          `${base}/available-days?month=${MONTH}&serviceId=${data.serviceId}`,
        );

        const slots = (path: string) =>
          fastify
            .inject({ method: 'GET', url: path })
            .then((r) => (JSON.parse(r.body) as []).length);
        const slotsAnyStaff = await slots(anyStaff.path);
        const slotsOneStaff = await slots(oneStaff.path);
        // A day with nothing free would time an early return, not the engine.
        if (slotsAnyStaff === 0 || slotsOneStaff === 0) throw new Error(`No free time on ${DATE}`);
        return {
          date: DATE,
          month: MONTH,
          weeks: WEEKS,
          bookings: data.bookings,
          bookingsOnDate: data.bookingsOnDate,
          slotsAnyStaff,
          slotsOneStaff,
          floor,
          anyStaff,
          oneStaff,
          days,
        };
      } finally {
        await app?.close().catch(() => undefined);
      }
    });
  } finally {
    counter.restore();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { floor, anyStaff, oneStaff, days, ...seeded } = await measureAvailableTimes();
  console.info(seeded);
  for (const r of [floor, anyStaff, oneStaff, days]) {
    console.info(
      `${r.path}: ${r.medianMs.toFixed(1)} ms, ${r.roundTrips} round trips ` +
        `(${r.afterChange.roundTrips} after a change of the business)`,
    );
  }
  console.info('Round trips of one available-times request:');
  anyStaff.sql.forEach((sql, i) => console.info(`${i + 1}. [${describeQuery(sql)}] ${sql}`));
  console.info('… and of the first one after a change of the business:');
  anyStaff.afterChange.sql.forEach((sql, i) =>
    console.info(`${i + 1}. [${describeQuery(sql)}] ${sql}`),
  );
}
