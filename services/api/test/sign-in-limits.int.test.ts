import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponseSchema } from '@slotwise/contracts';
import { json, PASSWORD, signUpOwner, uniqueEmail } from './support/auth.js';
import { createTestContext, type TestContext } from './support/test-app.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Nothing listens here: a Redis that is down. */
const DEAD_REDIS_URL = 'redis://127.0.0.1:1';

/** A client network of its own per call (documentation range), so Redis counts never collide. */
const clientIp = () =>
  `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;

function login(
  ctx: TestContext,
  email: string,
  password: string,
  via: { forwardedFor?: string; remoteAddress?: string } = {},
) {
  const request = json('POST', '/api/auth/login', { email, password });
  return ctx.request({
    ...request,
    ...(via.remoteAddress ? { remoteAddress: via.remoteAddress } : {}),
    headers: {
      ...request.headers,
      ...(via.forwardedFor ? { 'x-forwarded-for': via.forwardedFor } : {}),
    },
  });
}

describe('sign-in limits behind the trusted gateway (Redis)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({
      env: {
        REDIS_URL,
        // The gateway on this machine is the proxy; every request comes from its 127.0.0.1.
        TRUST_PROXY: '127.0.0.1',
        AUTH_RATE_LIMIT: '3',
        // '' is the default (50 per 15 minutes), not the test defaults' high value.
        AUTH_IP_RATE_LIMIT: '',
      },
    });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('wrong passwords from one address do not stop the right password from another', async () => {
    // Signed up from an address of its own: other test files sign up from this machine's
    // 127.0.0.1 through the same Redis, and their attempts count there.
    const owner = await signUpOwner(ctx, undefined, { 'x-forwarded-for': clientIp() });
    const attacker = clientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push(
        (await login(ctx, owner.email, 'wrong password', { forwardedFor: attacker })).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);

    const owners = await login(ctx, owner.email, PASSWORD, { forwardedFor: clientIp() });
    expect(owners.statusCode).toBe(200);
    // The failing address itself is still held back, even with the right password.
    expect((await login(ctx, owner.email, PASSWORD, { forwardedFor: attacker })).statusCode).toBe(
      429,
    );
  });

  it('stops one client trying many emails (password spraying) with 429 and Retry-After', async () => {
    const sprayer = clientIp();
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof login>> | undefined;
    for (let i = 0; i < 400; i += 1) {
      const res = await login(ctx, uniqueEmail('spray'), 'Winter2026!', { forwardedFor: sprayer });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) refused ??= res;
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(350);
    const body = ErrorResponseSchema.parse(refused!.json());
    expect(body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(60);
    // Another client is not affected.
    const other = await login(ctx, uniqueEmail('other'), 'Winter2026!', {
      forwardedFor: clientIp(),
    });
    expect(other.statusCode).toBe(401);
  });

  it('believes X-Forwarded-For only from the trusted proxy', async () => {
    const email = uniqueEmail('spoof');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      // A client that is not the gateway chooses a fresh "address" every time.
      const res = await login(ctx, email, 'wrong password', {
        remoteAddress: '198.51.100.7',
        forwardedFor: clientIp(),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('sign-in limits while Redis is down', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({
      logLevels: [],
      env: {
        REDIS_URL: DEAD_REDIS_URL,
        // As `npm start` sets it: the gateway is on this machine.
        TRUST_PROXY: 'loopback',
        AUTH_RATE_LIMIT: '3',
        AUTH_IP_RATE_LIMIT: '5',
      },
    });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('still limits per email and address, in this process', async () => {
    const email = uniqueEmail('no-redis');
    const from = clientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await login(ctx, email, 'wrong password', { forwardedFor: from })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('still limits per address across emails', async () => {
    const from = clientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push(
        (await login(ctx, uniqueEmail('no-redis'), 'wrong password', { forwardedFor: from }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});
