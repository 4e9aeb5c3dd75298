// The public reads' cache across API processes: two Nest apps (each with its own pool and cache
// listener) on one database. What an owner changes through one is seen by the other within a
// second (triggers → NOTIFY → LISTEN), a cached read sends no query, the available times send one
// statement (the day's exceptions and its bookings) and then none until a change, and a lost
// listener reconnects with an empty cache.
import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AvailableTimeListSchema,
  BusinessSchema,
  ServiceSchema,
  StaffMemberSchema,
} from '@slotwise/contracts';
import { createApp } from '../src/app.factory.js';
import { BUSINESS_CHANGED_CHANNEL, BusinessCache } from '../src/core/cache/business-cache.js';
import {
  BusinessChangeListener,
  LISTENER_APPLICATION_NAME,
} from '../src/core/cache/business-change.listener.js';
import { FixedClock } from '../src/core/clock/clock.js';
import { loadConfig } from '../src/core/config/app-config.js';
import { bearer, json, type SignedInOwner, signUpOwner } from './support/auth.js';
import { createTestContext, TEST_NOW, type TestContext } from './support/test-app.js';

let ctx: TestContext;
/** The second API process: its own pool, its own listener, its own cache. */
let other: NestFastifyApplication;

beforeAll(async () => {
  // One secret for both: passport keeps one 'jwt' strategy per Node process, the last app's.
  const JWT_SECRET = randomBytes(32).toString('hex');
  ctx = await createTestContext({ env: { JWT_SECRET } });
  other = await createApp({
    config: loadConfig({
      DATABASE_URL: ctx.databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      JWT_SECRET,
      DATABASE_POOL_SIZE: '4',
    }),
    clock: new FixedClock(TEST_NOW),
    logger: ['error'],
  });
});

afterAll(async () => {
  await other?.close().catch(() => undefined);
  await ctx?.close();
});

/**
 * Every change committed so far has reached the other process: what a test reads there next
 * stays cached (a notification still on its way would drop it, and the count would include the
 * read again).
 */
const otherCaughtUp = () => other.get(BusinessChangeListener).caughtUp();

const onOther = (url: string) =>
  other.getHttpAdapter().getInstance().inject({ method: 'GET', url });

/** The SQL every pg client sends while `work` runs, the cache listeners' pings left out. */
async function queriesDuring(work: () => Promise<unknown>): Promise<string[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const sent: string[] = [];
  proto.query = function (this: { connectionParameters?: { application_name?: string } }, ...args) {
    if (this.connectionParameters?.application_name !== LISTENER_APPLICATION_NAME) {
      const q = args[0] as string | { text?: string };
      const text = typeof q === 'string' ? q : (q.text ?? '');
      // A pool connection's one LISTEN, the first time it is handed out, is not the request's.
      if (!text.startsWith('LISTEN')) sent.push(text.replace(/\s+/g, ' ').trim());
    }
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    proto.query = original;
  }
  return sent;
}

/** Polls the other process until `seen` holds; the time it took, in ms (fails after 1 s). */
async function secondsUntil(seen: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await seen())) {
    const elapsed = performance.now() - started;
    if (elapsed > 1000) throw new Error(`not seen by the other process after ${elapsed} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return performance.now() - started;
}

interface Shop {
  owner: SignedInOwner;
  id: number;
  slug: string;
  cutId: number;
  staffId: number;
}

/** An owner's published shop (a chosen name, a service, one staff member, default hours kept). */
async function shop(name: string): Promise<Shop> {
  const owner = await signUpOwner(ctx);
  const me = await ctx.request({
    method: 'GET',
    url: '/api/business/me',
    headers: bearer(owner.accessToken),
  });
  const business = me.json() as { id: number; slug: string };
  const renamed = await ctx.request(
    json(
      'PATCH',
      `/api/business/${business.id}`,
      { name, hoursConfirmed: true },
      owner.accessToken,
    ),
  );
  expect(renamed.statusCode).toBe(200);
  const cut = await ctx.request(
    json(
      'POST',
      '/api/services',
      { businessId: business.id, name: 'Cut', duration: 60, price: 5000 },
      owner.accessToken,
    ),
  );
  expect(cut.statusCode).toBe(201);
  const cutId = (cut.json() as { id: number }).id;
  const staff = await ctx.request(
    json(
      'POST',
      '/api/staff',
      { businessId: business.id, firstName: 'Ava', lastName: 'Staff', serviceIds: [cutId] },
      owner.accessToken,
    ),
  );
  expect(staff.statusCode).toBe(201);
  await otherCaughtUp();
  return {
    owner,
    id: business.id,
    slug: business.slug,
    cutId,
    staffId: (staff.json() as { id: number }).id,
  };
}

const TUESDAY = '2027-01-05';
const timesPath = (s: Shop) =>
  `/api/business/slug/${s.slug}/available-times?date=${TUESDAY}&serviceId=${s.cutId}`;
const timesOnOther = async (s: Shop) =>
  AvailableTimeListSchema.parse((await onOther(timesPath(s))).json());
const servicesOnOther = async (s: Shop) =>
  ServiceSchema.array().parse((await onOther(`/api/business/${s.id}/services`)).json());
const directoryOnOther = async () =>
  BusinessSchema.array().parse((await onOther('/api/businesses')).json());

describe('the public reads of another API process', () => {
  it('see an owner’s new hours within a second; the times read only exceptions and bookings, in one statement, then nothing', async () => {
    const s = await shop('Harbour Cache Cuts');
    // Another day first: the business, service, staff and hours are then cached.
    await onOther(timesPath(s).replace(TUESDAY, '2027-01-06'));
    // The first read of an answer: the day's exceptions and bookings, in one statement.
    const sql = await queriesDuring(() => timesOnOther(s));
    expect(sql).toHaveLength(1);
    expect(sql[0]).toContain('FROM business_closures');
    expect(sql[0]).toContain('FROM appointments');
    expect((await timesOnOther(s)).length).toBeGreaterThan(0);
    // The same answer again: from the cache, no query.
    expect(await queriesDuring(() => timesOnOther(s))).toEqual([]);
    // With a staff member chosen, and for the month's days: one statement, then none.
    const oneStaff = `${timesPath(s)}&staffId=${s.staffId}`;
    expect(await queriesDuring(() => onOther(oneStaff))).toHaveLength(1);
    expect(await queriesDuring(() => onOther(oneStaff))).toEqual([]);
    const days = `/api/business/slug/${s.slug}/available-days?month=2027-01&serviceId=${s.cutId}`;
    expect(await queriesDuring(() => onOther(days))).toHaveLength(1);
    expect(await queriesDuring(() => onOther(days))).toEqual([]);

    // Tuesdays closed, through the first process's owner route.
    const week = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      dayOfWeek,
      isOpen: dayOfWeek !== 2 && dayOfWeek !== 0,
      intervals: [{ openTime: '09:00', closeTime: '17:00' }],
      slotDuration: 30,
    }));
    const put = await ctx.request(
      json('PUT', `/api/business/${s.id}/availability`, week, s.owner.accessToken),
    );
    expect(put.statusCode).toBe(200);
    expect(await secondsUntil(async () => (await timesOnOther(s)).length === 0)).toBeLessThan(1000);
  });

  it('of the writing process show its change as soon as the write answers', async () => {
    const s = await shop('Balmain Cache Brows');
    const onThis = async () => AvailableTimeListSchema.parse((await ctx.get(timesPath(s))).json());
    expect((await onThis()).length).toBeGreaterThan(0);
    // Hold back this process's dedicated listener: only the writing connection itself can tell.
    const listener = ctx.app.get(BusinessChangeListener) as unknown as {
      client: { connection: { stream: { pause(): void; resume(): void } } };
    };
    const socket = listener.client.connection.stream;
    socket.pause();
    try {
      const closed = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
        dayOfWeek,
        isOpen: false,
        intervals: [{ openTime: '09:00', closeTime: '17:00' }],
        slotDuration: 30,
      }));
      const put = await ctx.request(
        json('PUT', `/api/business/${s.id}/availability`, closed, s.owner.accessToken),
      );
      expect(put.statusCode).toBe(200);
      expect(await onThis()).toEqual([]);
    } finally {
      socket.resume();
    }
  });

  it('see an edited service within a second, and a cached list sends no query', async () => {
    const s = await shop('Bondi Cache Physio');
    expect((await servicesOnOther(s))[0]!.price).toBe(5000);
    expect(await queriesDuring(() => servicesOnOther(s))).toEqual([]);

    const patch = await ctx.request(
      json('PATCH', `/api/services/${s.cutId}`, { price: 6500 }, s.owner.accessToken),
    );
    expect(patch.statusCode).toBe(200);
    expect(
      await secondsUntil(async () => (await servicesOnOther(s))[0]!.price === 6500),
    ).toBeLessThan(1000);
    await otherCaughtUp();
    await servicesOnOther(s);
    expect(await queriesDuring(() => servicesOnOther(s))).toEqual([]);
  });

  it('see a staff member’s services change (their links) within a second', async () => {
    const s = await shop('Manly Cache Barbers');
    const staffPath = `/api/business/slug/${s.slug}/staff?serviceId=${s.cutId}`;
    const offering = async () => StaffMemberSchema.array().parse((await onOther(staffPath)).json());
    expect((await offering()).map((m) => m.id)).toEqual([s.staffId]);
    expect(await queriesDuring(offering)).toEqual([]);

    const patch = await ctx.request(
      json('PATCH', `/api/staff/${s.staffId}`, { serviceIds: [] }, s.owner.accessToken),
    );
    expect(patch.statusCode).toBe(200);
    expect(await secondsUntil(async () => (await offering()).length === 0)).toBeLessThan(1000);
  });

  it('keep the directory cached and show a rename within a second', async () => {
    const s = await shop('Coogee Cache Nails');
    const listed = async (name: string) =>
      (await directoryOnOther()).some((b) => b.id === s.id && b.name === name);
    expect(await listed('Coogee Cache Nails')).toBe(true);
    expect(await queriesDuring(directoryOnOther)).toEqual([]);

    const patch = await ctx.request(
      json(
        'PATCH',
        `/api/business/${s.id}`,
        { name: 'Coogee Cache Nail Bar' },
        s.owner.accessToken,
      ),
    );
    expect(patch.statusCode).toBe(200);
    expect(await secondsUntil(() => listed('Coogee Cache Nail Bar'))).toBeLessThan(1000);
    // The business by its slug too (a cached row of its own).
    const bySlug = await onOther(`/api/business/slug/${s.slug}`);
    expect(BusinessSchema.parse(bySlug.json()).name).toBe('Coogee Cache Nail Bar');
  });

  it('see a write made outside any API process (plain SQL) within a second', async () => {
    const s = await shop('Glebe Cache Spa');
    expect(await servicesOnOther(s)).toHaveLength(1);
    await ctx.db.query('UPDATE services SET is_active = false WHERE id = $1', [s.cutId]);
    expect(await secondsUntil(async () => (await servicesOnOther(s)).length === 0)).toBeLessThan(
      1000,
    );
    const times = await onOther(timesPath(s));
    expect(times.statusCode).toBe(404);
  });
});

describe('the second process', () => {
  it('has the pool DATABASE_POOL_SIZE asks for', () => {
    const pool = (other.get(DataSource).driver as unknown as { master: pg.Pool }).master;
    expect(pool.options.max).toBe(4);
  });
});

describe('the cache listener', () => {
  it('has each new pool connection LISTEN before it is handed out, never beside another query', async () => {
    const pool = (other.get(DataSource).driver as unknown as { master: pg.Pool }).master;
    type Queued = pg.Client & { _activeQuery: unknown; _queryQueue: unknown[] };
    const query = pg.Client.prototype.query;
    let sentBeside = 0;
    pg.Client.prototype.query = function (this: Queued, ...args: unknown[]) {
      // What pg 8 warns about (and pg 9 will refuse): a query sent while another runs.
      if (this._activeQuery || this._queryQueue.length > 0) sentBeside++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    const clients: pg.PoolClient[] = [];
    try {
      // As many at once as the pool holds: the ones not idle are made now.
      clients.push(
        ...(await Promise.all(Array.from({ length: pool.options.max! }, () => pool.connect()))),
      );
      const channels = await Promise.all(
        clients.map(async (c) => (await c.query('SELECT pg_listening_channels() AS c')).rows),
      );
      expect(channels.map((rows) => rows.map((r) => r.c))).toEqual(
        clients.map(() => [BUSINESS_CHANGED_CHANNEL]),
      );
      expect(sentBeside).toBe(0);
    } finally {
      pg.Client.prototype.query = query;
      for (const c of clients) c.release();
    }
  });

  it('reconnects after losing its connection, caching nothing meanwhile and starting empty', async () => {
    const s = await shop('Newtown Cache Tattoo');
    const cache = other.get(BusinessCache);
    const listening: boolean[] = [];
    const setListening = cache.setListening.bind(cache);
    cache.setListening = (on: boolean) => {
      listening.push(on);
      setListening(on);
    };
    try {
      expect(cache.active).toBe(true);
      await servicesOnOther(s);
      expect(await queriesDuring(() => servicesOnOther(s))).toEqual([]);

      await ctx.db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = $1`,
        [LISTENER_APPLICATION_NAME],
      );
      // Off (and emptied) when the connection drops, on (and emptied) when it is back.
      const started = performance.now();
      while (listening.length < 2 && performance.now() - started < 3000) {
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(listening).toEqual([false, true]);
      expect(cache.active).toBe(true);

      // Cached again, and the new connection listens: a change is seen within a second.
      await servicesOnOther(s);
      expect(await queriesDuring(() => servicesOnOther(s))).toEqual([]);
      await ctx.db.query('UPDATE services SET price_cents = 7000 WHERE id = $1', [s.cutId]);
      expect(
        await secondsUntil(async () => (await servicesOnOther(s))[0]!.price === 7000),
      ).toBeLessThan(1000);
      await otherCaughtUp();
      await servicesOnOther(s);
      expect(await queriesDuring(() => servicesOnOther(s))).toEqual([]);
    } finally {
      cache.setListening = setListening;
    }
  });
});
