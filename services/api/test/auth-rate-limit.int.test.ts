import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponseSchema } from '@slotwise/contracts';
import { PASSWORD, uniqueEmail } from './support/auth.js';
import { createTestContext, type TestContext } from './support/test-app.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let ctx: TestContext;
let redis: Redis;

beforeAll(async () => {
  // Real Redis as the counters' storage; the dev mailbox off, as in production.
  ctx = await createTestContext({
    env: { AUTH_RATE_LIMIT: '3', REDIS_URL, DEV_OUTBOX: 'false' },
  });
  redis = new Redis(REDIS_URL);
});

afterAll(async () => {
  await redis?.quit();
  await ctx?.close();
});

describe('rate limits (Redis storage)', () => {
  it('answers 429 in the error shape after the limit, per IP and email', async () => {
    const email = uniqueEmail('limited');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await ctx.post('/api/auth/login', { email, password: PASSWORD });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        const body = ErrorResponseSchema.parse(res.json());
        expect(body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
        expect(body.message).toMatch(/Too many attempts/);
        expect(res.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The counters are in Redis, where every API process would see them.
    const keys = await redis.keys('slotwise:throttle:default:*');
    expect(keys.length).toBeGreaterThan(0);
    // Another email from the same IP has its own budget.
    const other = await ctx.post('/api/auth/login', { email: uniqueEmail(), password: PASSWORD });
    expect(other.statusCode).toBe(401);
  });

  it('limits register too', async () => {
    const email = uniqueEmail('spam');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await ctx.post('/api/auth/register', { email, password: PASSWORD })).statusCode,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('limits refresh per session cookie, and never counts cookie-less page loads', async () => {
    for (let i = 0; i < 6; i += 1) {
      const res = await ctx.request({ method: 'POST', url: '/api/auth/refresh' });
      expect(res.statusCode).toBe(401);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { sw_refresh: `guess-${uniqueEmail()}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401]);
    const same = `guess-${uniqueEmail()}`;
    const repeated: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { sw_refresh: same },
      });
      repeated.push(res.statusCode);
    }
    expect(repeated).toEqual([401, 401, 401, 429]);
  });

  it('hides the development mailbox unless DEV_OUTBOX=true', async () => {
    const res = await ctx.get('/api/dev/outbox');
    expect(res.statusCode).toBe(404);
    expect(ErrorResponseSchema.parse(res.json()).statusCode).toBe(404);
  });
});
