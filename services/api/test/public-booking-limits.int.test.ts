import { randomBytes, randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponseSchema } from '@slotwise/contracts';
import { clientKey } from '../src/core/throttling/client-key.js';
import {
  BOOKING_RATE_LIMITED_MESSAGE,
  PHONE_RATE_LIMITED_MESSAGE,
  SELF_SERVICE_RATE_LIMITED_MESSAGE,
} from '../src/modules/booking-flows/guards/public-rate-limit.guard.js';
import { bookingRequest, type CreatedBusiness, createBusiness } from './support/fixtures.js';
import { createTestContext, type TestContext } from './support/test-app.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// Friday 15 January 2027, 9:00 AM in Sydney.
const NINE = '2027-01-14T22:00:00.000Z';

let ctx: TestContext;
let redis: Redis;
let salon: CreatedBusiness;

/** A client network of its own per call (documentation range), so Redis counts never collide. */
const clientIp = () =>
  `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;
/** An Australian mobile number of its own per call. */
const mobile = () => `0412${String(randomInt(100_000, 1_000_000))}`;

beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      REDIS_URL,
      TRUST_PROXY: '127.0.0.1',
      // '' is each setting's default (20 per IP per 10 minutes, 5 per phone per hour, 60 link
      // calls per IP per 10 minutes), not the test defaults' high values.
      BOOKING_RATE_LIMIT_PER_IP: '',
      BOOKING_RATE_LIMIT_PER_PHONE: '',
      SELF_SERVICE_RATE_LIMIT_PER_IP: '',
    },
  });
  redis = new Redis(REDIS_URL);
  salon = await createBusiness(ctx.db, {
    name: 'Limited Salon',
    services: [{ name: 'Cut', durationMinutes: 30, priceCents: 4500 }],
  });
});

afterAll(async () => {
  await redis?.quit();
  await ctx?.close();
});

function from(ip: string, options: InjectOptions): InjectOptions {
  return { ...options, headers: { ...options.headers, 'x-forwarded-for': ip } };
}

const book = (ip: string, phone: string) =>
  ctx.request(
    from(ip, {
      method: 'POST',
      url: '/api/appointments',
      payload: JSON.stringify(
        bookingRequest(salon.business.id, salon.services.Cut!.id, NINE, { phone }),
      ),
      headers: { 'content-type': 'application/json' },
    }),
  );

function expectRateLimited(
  res: Awaited<ReturnType<typeof book>>,
  message: string,
  maxWaitSec: number,
) {
  expect(res.statusCode).toBe(429);
  const body = ErrorResponseSchema.parse(res.json());
  expect(body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', message });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxWaitSec);
}

describe('public booking limits', () => {
  it('answers 429 with Retry-After after 20 bookings from one client in 10 minutes', async () => {
    const ip = clientIp();
    // Any address of one IPv6 /64 (one customer line) is the same client.
    const sameLine = (i: number) => ip.replace(/::1$/, `::${(i + 1).toString(16)}`);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await book(sameLine(i), mobile())).statusCode);
    // One booking, then the same time is taken: none of them is refused for the rate.
    expect(statuses[0], JSON.stringify(statuses)).toBe(201);
    expect(
      statuses.slice(1).every((s) => s === 409),
      JSON.stringify(statuses),
    ).toBe(true);

    const refused = await book(ip, mobile());
    expectRateLimited(refused, BOOKING_RATE_LIMITED_MESSAGE, 600);
    // Nothing was booked for the refused request.
    const [{ n }] = await ctx.db.query(
      'SELECT count(*)::int AS n FROM appointments WHERE business_id = $1',
      [salon.business.id],
    );
    expect(n).toBe(1);

    // The counts are in Redis, where every API process sees them.
    const keys = await redis.keys(`slotwise:ratelimit:booking-ip*${clientKey(ip)}`);
    expect(keys).toHaveLength(1);
    // Another customer, on another connection, still books.
    expect((await book(clientIp(), mobile())).statusCode).toBe(409);
  });

  it('allows 5 bookings per phone number an hour, however the number is typed', async () => {
    const digits = `12${String(randomInt(100_000, 1_000_000))}`;
    const typed = [
      `04${digits}`,
      `+614${digits}`,
      `04 ${digits}`,
      `614${digits}`,
      `(04) ${digits}`,
    ];
    for (const phone of typed) {
      // Each from another connection: the phone's own budget is what runs out.
      expect((await book(clientIp(), phone)).statusCode).not.toBe(429);
    }
    expectRateLimited(await book(clientIp(), `04${digits}`), PHONE_RATE_LIMITED_MESSAGE, 3600);
    expect((await book(clientIp(), mobile())).statusCode).not.toBe(429);
  });

  it('limits the customer links (cancel, reschedule) per client', async () => {
    const ip = clientIp();
    for (let i = 0; i < 30; i += 1) {
      const token = randomBytes(16).toString('hex');
      expect(
        (
          await ctx.request(
            from(ip, { method: 'GET', url: `/api/cancel-appointment?token=${token}` }),
          )
        ).statusCode,
      ).toBe(400);
      expect(
        (await ctx.request(from(ip, { method: 'GET', url: `/api/reschedule?token=${token}` })))
          .statusCode,
      ).toBe(400);
    }
    const refused = await ctx.request(
      from(ip, {
        method: 'POST',
        url: '/api/reschedule',
        payload: JSON.stringify({ token: 'x'.repeat(20), date: NINE }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    expectRateLimited(refused, SELF_SERVICE_RATE_LIMITED_MESSAGE, 600);
    const other = await ctx.request(
      from(clientIp(), { method: 'GET', url: `/api/cancel-appointment?token=${'y'.repeat(20)}` }),
    );
    expect(other.statusCode).toBe(400);
  });
});
