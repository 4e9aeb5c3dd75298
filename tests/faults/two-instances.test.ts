// Scaled out: two API processes and two delivery workers on one PostgreSQL and one Redis, as the
// deployment runs them. Booking attempts on the same slots, interleaved across both APIs, never
// make a double booking; every confirmation SMS goes out exactly once though two workers relay
// the one outbox; and the rate limits are one budget across both APIs (counted in Redis), so a
// client cannot double its allowance by reaching another process.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFakeTwilio, type FakeTwilio } from '../support/fake-twilio.mjs';
import {
  apiProcess,
  baseEnv,
  privateRedis,
  saveLog,
  testDatabase,
  waitUntil,
  worker,
  type ApiProcess,
  type PrivateRedis,
  type TestDatabase,
  type Worker,
} from './support/cluster.js';
import {
  availableStarts,
  bookingBody,
  mobile,
  setUpShop,
  sql,
  sydneyDate,
  type Shop,
} from './support/businesses.js';
import { httpPool, json, statusCounts, type Answer, type HttpPool } from './support/http.js';
import { recordFigures } from './support/results.js';

const PER_PHONE_LIMIT = 5;
const SELF_SERVICE_LIMIT = 6;
const ATTEMPTS_PER_START = 60;

let db: TestDatabase;
let redis: PrivateRedis;
let twilio: FakeTwilio;
let apis: ApiProcess[];
let workers: Worker[];
let pool: HttpPool;
let shop: Shop;
let serviceId: number;

before(async () => {
  [db, redis, twilio] = await Promise.all([testDatabase(), privateRedis(), startFakeTwilio()]);
  const env = {
    ...baseEnv({ DATABASE_URL: db.url, REDIS_URL: redis.url }),
    ...twilio.env(),
    BOOKING_RATE_LIMIT_PER_PHONE: String(PER_PHONE_LIMIT),
    SELF_SERVICE_RATE_LIMIT_PER_IP: String(SELF_SERVICE_LIMIT),
    OUTBOX_RELAY_INTERVAL_MS: '200',
  };
  apis = await Promise.all([apiProcess(env), apiProcess(env)]);
  workers = [worker(env), worker(env)];
  await Promise.all([...apis.map((a) => a.start()), ...workers.map((w) => w.start())]);
  shop = await setUpShop(apis[0]!.url, db.url, 'scaled-owner@faults.example', {
    name: 'Two Door Barbers',
    services: [{ name: 'Cut', duration: 60 }],
    staff: ['Ada', 'Bo', 'Cy'].map((firstName) => ({
      firstName,
      lastName: 'Barber',
      offers: ['Cut'],
    })),
    slotDuration: 60,
    // Ten hourly starts a day.
    hours: { openTime: '08:00', closeTime: '18:00' },
  });
  serviceId = shop.services['Cut']!.id;
  pool = httpPool(64);
});

after(async () => {
  pool?.close();
  await Promise.all([
    ...(workers ?? []).map((w) => w.stop()),
    ...(apis ?? []).map((a) => a.stop()),
  ]);
  apis?.forEach((a, i) => saveLog(`two-instances-api-${i + 1}`, a.output));
  workers?.forEach((w, i) => saveLog(`two-instances-worker-${i + 1}`, w.output));
  await redis?.stop();
  await twilio?.close();
  await db?.drop();
});

describe('two APIs and two workers on one PostgreSQL and Redis', () => {
  it('interleaved attempts on the same slots: no double booking, each SMS sent once', async () => {
    const date = sydneyDate(3);
    // Both APIs read the day once first, so neither starts the race with a cold cache.
    await availableStarts(apis[1]!.url, shop.business.id, serviceId, date);
    const starts = await availableStarts(apis[0]!.url, shop.business.id, serviceId, date);
    assert.equal(starts.length, 10);
    const attempts = starts.flatMap((start) =>
      Array.from({ length: ATTEMPTS_PER_START }, () => start),
    );
    const answers = await Promise.all(
      attempts.map((start, i) =>
        pool.request(`${apis[i % 2]!.url}/api/appointments`, {
          method: 'POST',
          body: bookingBody(shop.business.id, serviceId, start, 300_000 + i),
        }),
      ),
    );
    const byApi = [0, 1].map((k) => statusCounts(answers.filter((_, i) => i % 2 === k)));
    const made = answers.flatMap((a, i) =>
      a.status === 201
        ? [{ i, ...json<{ appointment: { id: number; staffMemberId: number } }>(a)!.appointment }]
        : [],
    );
    const overlaps = await sql(
      db.url,
      `SELECT x.id, y.id FROM appointments x JOIN appointments y
          ON x.resource_key = y.resource_key AND x.id < y.id
         AND tstzrange(x.blocked_from, x.blocked_until) && tstzrange(y.blocked_from, y.blocked_until)
       WHERE x.business_id = $1 AND x.status <> 'cancelled' AND y.status <> 'cancelled'`,
      [shop.business.id],
    );
    const figures: Record<string, unknown> = {
      apis: 2,
      workers: 2,
      attempts: attempts.length,
      starts: starts.length,
      freeStaffPerStart: shop.staff.length,
      statusesThroughApi1: byApi[0],
      statusesThroughApi2: byApi[1],
      overlappingBookings: overlaps.length,
    };
    await recordFigures('two-instances', 'bookings', { passed: false, ...figures });
    assert.deepEqual(
      answers.filter((a) => ![201, 409].includes(a.status)).map((a) => `${a.status} ${a.body}`),
      [],
    );
    assert.equal(made.length, starts.length * shop.staff.length, 'each person once per start');
    assert.deepEqual(overlaps, []);

    // Every booking's confirmation reaches Twilio exactly once, whichever worker relayed it.
    await waitUntil(
      'every confirmation sent',
      async () =>
        (
          await sql<{ n: number }>(
            db.url,
            `SELECT count(*)::int AS n FROM outbox
              WHERE business_id = $1 AND not_before <= now() AND status NOT IN ('sent', 'delivered')`,
            [shop.business.id],
          )
        )[0]!.n === 0,
      60_000,
      100,
    );
    await new Promise((r) => setTimeout(r, 2000));
    const perBooking = made.map((m) => twilio.to(`+61${mobile(300_000 + m.i).slice(1)}`).length);
    const histogram: Record<string, number> = {};
    for (const n of perBooking) histogram[n] = (histogram[n] ?? 0) + 1;
    figures.smsPerBooking = histogram;
    figures.smsReceivedByTwilio = twilio.messages.length;
    await recordFigures('two-instances', 'bookings', { passed: false, ...figures });
    assert.deepEqual(histogram, { '1': made.length }, 'one SMS per booking');
    assert.equal(twilio.messages.length, made.length, 'no other SMS');
    await recordFigures('two-instances', 'bookings', { passed: true, ...figures });
  });

  it('rate limits are one budget across both APIs', async () => {
    const date = sydneyDate(4);
    const starts = await availableStarts(apis[0]!.url, shop.business.id, serviceId, date);
    const phone = mobile(399_999);
    // One customer's bookings, alternating between the APIs, one after another.
    const bookings: Answer[] = [];
    for (let i = 0; i < PER_PHONE_LIMIT * 2; i += 1) {
      bookings.push(
        await pool.request(`${apis[i % 2]!.url}/api/appointments`, {
          method: 'POST',
          body: { ...bookingBody(shop.business.id, serviceId, starts[i]!, 0), phone },
        }),
      );
    }
    // A customer's link guessed at, alternating between the APIs.
    const links: Answer[] = [];
    for (let i = 0; i < SELF_SERVICE_LIMIT * 2; i += 1) {
      links.push(
        await pool.request(
          `${apis[i % 2]!.url}/api/cancel-appointment?token=${'x'.repeat(20)}${i}`,
        ),
      );
    }
    const sequence = (answers: Answer[]) => answers.map((a) => a.status);
    const figures = {
      bookingLimitPerPhone: PER_PHONE_LIMIT,
      bookingsOnePhoneAlternating: sequence(bookings),
      selfServiceLimitPerIp: SELF_SERVICE_LIMIT,
      linkCallsAlternating: sequence(links),
    };
    await recordFigures('two-instances', 'rate-limits', { passed: false, ...figures });
    assert.deepEqual(sequence(bookings), [
      ...Array<number>(PER_PHONE_LIMIT).fill(201),
      ...Array<number>(PER_PHONE_LIMIT).fill(429),
    ]);
    assert.deepEqual(
      sequence(links).map((s) => (s === 429 ? 429 : 'answered')),
      [
        ...Array<string>(SELF_SERVICE_LIMIT).fill('answered'),
        ...Array<number>(SELF_SERVICE_LIMIT).fill(429),
      ],
    );
    for (const a of [...bookings, ...links].filter((x) => x.status === 429)) {
      assert.ok(Number(a.headers['retry-after']) > 0, 'Retry-After on 429');
      assert.equal(json<{ code: string }>(a)?.code, 'RATE_LIMITED');
    }
    await recordFigures('two-instances', 'rate-limits', { passed: true, ...figures });
  });
});
