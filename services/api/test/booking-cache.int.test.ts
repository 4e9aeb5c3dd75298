// A public booking goes by this process's cache of the business (its row, services, staff and
// weekly hours) and writes everything in one statement that first checks that copy against the
// tables. Here the cache is held behind on purpose (the change notifications it gets are not
// applied), so each change made meanwhile must be caught by that check: the booking is refused as
// the tables refuse it, with nothing written, or written as the tables now say.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CreateAppointmentResponseSchema } from '@slotwise/contracts';
import { BusinessCache } from '../src/core/cache/business-cache.js';
import { AvailabilityService } from '../src/modules/availability/index.js';
import {
  BusinessChangeListener,
  LISTENER_APPLICATION_NAME,
} from '../src/core/cache/business-change.listener.js';
import { bookingRequest, type CreatedBusiness, createBusiness } from './support/fixtures.js';
import { expectError, sydney } from './support/expect.js';
import { createTestContext, type TestContext } from './support/test-app.js';

let ctx: TestContext;
let cache: BusinessCache;
let held: { invalidate: BusinessCache['invalidate']; clear: BusinessCache['clear'] } | null = null;

beforeAll(async () => {
  ctx = await createTestContext();
  cache = ctx.app.get(BusinessCache);
});

afterEach(() => letCacheFollow());

afterAll(async () => {
  await ctx?.close();
});

/** From now on the cache keeps what it has: changes notified meanwhile are not applied. */
function holdCacheBack() {
  held = { invalidate: cache.invalidate.bind(cache), clear: cache.clear.bind(cache) };
  cache.invalidate = () => undefined;
  cache.clear = () => undefined;
}

function letCacheFollow() {
  if (!held) return;
  cache.invalidate = held.invalidate;
  cache.clear = held.clear;
  held = null;
  cache.clear();
}

/** Tuesday 5 January 2027 (open 9 to 5 by the default week), the tests' day. */
const TUESDAY = '2027-01-05';
let phones = 0;
/** A new customer's mobile per booking. */
const newPhone = () => `0412 ${String(100_000 + (phones += 1)).padStart(6, '0')}`;

/** Every change committed so far has reached the cache (or been dropped, while held back). */
const caughtUp = () => ctx.app.get(BusinessChangeListener).caughtUp();

/** A salon with a one-hour cut offered by Ann, its cache filled by a first booking at 9:00. */
async function cachedSalon(): Promise<CreatedBusiness> {
  const salon = await createBusiness(ctx.db, {
    name: 'Cached Salon',
    services: [{ name: 'Cut', priceCents: 5000, durationMinutes: 60 }],
    staff: [{ firstName: 'Ann', offers: ['Cut'] }],
  });
  await ctx.db.query(
    `UPDATE businesses SET subscription_plan = 'professional', email = 'owner@cached.example'
      WHERE id = $1`,
    [salon.business.id],
  );
  await caughtUp();
  const first = await book(salon, '09:00');
  expect(first.statusCode).toBe(201);
  return salon;
}

function book(salon: CreatedBusiness, hhmm: string, extra: Record<string, unknown> = {}) {
  return ctx.post(
    '/api/appointments',
    bookingRequest(salon.business.id, salon.services.Cut!.id, sydney(TUESDAY, hhmm), {
      phone: newPhone(),
      ...extra,
    }),
  );
}

/** Rows the business has in each table a booking writes. */
async function written(salon: CreatedBusiness) {
  const [row] = await ctx.db.query<{ appointments: number; customers: number; outbox: number }[]>(
    `SELECT (SELECT count(*)::int FROM appointments WHERE business_id = $1) AS appointments,
            (SELECT count(*)::int FROM customers WHERE business_id = $1) AS customers,
            (SELECT count(*)::int FROM outbox WHERE business_id = $1) AS outbox`,
    [salon.business.id],
  );
  return row!;
}

/** The kinds of the appointment's messages, in the order they were written. */
async function kindsOf(appointmentId: number): Promise<string[]> {
  const rows = await ctx.db.query<{ kind: string }[]>(
    'SELECT kind FROM outbox WHERE appointment_id = $1 ORDER BY id',
    [appointmentId],
  );
  return rows.map((r) => r.kind);
}

/** The statements every pg client sends while `work` runs (the cache listener's left out). */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const sent: string[] = [];
  proto.query = function (this: { connectionParameters?: { application_name?: string } }, ...args) {
    const q = args[0] as string | { text?: string };
    const text = typeof q === 'string' ? q : (q.text ?? '');
    if (
      this.connectionParameters?.application_name !== LISTENER_APPLICATION_NAME &&
      !text.startsWith('LISTEN')
    ) {
      sent.push(text.replace(/\s+/g, ' ').trim());
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

describe('a public booking with the business in the cache', () => {
  it('sends two statements: the day’s exceptions and bookings, then one that checks and writes', async () => {
    const salon = await cachedSalon();
    let res: Awaited<ReturnType<typeof book>> | undefined;
    const sent = await statementsDuring(async () => {
      res = await book(salon, '13:00', { staffMemberId: salon.staff.Ann!.id });
    });
    expect(res!.statusCode).toBe(201);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/^WITH allowed AS/);
    const { appointment } = CreateAppointmentResponseSchema.parse(res!.json());
    const tokens = await ctx.db.query<{ purpose: string }[]>(
      'SELECT purpose FROM appointment_tokens WHERE appointment_id = $1 ORDER BY id',
      [appointment.id],
    );
    expect(tokens.map((t) => t.purpose)).toEqual(['cancel', 'reschedule']);
    // Monday 1 PM is still to come: the reminder is queued between the two others.
    expect(await kindsOf(appointment.id)).toEqual([
      'booking-confirmation',
      'reminder',
      'owner-new-booking',
    ]);
  });
});

describe('a public booking while the cache is behind', () => {
  const refusals: {
    change: string;
    sql: (salon: CreatedBusiness) => [string, unknown[]];
    status: number;
    code: string;
    staff?: boolean;
  }[] = [
    {
      change: 'the service switched off',
      sql: (s) => ['UPDATE services SET is_active = false WHERE id = $1', [s.services.Cut!.id]],
      status: 404,
      code: 'SERVICE_NOT_FOUND',
    },
    {
      change: 'the service made longer (the 4 PM start no longer fits before closing)',
      sql: (s) => ['UPDATE services SET duration_minutes = 90 WHERE id = $1', [s.services.Cut!.id]],
      status: 400,
      code: 'SLOT_UNAVAILABLE',
    },
    {
      change: 'publishing switched off',
      sql: (s) => [
        'UPDATE businesses SET publishing_enabled = false WHERE id = $1',
        [s.business.id],
      ],
      status: 404,
      code: 'BUSINESS_NOT_FOUND',
    },
    {
      change: 'Tuesdays closed',
      sql: (s) => [
        'UPDATE availabilities SET is_open = false WHERE business_id = $1 AND day_of_week = 2',
        [s.business.id],
      ],
      status: 400,
      code: 'SLOT_UNAVAILABLE',
    },
    {
      change: 'the staff member switched off',
      sql: (s) => ['UPDATE staff_members SET is_active = false WHERE id = $1', [s.staff.Ann!.id]],
      status: 404,
      code: 'STAFF_NOT_FOUND',
      staff: true,
    },
    {
      change: 'the staff member no longer offering the service',
      sql: (s) => ['DELETE FROM staff_services WHERE staff_id = $1', [s.staff.Ann!.id]],
      status: 400,
      code: 'VALIDATION_FAILED',
      staff: true,
    },
  ];

  for (const { change, sql, status, code, staff } of refusals) {
    it(`is refused as the tables refuse it, writing nothing: ${change}`, async () => {
      const salon = await cachedSalon();
      const before = await written(salon);
      holdCacheBack();
      await ctx.db.query(...sql(salon));
      let res: Awaited<ReturnType<typeof book>> | undefined;
      const sent = await statementsDuring(async () => {
        res = await book(salon, '16:00', staff ? { staffMemberId: salon.staff.Ann!.id } : {});
      });
      expect(expectError(res!, status).code).toBe(code);
      // The cache's copy passed; the statement's check found it old and wrote nothing.
      expect(sent.filter((text) => text.startsWith('WITH allowed AS'))).toHaveLength(1);
      expect(await written(salon)).toEqual(before);
    });
  }

  it('is written as the tables say: the new price, and no reminder on the Free plan', async () => {
    const salon = await cachedSalon();
    holdCacheBack();
    await ctx.db.query('UPDATE services SET price_cents = 6500 WHERE id = $1', [
      salon.services.Cut!.id,
    ]);
    await ctx.db.query(`UPDATE businesses SET subscription_plan = 'free' WHERE id = $1`, [
      salon.business.id,
    ]);
    // Monday 2 PM is still to come: on Professional the booking would queue a reminder.
    const res = await book(salon, '14:00');
    expect(res.statusCode).toBe(201);
    const { appointment, service } = CreateAppointmentResponseSchema.parse(res.json());
    expect(service.price).toBe(6500);
    const [row] = await ctx.db.query<{ price_cents: number }[]>(
      'SELECT price_cents FROM appointments WHERE id = $1',
      [appointment.id],
    );
    expect(row!.price_cents).toBe(6500);
    expect(await kindsOf(appointment.id)).toEqual(['booking-confirmation', 'owner-new-booking']);
  });

  it('is refused on the cache’s word only once the tables agree', async () => {
    const salon = await cachedSalon();
    await ctx.db.query('UPDATE services SET is_active = false WHERE id = $1', [
      salon.services.Cut!.id,
    ]);
    // The cache learns the service is off, then is held back while it comes on again.
    await caughtUp();
    expect(expectError(await book(salon, '11:00'), 404).code).toBe('SERVICE_NOT_FOUND');
    holdCacheBack();
    await ctx.db.query('UPDATE services SET is_active = true WHERE id = $1', [
      salon.services.Cut!.id,
    ]);
    expect((await book(salon, '11:00')).statusCode).toBe(201);
  });
});

describe('a public booking when an exception is saved after its slot was read', () => {
  // Exceptions are read fresh with the day's bookings, then the booking is written by a second
  // statement: one saved in between must refuse the booking there, not be booked through.
  const meanwhile: { change: string; sql: (salon: CreatedBusiness) => [string, unknown[]] }[] = [
    {
      change: 'the day closed',
      sql: (s) => [
        `INSERT INTO business_closures (business_id, from_date, to_date, reason)
         VALUES ($1, $2, $2, 'Flooded')`,
        [s.business.id, TUESDAY],
      ],
    },
    {
      change: 'special hours that end before the slot',
      sql: (s) => [
        `INSERT INTO business_special_hours (business_id, date, intervals)
         VALUES ($1, $2, '[{"openTime":"09:00","closeTime":"12:00"}]')`,
        [s.business.id, TUESDAY],
      ],
    },
    {
      change: 'time off for the staff member over the slot',
      sql: (s) => [
        `INSERT INTO staff_time_off (business_id, staff_id, starts_at, ends_at, reason)
         VALUES ($1, $2, $3, $4, 'Dentist')`,
        [s.business.id, s.staff.Ann!.id, sydney(TUESDAY, '15:30'), sydney(TUESDAY, '17:00')],
      ],
    },
  ];

  for (const { change, sql } of meanwhile) {
    it(`is refused, writing nothing: ${change}`, async () => {
      const salon = await cachedSalon();
      const before = await written(salon);
      const availability = ctx.app.get(AvailabilityService);
      const slotAt = availability.slotAt;
      // The change lands right after the first read of the slot, before the booking's statement.
      availability.slotAt = async function (...args) {
        availability.slotAt = slotAt;
        const slot = await slotAt.apply(this, args);
        await ctx.db.query(...sql(salon));
        return slot;
      };
      try {
        const res = await book(salon, '16:00', { staffMemberId: salon.staff.Ann!.id });
        expect(expectError(res, 400).code).toBe('SLOT_UNAVAILABLE');
      } finally {
        availability.slotAt = slotAt;
      }
      expect(await written(salon)).toEqual(before);
    });
  }

  it('is written when special hours read with the slot still hold', async () => {
    const salon = await cachedSalon();
    await ctx.db.query(
      `INSERT INTO business_special_hours (business_id, date, intervals)
       VALUES ($1, $2, '[{"openTime":"12:00","closeTime":"18:00"}]')`,
      [salon.business.id, TUESDAY],
    );
    expect((await book(salon, '17:00')).statusCode).toBe(201);
  });
});
