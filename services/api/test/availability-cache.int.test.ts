// The public available times and days are answered from each API process's cache (core/cache,
// BusinessCache#answer). Two Nest apps (each its own pool, listener and cache) on one database:
// a booking through one is gone from the other's next read; every kind of write that can move a
// free time drops the cached answers in both processes (its table's trigger notifies in the
// writing transaction); and every table the public reads read has such a trigger, for every column
// they use.
import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AvailableTimeListSchema, CreateAppointmentResponseSchema } from '@slotwise/contracts';
import { createApp } from '../src/app.factory.js';
import { BusinessCache } from '../src/core/cache/business-cache.js';
import {
  BusinessChangeListener,
  LISTENER_APPLICATION_NAME,
} from '../src/core/cache/business-change.listener.js';
import { FixedClock } from '../src/core/clock/clock.js';
import { loadConfig } from '../src/core/config/app-config.js';
import {
  APPOINTMENT_COLUMNS,
  AVAILABILITY_TABLES_ALL_COLUMNS,
} from '../src/migrations/1768490000000-availability-change-notifications.js';
import { BookedRanges } from '../src/modules/bookings/index.js';
import { StaffService } from '../src/modules/staff/index.js';
import { SqlParams } from '../src/core/database/sql-params.js';
import { bearer, json, type SignedInOwner, signUpOwner } from './support/auth.js';
import { bookingRequest } from './support/fixtures.js';
import { createTestContext, TEST_NOW, type TestContext } from './support/test-app.js';

let ctx: TestContext;
/** The second API process. */
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

const apps = () => [ctx.app, other];
const getOn = (app: NestFastifyApplication, url: string) =>
  app.getHttpAdapter().getInstance().inject({ method: 'GET', url });

/** Every change committed so far has reached both processes' dedicated listeners. */
const caughtUp = () => Promise.all(apps().map((a) => a.get(BusinessChangeListener).caughtUp()));

/** The SQL every pg client sends while `work` runs, the cache listeners' own left out. */
async function queriesDuring(work: () => Promise<unknown>): Promise<string[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const sent: string[] = [];
  proto.query = function (this: { connectionParameters?: { application_name?: string } }, ...args) {
    if (this.connectionParameters?.application_name !== LISTENER_APPLICATION_NAME) {
      const q = args[0] as string | { text?: string };
      const text = typeof q === 'string' ? q : (q.text ?? '');
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

interface Shop {
  owner: SignedInOwner;
  id: number;
  slug: string;
  cutId: number;
  staffId: number;
}

/** An owner's shop: a one-hour Cut, Ava offering it, the default week (Mon–Fri 9 to 5). */
async function shop(): Promise<Shop> {
  const owner = await signUpOwner(ctx);
  const me = await ctx.request({
    method: 'GET',
    url: '/api/business/me',
    headers: bearer(owner.accessToken),
  });
  const business = me.json() as { id: number; slug: string };
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
  await caughtUp();
  return {
    owner,
    id: business.id,
    slug: business.slug,
    cutId,
    staffId: (staff.json() as { id: number }).id,
  };
}

/** Tuesday 5 January 2027; "now" is Monday 4 January, 11 AM in Sydney. */
const TUESDAY = '2027-01-05';
const TEN = '2027-01-04T23:00:00.000Z';
const ELEVEN = '2027-01-05T00:00:00.000Z';
const TWO_PM = '2027-01-05T03:00:00.000Z';

const timesPath = (s: Shop) =>
  `/api/business/slug/${s.slug}/available-times?date=${TUESDAY}&serviceId=${s.cutId}`;
const paths = (s: Shop) => [
  timesPath(s),
  `/api/business/${s.id}/available-times?date=${TUESDAY}&serviceId=${s.cutId}&staffId=${s.staffId}`,
  `/api/business/slug/${s.slug}/available-days?month=2027-01&serviceId=${s.cutId}`,
];

/** What a process answers to the public reads: status and body of each. */
const answersOn = (app: NestFastifyApplication, s: Shop) =>
  Promise.all(
    paths(s).map(async (path) => {
      const res = await getOn(app, path);
      return { path, status: res.statusCode, body: res.json() as unknown };
    }),
  );

const startsOn = async (app: NestFastifyApplication, s: Shop) =>
  AvailableTimeListSchema.parse((await getOn(app, timesPath(s))).json()).map((t) => t.start);

let phones = 0;
async function book(s: Shop, date: string, staffMemberId: number | null = s.staffId) {
  phones += 1;
  const phone = `0400 ${String(100_000 + phones).slice(0, 3)} ${String(100_000 + phones).slice(3)}`;
  const res = await ctx.post(
    '/api/appointments',
    bookingRequest(s.id, s.cutId, date, { phone, staffMemberId }),
  );
  expect(res.statusCode).toBe(201);
  const created = CreateAppointmentResponseSchema.parse(res.json());
  return { id: created.appointment.id, phone: `+61${phone.replace(/\D/g, '').slice(1)}` };
}

function owner(s: Shop, method: 'DELETE', url: string): ReturnType<TestContext['request']>;
function owner(
  s: Shop,
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  body: unknown,
): ReturnType<TestContext['request']>;
function owner(s: Shop, method: 'DELETE' | 'POST' | 'PUT' | 'PATCH', url: string, body?: unknown) {
  return ctx.request(
    method === 'DELETE'
      ? { method, url, headers: bearer(s.owner.accessToken) }
      : json(method, url, body, s.owner.accessToken),
  );
}

async function ok(res: Promise<{ statusCode: number; body: string }>) {
  const answered = await res;
  expect(answered.statusCode, answered.body).toBeLessThan(300);
}

describe('a booking through one API process', () => {
  it('is gone from the other process’s next read of the cached times', async () => {
    const s = await shop();
    const starts = await startsOn(other, s);
    expect(starts).toContain(TEN);
    // Cached there: the same read again sends nothing.
    expect(await queriesDuring(() => startsOn(other, s))).toEqual([]);

    const { id } = await book(s, TEN);
    // No waiting for the notification: the very next read.
    expect(await startsOn(other, s)).not.toContain(TEN);
    expect(await startsOn(ctx.app, s)).not.toContain(TEN);
    // Cancelled by the owner through the first: back on the other's next read.
    await ok(owner(s, 'DELETE', `/api/appointments/${id}`));
    expect(await startsOn(other, s)).toContain(TEN);
  });
});

interface Change {
  name: string;
  /** Done before the answers are cached (a booking to move or cancel…). */
  setup?: (s: Shop) => Promise<{ id: number; phone: string } | void>;
  write: (s: Shop, booked: { id: number; phone: string } | void) => Promise<void>;
}

const WEEK_TUESDAY_CLOSED = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
  dayOfWeek,
  isOpen: dayOfWeek !== 0 && dayOfWeek !== 2 && dayOfWeek !== 6,
  intervals: [{ openTime: '09:00', closeTime: '17:00' }],
  slotDuration: 30,
}));
const STAFF_AFTERNOONS = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
  dayOfWeek,
  isOpen: dayOfWeek !== 0 && dayOfWeek !== 6,
  intervals: [{ openTime: '13:00', closeTime: '17:00' }],
}));
const bookAtTen = (s: Shop) => book(s, TEN);

const CHANGES: Change[] = [
  { name: 'a public booking', write: async (s) => void (await book(s, ELEVEN)) },
  {
    name: 'an owner’s booking',
    write: (s) =>
      ok(
        owner(s, 'POST', `/api/business/${s.id}/appointments`, {
          serviceId: s.cutId,
          staffMemberId: s.staffId,
          date: TWO_PM,
          customer: { firstName: 'Walk', lastName: 'In', phone: '0400 999 111' },
          notifyCustomer: false,
        }),
      ),
  },
  {
    name: 'a move by the owner',
    setup: bookAtTen,
    write: (s, b) =>
      ok(owner(s, 'PATCH', `/api/appointments/${b!.id}`, { date: TWO_PM, notifyCustomer: false })),
  },
  {
    name: 'a move by the customer’s reschedule link',
    setup: bookAtTen,
    write: async (_s, b) => {
      const token = await linkToken(b!.phone, 'reschedule');
      await ok(ctx.post('/api/reschedule', { token, date: TWO_PM }));
    },
  },
  {
    name: 'a cancellation by the customer’s link',
    setup: bookAtTen,
    write: async (_s, b) => {
      const token = await linkToken(b!.phone, 'cancel');
      await ok(ctx.post('/api/cancel-appointment', { token }));
    },
  },
  {
    name: 'a cancellation by the owner',
    setup: bookAtTen,
    write: (s, b) => ok(owner(s, 'DELETE', `/api/appointments/${b!.id}`)),
  },
  {
    name: 'a status change that frees the slot',
    setup: bookAtTen,
    write: (s, b) => ok(owner(s, 'PATCH', `/api/appointments/${b!.id}`, { status: 'cancelled' })),
  },
  {
    name: 'the staff member’s removal, cancelling their bookings',
    setup: bookAtTen,
    write: (s) => ok(owner(s, 'DELETE', `/api/staff/${s.staffId}?upcoming=cancel`)),
  },
  {
    name: 'the weekly hours',
    write: (s) => ok(owner(s, 'PUT', `/api/business/${s.id}/availability`, WEEK_TUESDAY_CLOSED)),
  },
  {
    name: 'the staff member’s own hours',
    write: (s) => ok(owner(s, 'PUT', `/api/staff/${s.staffId}/availability`, STAFF_AFTERNOONS)),
  },
  {
    name: 'time off',
    write: (s) =>
      ok(
        owner(s, 'POST', `/api/staff/${s.staffId}/time-off`, {
          start: TEN,
          end: TWO_PM,
          reason: 'Dentist',
        }),
      ),
  },
  {
    name: 'a closure',
    write: (s) =>
      ok(owner(s, 'POST', `/api/business/${s.id}/closures`, { from: TUESDAY, to: TUESDAY })),
  },
  {
    name: 'special hours',
    write: (s) =>
      ok(
        owner(s, 'POST', `/api/business/${s.id}/special-hours`, {
          date: TUESDAY,
          intervals: [{ openTime: '12:00', closeTime: '14:00' }],
        }),
      ),
  },
  {
    name: 'the service’s duration',
    write: (s) => ok(owner(s, 'PATCH', `/api/services/${s.cutId}`, { duration: 120 })),
  },
  {
    name: 'the service’s buffers',
    write: (s) => ok(owner(s, 'PATCH', `/api/services/${s.cutId}`, { bufferBeforeMinutes: 30 })),
  },
  {
    name: 'the service made inactive',
    write: (s) => ok(owner(s, 'PATCH', `/api/services/${s.cutId}`, { isActive: false })),
  },
  {
    name: 'the staff member no longer offering the service',
    setup: bookAtTen,
    write: (s) => ok(owner(s, 'PATCH', `/api/staff/${s.staffId}`, { serviceIds: [] })),
  },
  {
    name: 'the staff member made inactive',
    setup: bookAtTen,
    write: (s) => ok(owner(s, 'PATCH', `/api/staff/${s.staffId}`, { isActive: false })),
  },
  {
    name: 'the booking window (minimum notice)',
    write: (s) => ok(owner(s, 'PATCH', `/api/business/${s.id}`, { minNoticeMinutes: 3 * 24 * 60 })),
  },
  {
    name: 'a plan lapse pausing the staff (StaffService#pauseBeyond)',
    setup: bookAtTen,
    write: (s) => ctx.db.transaction((em) => ctx.app.get(StaffService).pauseBeyond(em, s.id, 0)),
  },
];

/** The token of the customer's newest cancel or reschedule link (their SMS). */
async function linkToken(phone: string, kind: 'cancel' | 'reschedule'): Promise<string> {
  const res = await ctx.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`);
  const [sms] = res.json() as { body: string }[];
  const token = new RegExp(`/${kind}\\?token=([A-Za-z0-9_-]+)`).exec(sms!.body)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

describe('the cached available times and days', () => {
  it.each(CHANGES.map((c) => [c.name, c] as const))(
    'reflect %s in both processes on the next read',
    async (_name, change) => {
      const s = await shop();
      const booked = await change.setup?.(s);
      await caughtUp();
      // Cached in both processes (read twice: the second read sends nothing).
      const before = await answersOn(other, s);
      await answersOn(ctx.app, s);
      expect(await queriesDuring(() => Promise.all(apps().map((a) => answersOn(a, s))))).toEqual(
        [],
      );

      await change.write(s, booked);
      await caughtUp();
      const after = await Promise.all(apps().map((a) => answersOn(a, s)));
      // The same as computed afresh, with both caches emptied.
      for (const a of apps()) a.get(BusinessCache).clear();
      const recomputed = await answersOn(other, s);
      expect(after[0]).toEqual(recomputed);
      expect(after[1]).toEqual(recomputed);
      // And the write did move a time: the check above compared a change, not a standstill.
      expect(recomputed[0]).not.toEqual(before[0]);
    },
  );
});

describe('the triggers that drop cached answers', () => {
  it('cover every table the public reads read, and every column of them they use', async () => {
    const s = await shop();
    await book(s, TEN);
    await caughtUp();
    for (const a of apps()) a.get(BusinessCache).clear();
    const sql = (await queriesDuring(() => answersOn(other, s))).join('\n');
    const tablesRead = new Set(
      [...sql.matchAll(/\b(?:FROM|JOIN)\s+"?([a-z_]+)"?/gi)].map((m) => m[1]!),
    );
    expect([...tablesRead].sort()).toEqual(
      expect.arrayContaining(['appointments', 'business_closures', 'businesses', 'services']),
    );

    const triggers = (await ctx.db.query(
      `SELECT c.relname AS "table", t.tgtype AS type,
              ARRAY(SELECT a.attname::text FROM unnest(t.tgattr::int2[]) n
                      JOIN pg_attribute a ON a.attrelid = t.tgrelid AND a.attnum = n) AS columns
         FROM pg_trigger t
         JOIN pg_class c ON c.oid = t.tgrelid
         JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE NOT t.tgisinternal
          AND p.proname LIKE 'notify\\_%\\_changed%'`,
    )) as { table: string; type: number; columns: string[] }[];
    const columnRows = (await ctx.db.query(
      `SELECT table_name AS "table", array_agg(column_name::text) AS columns
         FROM information_schema.columns WHERE table_schema = 'public' GROUP BY table_name`,
    )) as { table: string; columns: string[] }[];
    const columnsOf = new Map(columnRows.map((r) => [r.table, r.columns]));
    // tgtype: ROW 1, INSERT 4, DELETE 8, UPDATE 16.
    const EVERY_CHANGE = 1 | 4 | 8 | 16;
    for (const table of tablesRead) {
      const own = triggers.filter((t) => t.table === table);
      expect({
        table,
        notifies: own.some((t) => (t.type & EVERY_CHANGE) === EVERY_CHANGE),
      }).toEqual({ table, notifies: true });
      const watched = own.some((t) => t.columns.length === 0)
        ? columnsOf.get(table)!
        : own.flatMap((t) => t.columns);
      const unwatched = columnsOf.get(table)!.filter((c) => !watched.includes(c));
      const declared = table === 'appointments' ? APPOINTMENT_COLUMNS.ignored : [];
      expect({ table, unwatched: unwatched.sort() }).toEqual({
        table,
        unwatched: [...declared].sort(),
      });
    }
    // A column of the bookings left unwatched must be one the reads never use: they read the
    // bookings in this one subquery.
    const bookingsSql = ctx.app
      .get(BookedRanges)
      .businessBlockedSpansSql(1, new Date(), new Date(), undefined, new SqlParams());
    expect(sql).toContain(bookingsSql.replace(/\s+/g, ' ').trim().slice(0, 60));
    const used = APPOINTMENT_COLUMNS.ignored.filter((c) =>
      new RegExp(`\\b${c}\\b`).test(bookingsSql),
    );
    expect(used).toEqual([]);
    for (const table of [...AVAILABILITY_TABLES_ALL_COLUMNS, 'appointments']) {
      expect(tablesRead).toContain(table);
    }
  });
});

describe('a cached answer and the time of day', () => {
  it('no longer offers a time the passing time has brought within the minimum notice', async () => {
    const s = await shop();
    const monday = `/api/business/${s.id}/available-times?date=2027-01-04&serviceId=${s.cutId}`;
    const read = async () =>
      AvailableTimeListSchema.parse((await ctx.get(monday)).json()).map((t) => Date.parse(t.start));
    const ONE_PM = Date.parse('2027-01-04T02:00:00Z');
    // At 11 AM: times before 1 PM are offered, and the answer is cached.
    expect((await read()).some((start) => start < ONE_PM)).toBe(true);
    expect(await queriesDuring(read)).toEqual([]);
    ctx.clock.set('2027-01-04T02:00:00Z');
    try {
      const later = await read();
      expect(later.length).toBeGreaterThan(0);
      expect(later.every((start) => start >= ONE_PM)).toBe(true);
    } finally {
      ctx.clock.set(TEST_NOW);
    }
  });
});
