import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorResponseSchema,
  REPORT_RANGE_ORDER_MESSAGE,
  REPORT_RANGE_TOO_LONG_MESSAGE,
  ReportSummarySchema,
  ReportTimeseriesSchema,
  ServiceReportSchema,
  StaffReportSchema,
} from '@slotwise/contracts';
import { bookingRequest, type CreatedBusiness, createBusiness } from './support/fixtures.js';
import { bearer, json, type SignedInOwner, signUpOwner } from './support/auth.js';
import { createTestContext, type TestContext } from './support/test-app.js';
import { inviteMember } from './support/team.js';

// A salon in Sydney whose every figure is worked out by hand below. The current range, Monday 29
// March to Sunday 11 April 2027, crosses the end of daylight saving (Sunday 4 April, 3 AM AEDT
// becomes 2 AM AEST): its first days are +11, its last +10. The previous period of equal length is
// 15 to 28 March (all +11).
const FROM = '2027-03-29';
const TO = '2027-04-11';

let ctx: TestContext;
let shop: CreatedBusiness;
let owner: SignedInOwner;
let businessId: number;

interface Seed {
  /** The name the payments below use. */
  label?: string;
  customer: string;
  service: 'Cut' | 'Colour';
  /** The UTC instant of the start. */
  at: string;
  status: 'pending' | 'confirmed' | 'completed' | 'cancelled' | 'no_show';
  via?: 'online' | 'owner';
  createdAt: string;
  cancelledAt?: string;
  /** Null: written without the price it was booked at (the service's is used). */
  price?: number | null;
}

const SEEDS: Seed[] = [
  // Dan's visit last year: he is a returning client.
  {
    customer: 'Dan',
    service: 'Cut',
    at: '2026-11-10T23:00:00Z',
    status: 'completed',
    createdAt: '2026-11-01T00:00:00Z',
  },
  // Previous period.
  // P1 Tue 16 Mar 10:00 AEDT, Ann's first visit; booked without its price (5000 from the service).
  {
    customer: 'Ann',
    service: 'Cut',
    at: '2027-03-15T23:00:00Z',
    status: 'completed',
    createdAt: '2027-03-01T00:00:00Z',
    price: null,
  },
  // P2 Wed 17 Mar 10:00 AEDT, cancelled 30 minutes before: late.
  {
    customer: 'Ben',
    service: 'Cut',
    label: 'P2',
    at: '2027-03-16T23:00:00Z',
    status: 'cancelled',
    createdAt: '2027-03-01T00:00:00Z',
    cancelledAt: '2027-03-16T22:30:00Z',
  },
  // Current range.
  // A0 Mon 29 Mar 00:00 AEDT (Sunday 28th 13:00 UTC): in range only at +11. Cancelled long before.
  {
    customer: 'Cat',
    service: 'Cut',
    at: '2027-03-28T13:00:00Z',
    status: 'cancelled',
    createdAt: '2027-03-01T00:00:00Z',
    cancelledAt: '2027-03-20T00:00:00Z',
  },
  // A1 Mon 29 Mar 10:00 AEDT, made at Ann's previous visit: her rebooking.
  {
    customer: 'Ann',
    service: 'Cut',
    label: 'A1',
    at: '2027-03-28T23:00:00Z',
    status: 'completed',
    createdAt: '2027-03-16T00:00:00Z',
  },
  // A2 Tue 30 Mar 09:00 AEDT, Ben's first visit ever, booked by the owner.
  {
    customer: 'Ben',
    service: 'Colour',
    label: 'A2',
    at: '2027-03-29T22:00:00Z',
    status: 'completed',
    via: 'owner',
    createdAt: '2027-03-20T00:00:00Z',
  },
  // A3 Wed 31 Mar 09:00 AEDT, no-show.
  {
    customer: 'Cat',
    service: 'Cut',
    label: 'A3',
    at: '2027-03-30T22:00:00Z',
    status: 'no_show',
    createdAt: '2027-03-20T00:00:00Z',
  },
  // A4 Thu 1 Apr 14:00 AEDT, cancelled at 08:00 (6 h before; the cut-off is 12 h): late.
  {
    customer: 'Dan',
    service: 'Cut',
    label: 'A4',
    at: '2027-04-01T03:00:00Z',
    status: 'cancelled',
    via: 'owner',
    createdAt: '2027-03-20T00:00:00Z',
    cancelledAt: '2027-03-31T21:00:00Z',
  },
  // A5 Fri 2 Apr 10:00 AEDT, cancelled a week before: not late.
  {
    customer: 'Dan',
    service: 'Cut',
    label: 'A5',
    at: '2027-04-01T23:00:00Z',
    status: 'cancelled',
    createdAt: '2027-03-20T00:00:00Z',
    cancelledAt: '2027-03-25T00:00:00Z',
  },
  // A6 Sun 4 Apr 02:30 AEDT (the first of the two 2:30s; 3 April in UTC), by the owner.
  {
    customer: 'Ann',
    service: 'Cut',
    at: '2027-04-03T15:30:00Z',
    status: 'completed',
    via: 'owner',
    createdAt: '2027-03-20T00:00:00Z',
  },
  // A7 Tue 6 Apr 09:00 AEST.
  {
    customer: 'Dan',
    service: 'Colour',
    label: 'A7',
    at: '2027-04-05T23:00:00Z',
    status: 'confirmed',
    createdAt: '2027-03-20T00:00:00Z',
  },
  // A8 Sun 11 Apr 23:00 AEST (13:00 UTC): in range only at +10.
  {
    customer: 'Ben',
    service: 'Cut',
    label: 'A8',
    at: '2027-04-11T13:00:00Z',
    status: 'pending',
    createdAt: '2027-03-20T00:00:00Z',
  },
  // After the range.
  // A9 Mon 12 Apr 00:00 AEST, booked the day of Ann's last visit in the range: rebooked.
  {
    customer: 'Ann',
    service: 'Cut',
    at: '2027-04-11T14:00:00Z',
    status: 'confirmed',
    createdAt: '2027-04-04T00:00:00Z',
  },
  // Dan's next visit, booked 1 June: 56 days after his last visit (6 April), rebooked within 90 days, not 42.
  {
    customer: 'Dan',
    service: 'Cut',
    at: '2027-06-29T23:00:00Z',
    status: 'confirmed',
    createdAt: '2027-06-01T00:00:00Z',
  },
];

interface SeedPayment {
  on: string;
  kind: 'deposit' | 'card_saved' | 'late_cancellation_fee' | 'no_show_fee' | 'refund';
  amount: number;
  state: 'pending' | 'succeeded' | 'failed' | 'refunded';
  /** When Stripe's confirmation was recorded (UTC); none for a row Stripe never confirmed. */
  at?: string;
}

// The money, by when Stripe confirmed it (Sydney days), whatever the appointment's day.
const PAYMENTS: SeedPayment[] = [
  // Previous period: P2's late-cancellation fee, Tue 17 Mar 09:31 AEDT.
  {
    on: 'P2',
    kind: 'late_cancellation_fee',
    amount: 1500,
    state: 'succeeded',
    at: '2027-03-16T22:31:00Z',
  },
  // A5's deposit, taken Sat 20 Mar 11:00 AEDT, refunded when it was cancelled (Thu 25 Mar).
  { on: 'A5', kind: 'deposit', amount: 3000, state: 'refunded', at: '2027-03-20T00:00:00Z' },
  { on: 'A5', kind: 'refund', amount: 3000, state: 'succeeded', at: '2027-03-25T00:00:00Z' },
  // A2's deposit taken 20 March (previous), refunded Mon 5 Apr 02:30 AEST (current; 4 April in UTC).
  { on: 'A2', kind: 'deposit', amount: 3000, state: 'refunded', at: '2027-03-20T00:00:00Z' },
  { on: 'A2', kind: 'refund', amount: 3000, state: 'succeeded', at: '2027-04-04T16:30:00Z' },
  // Current: A1's deposit at Mon 29 Mar 00:30 AEDT (28 March in UTC: the previous period's date).
  { on: 'A1', kind: 'deposit', amount: 2000, state: 'succeeded', at: '2027-03-28T13:30:00Z' },
  // A refund Stripe refused: not counted.
  { on: 'A1', kind: 'refund', amount: 500, state: 'failed' },
  // A3's no-show fee, Wed 31 Mar 12:00 AEDT.
  { on: 'A3', kind: 'no_show_fee', amount: 2500, state: 'succeeded', at: '2027-03-31T01:00:00Z' },
  // A4's late fee: the card was declined. Not counted.
  { on: 'A4', kind: 'late_cancellation_fee', amount: 1500, state: 'failed' },
  // A7's deposit, still waiting for Stripe: not counted.
  { on: 'A7', kind: 'deposit', amount: 4000, state: 'pending' },
  // A8's card saved (no money), and its deposit at Sun 11 Apr 23:30 AEST, the range's last hour.
  { on: 'A8', kind: 'card_saved', amount: 0, state: 'succeeded', at: '2027-04-11T13:20:00Z' },
  { on: 'A8', kind: 'deposit', amount: 2000, state: 'succeeded', at: '2027-04-11T13:30:00Z' },
];

const PHONES: Record<string, string> = {
  Ann: '+61411000001',
  Ben: '+61411000002',
  Cat: '+61411000003',
  Dan: '+61411000004',
};

async function seed(): Promise<void> {
  shop = await createBusiness(ctx.db, {
    name: 'Figures Salon',
    timeZone: 'Australia/Sydney',
    services: [
      { name: 'Cut', priceCents: 5000, durationMinutes: 60 },
      { name: 'Colour', priceCents: 12000, durationMinutes: 90 },
    ],
    staff: [
      { firstName: 'Mia', offers: ['Cut', 'Colour'] },
      { firstName: 'Zoe', offers: ['Cut'] },
    ],
    // Monday to Friday 9–12 and 13–17 (a lunch break): 420 working minutes a day.
    hours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      dayOfWeek,
      isOpen: dayOfWeek >= 1 && dayOfWeek <= 5,
      openTime: '09:00',
      closeTime: '17:00',
      slotDuration: 30,
      intervals: [
        { openTime: '09:00', closeTime: '12:00' },
        { openTime: '13:00', closeTime: '17:00' },
      ],
    })),
  });
  businessId = shop.business.id;
  const mia = shop.staff.Mia!.id;
  const zoe = shop.staff.Zoe!.id;
  owner = await signUpOwner(ctx);
  await ctx.db.query(
    `UPDATE businesses SET owner_user_id = $2, cancel_cutoff_minutes = 720 WHERE id = $1`,
    [businessId, owner.userId],
  );
  // Zoe works Mondays 9–12 only (her own week): 180 minutes each Monday.
  await ctx.db.query(
    `INSERT INTO availabilities (business_id, staff_id, day_of_week, is_open, intervals, slot_duration)
     SELECT $1, $2, d, d = 1, CASE WHEN d = 1 THEN '[{"openTime":"09:00","closeTime":"12:00"}]'::jsonb
                                  ELSE '[]'::jsonb END, 30
       FROM generate_series(0, 6) d`,
    [businessId, zoe],
  );
  // Closed Friday 9 April; Mia off Wednesday 31 March 13:00–17:00 AEDT.
  await ctx.db.query(
    `INSERT INTO business_closures (business_id, from_date, to_date, reason) VALUES ($1, '2027-04-09', '2027-04-09', 'Stocktake')`,
    [businessId],
  );
  await ctx.db.query(
    `INSERT INTO staff_time_off (business_id, staff_id, starts_at, ends_at)
     VALUES ($1, $2, '2027-03-31T02:00:00Z', '2027-03-31T06:00:00Z')`,
    [businessId, mia],
  );
  const customers: Record<string, number> = {};
  for (const [name, phone] of Object.entries(PHONES)) {
    const [row] = (await ctx.db.query(
      `INSERT INTO customers (business_id, first_name, last_name, name_key, phone)
       VALUES ($1, $2::text, 'Client', lower($2::text) || ' client', $3) RETURNING id`,
      [businessId, name, phone],
    )) as { id: number }[];
    customers[name] = row!.id;
  }
  const ids: Record<string, number> = {};
  for (const s of SEEDS) {
    const service = shop.services[s.service]!;
    const start = new Date(s.at);
    const end = new Date(start.getTime() + service.durationMinutes * 60_000);
    const [row] = (await ctx.db.query(
      `INSERT INTO appointments (business_id, service_id, staff_id, customer_id, status, starts_at,
                                 ends_at, blocked_from, blocked_until, price_cents, booked_via,
                                 created_at, cancelled_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        businessId,
        service.id,
        mia,
        customers[s.customer],
        s.status,
        start,
        end,
        s.price === undefined ? service.priceCents : s.price,
        s.via ?? 'online',
        s.createdAt,
        s.cancelledAt ?? null,
      ],
    )) as { id: number }[];
    if (s.label) ids[s.label] = row!.id;
  }
  for (const [i, p] of PAYMENTS.entries()) {
    await ctx.db.query(
      `INSERT INTO booking_payments (business_id, appointment_id, kind, amount_cents, state,
                                     idempotency_key, succeeded_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [businessId, ids[p.on], p.kind, p.amount, p.state, `report-seed-${i}`, p.at ?? null],
    );
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seed();
});

afterAll(async () => {
  await ctx?.close();
});

function get(path: string, token = owner.accessToken) {
  return ctx.request({ method: 'GET', url: path, headers: bearer(token) });
}

const base = () => `/api/business/${businessId}`;

describe('reports summary', () => {
  it('answers every figure of the range across the daylight-saving change, and of the period before', async () => {
    const res = await get(`${base()}/reports/summary?from=${FROM}&to=${TO}`);
    expect(res.statusCode, res.body).toBe(200);
    const summary = ReportSummarySchema.parse(res.json());
    expect(summary.lateCancelMinutes).toBe(720);
    expect(summary.rebookWithinDays).toBe(42);
    // Mia: 10 weekdays, Friday 9 April closed: 9 × 420 = 3780, minus her afternoon off (240) = 3540.
    // Zoe: Mondays 29 March and 5 April, 180 each = 360. Together 3900.
    // Booked (not cancelled): A1 60 + A2 90 + A3 60 + A6 60 + A7 90 + A8 60 = 420.
    expect(summary.current).toEqual({
      from: FROM,
      to: TO,
      appointments: { total: 9, pending: 1, confirmed: 1, completed: 3, cancelled: 3, noShow: 1 },
      expectedRevenueCents: 5000 + 12000 + 5000,
      noShowRate: 1 / 4,
      lateCancellations: 1,
      lateCancellationRate: 1 / 9,
      bookedMinutes: 420,
      workingMinutes: 3900,
      utilisation: 420 / 3900,
      // Visitors (a kept appointment in the range): Ann and Dan came before, Ben is new. Cat only
      // cancelled and did not show. Ann rebooked (A9, booked on 4 April); Dan's next booking came
      // 56 days after his visit; Ben has none.
      newClients: 1,
      returningClients: 2,
      rebookedClients: 1,
      rebookingRate: 1 / 3,
      onlineBookings: 6,
      ownerBookings: 3,
      // Taken: A1 2000 + A3's fee 2500 + A8 2000 (A7 pending, A4's fee failed, A8's card is 0).
      // Refunded: A2's 3000 (A1's refund failed). Fees: A3's 2500.
      money: { takenCents: 6500, refundedCents: 3000, feesRecoveredCents: 2500 },
    });
    // Previous: P1 completed (at the service's price), P2 cancelled late. Working time: 10
    // weekdays × 420 for Mia, Mondays 15 and 22 March × 180 for Zoe.
    expect(summary.previous).toEqual({
      from: '2027-03-15',
      to: '2027-03-28',
      appointments: { total: 2, pending: 0, confirmed: 0, completed: 1, cancelled: 1, noShow: 0 },
      expectedRevenueCents: 5000,
      noShowRate: 0,
      lateCancellations: 1,
      lateCancellationRate: 1 / 2,
      bookedMinutes: 60,
      workingMinutes: 4200 + 360,
      utilisation: 60 / 4560,
      newClients: 1,
      returningClients: 0,
      rebookedClients: 1,
      rebookingRate: 1,
      onlineBookings: 2,
      ownerBookings: 0,
      // Taken: P2's fee 1500 + A5 3000 + A2 3000 (both refunded later: still taken). Refunded: A5's.
      money: { takenCents: 7500, refundedCents: 3000, feesRecoveredCents: 1500 },
    });
  });

  it('counts a rebooking within the number of days asked for', async () => {
    const res = await get(`${base()}/reports/summary?from=${FROM}&to=${TO}&rebookWithinDays=90`);
    const summary = ReportSummarySchema.parse(res.json());
    expect(summary.rebookWithinDays).toBe(90);
    expect(summary.current.rebookedClients).toBe(2);
    expect(summary.current.rebookingRate).toBe(2 / 3);
  });

  it("answers a manager every figure but the money (managers lack 'payments.manage')", async () => {
    const manager = await inviteMember(ctx, owner.accessToken, businessId, 'manager');
    const res = await get(`${base()}/reports/summary?from=${FROM}&to=${TO}`, manager.accessToken);
    expect(res.statusCode, res.body).toBe(200);
    const summary = ReportSummarySchema.parse(res.json());
    expect(summary.current.money).toBeNull();
    expect(summary.previous.money).toBeNull();
    expect(summary.current.expectedRevenueCents).toBe(22000);
    const series = await get(
      `${base()}/reports/timeseries?from=${FROM}&to=${TO}&interval=week`,
      manager.accessToken,
    );
    const { points } = ReportTimeseriesSchema.parse(series.json());
    expect(points.map((p) => [p.appointments, p.money])).toEqual([
      [7, null],
      [2, null],
    ]);
  });

  it('refuses a range backwards, too long or outside 2000–2100 with a clear 400', async () => {
    for (const [query, message] of [
      [`from=${TO}&to=${FROM}`, REPORT_RANGE_ORDER_MESSAGE],
      ['from=2027-01-01&to=2028-01-02', REPORT_RANGE_TOO_LONG_MESSAGE],
      [
        'from=1999-12-31&to=2000-01-05',
        'Date must be a real calendar date between 2000-01-01 and 2100-12-31',
      ],
      [`from=${FROM}&to=${TO}&rebookWithinDays=0`, 'rebookWithinDays must be between 1 and 365'],
    ] as const) {
      const res = await get(`${base()}/reports/summary?${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = ErrorResponseSchema.parse(res.json());
      expect(JSON.stringify(body), query).toContain(message);
    }
    expect(
      (await get(`${base()}/reports/timeseries?from=${FROM}&to=${TO}&interval=month`)).statusCode,
    ).toBe(400);
  });

  it("refuses another owner (404) and answers nothing of the business's", async () => {
    const other = await signUpOwner(ctx);
    for (const path of [
      'reports/summary',
      'reports/timeseries',
      'reports/staff',
      'reports/services',
      'exports/appointments.csv',
      'exports/clients.csv',
    ]) {
      const res = await get(`${base()}/${path}?from=${FROM}&to=${TO}`, other.accessToken);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).not.toContain('Mia');
    }
  });
});

describe('reports tables and series', () => {
  it('puts each appointment on its business-local day, the DST Sunday included', async () => {
    const res = await get(`${base()}/reports/timeseries?from=${FROM}&to=${TO}&interval=day`);
    expect(res.statusCode, res.body).toBe(200);
    const { points } = ReportTimeseriesSchema.parse(res.json());
    expect(points).toHaveLength(14);
    const day = (d: string) => points.find((p) => p.start === d)!;
    expect(day('2027-03-29')).toEqual({
      start: '2027-03-29',
      appointments: 2,
      completed: 1,
      noShows: 0,
      cancelled: 1,
      expectedRevenueCents: 5000,
      bookedMinutes: 60,
      // A1's deposit, confirmed Mon 29 Mar 00:30 AEDT (28 March in UTC).
      money: { takenCents: 2000, refundedCents: 0, feesRecoveredCents: 0 },
    });
    // A2's refund on Mon 5 April 02:30 AEST (4 April in UTC); A8's deposit on the last evening.
    expect(day('2027-04-05').money).toEqual({
      takenCents: 0,
      refundedCents: 3000,
      feesRecoveredCents: 0,
    });
    expect(day('2027-04-11').money!.takenCents).toBe(2000);
    expect(day('2027-04-04').money!.refundedCents).toBe(0);
    expect(day('2027-04-03').appointments).toBe(0);
    expect(day('2027-04-04')).toMatchObject({
      appointments: 1,
      completed: 1,
      expectedRevenueCents: 5000,
    });
    expect(day('2027-04-11')).toMatchObject({ appointments: 1, bookedMinutes: 60 });
    expect(points.reduce((n, p) => n + p.appointments, 0)).toBe(9);
  });

  it('groups by week from Monday', async () => {
    const res = await get(`${base()}/reports/timeseries?from=${FROM}&to=${TO}&interval=week`);
    const { interval, points } = ReportTimeseriesSchema.parse(res.json());
    expect(interval).toBe('week');
    expect(points.map((p) => [p.start, p.appointments, p.expectedRevenueCents])).toEqual([
      ['2027-03-29', 7, 22000],
      ['2027-04-05', 2, 0],
    ]);
    // The summary's money, split by week: taken 2000 + 2500 then 2000; the refund the second week.
    expect(points.map((p) => p.money)).toEqual([
      { takenCents: 4500, refundedCents: 0, feesRecoveredCents: 2500 },
      { takenCents: 2000, refundedCents: 3000, feesRecoveredCents: 0 },
    ]);
  });

  it('answers per staff member, with their own working time and utilisation', async () => {
    const res = await get(`${base()}/reports/staff?from=${FROM}&to=${TO}`);
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = StaffReportSchema.parse(res.json());
    expect(rows).toEqual([
      {
        staffId: shop.staff.Mia!.id,
        name: 'Mia Tester',
        appointments: 9,
        completed: 3,
        noShows: 1,
        cancelled: 3,
        expectedRevenueCents: 22000,
        bookedMinutes: 420,
        workingMinutes: 3540,
        utilisation: 420 / 3540,
      },
      {
        staffId: shop.staff.Zoe!.id,
        name: 'Zoe Tester',
        appointments: 0,
        completed: 0,
        noShows: 0,
        cancelled: 0,
        expectedRevenueCents: 0,
        bookedMinutes: 0,
        workingMinutes: 360,
        utilisation: 0,
      },
    ]);
  });

  it('answers per service', async () => {
    const res = await get(`${base()}/reports/services?from=${FROM}&to=${TO}`);
    const { rows } = ServiceReportSchema.parse(res.json());
    expect(rows).toEqual([
      {
        serviceId: shop.services.Colour!.id,
        name: 'Colour',
        appointments: 2,
        completed: 1,
        noShows: 0,
        cancelled: 0,
        expectedRevenueCents: 12000,
        bookedMinutes: 180,
      },
      {
        serviceId: shop.services.Cut!.id,
        name: 'Cut',
        appointments: 7,
        completed: 2,
        noShows: 1,
        cancelled: 3,
        expectedRevenueCents: 10000,
        bookedMinutes: 240,
      },
    ]);
  });
});

describe('CSV exports', () => {
  it('exports the same appointments as the report counts, times in the business zone', async () => {
    const [summaryRes, csvRes] = await Promise.all([
      get(`${base()}/reports/summary?from=${FROM}&to=${TO}`),
      get(`${base()}/exports/appointments.csv?from=${FROM}&to=${TO}`),
    ]);
    expect(csvRes.statusCode, csvRes.body).toBe(200);
    expect(csvRes.headers['content-type']).toContain('text/csv');
    expect(csvRes.headers['content-disposition']).toContain(`appointments-${FROM}-to-${TO}.csv`);
    const { current } = ReportSummarySchema.parse(summaryRes.json());
    const rows = parse(csvRes.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(current.appointments.total);
    const count = (status: string) => rows.filter((r) => r.status === status).length;
    expect(count('completed')).toBe(current.appointments.completed);
    expect(count('cancelled')).toBe(current.appointments.cancelled);
    expect(count('no_show')).toBe(current.appointments.noShow);
    const revenue = rows
      .filter((r) => r.status === 'completed')
      .reduce((sum, r) => sum + Number(r.price_cents), 0);
    expect(revenue).toBe(current.expectedRevenueCents);
    expect(rows.filter((r) => r.booked_via === 'owner')).toHaveLength(current.ownerBookings);
    // The first at midnight AEDT, the last at 11 PM AEST; the DST Sunday's at its local 2:30.
    expect(rows[0]).toMatchObject({
      date: '2027-03-29',
      start: '00:00',
      end: '01:00',
      first_name: 'Cat',
    });
    expect(rows.at(-1)).toMatchObject({ date: '2027-04-11', start: '23:00', status: 'pending' });
    expect(rows.find((r) => r.date === '2027-04-04')).toMatchObject({
      start: '02:30',
      staff: 'Mia Tester',
    });
  });

  it("exports the range's clients: as many new ones as the report counts", async () => {
    const [summaryRes, csvRes, allRes] = await Promise.all([
      get(`${base()}/reports/summary?from=${FROM}&to=${TO}`),
      get(`${base()}/exports/clients.csv?from=${FROM}&to=${TO}`),
      get(`${base()}/exports/clients.csv`),
    ]);
    const { current } = ReportSummarySchema.parse(summaryRes.json());
    const rows = parse(csvRes.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(current.newClients + current.returningClients);
    expect(rows.filter((r) => (r.first_visit ?? '') >= FROM)).toHaveLength(current.newClients);
    expect(rows.find((r) => r.first_name === 'Dan')).toMatchObject({
      first_visit: '2026-11-11',
      visits: '3',
      cancellations: '2',
    });
    const all = parse(allRes.body, { columns: true }) as Record<string, string>[];
    expect(all.map((r) => r.first_name).sort()).toEqual(['Ann', 'Ben', 'Cat', 'Dan']);
  });

  it('streams more rows than one batch, in order, each once', async () => {
    const big = await createBusiness(ctx.db, {
      name: 'Busy Salon',
      services: [{ name: 'Trim', durationMinutes: 15 }],
    });
    const bigOwner = await signUpOwner(ctx);
    await ctx.db.query(`UPDATE businesses SET owner_user_id = $2 WHERE id = $1`, [
      big.business.id,
      bigOwner.userId,
    ]);
    const [customer] = (await ctx.db.query(
      `INSERT INTO customers (business_id, first_name, last_name, name_key, phone) VALUES ($1, 'Eve', 'Busy', 'eve busy', '+61411000009') RETURNING id`,
      [big.business.id],
    )) as { id: number }[];
    // 2,500 fifteen-minute appointments from 1 March, two at each start (no staff: business resource, cancelled so they may overlap).
    await ctx.db.query(
      `INSERT INTO appointments (business_id, service_id, customer_id, status, starts_at, ends_at, blocked_from, blocked_until, price_cents)
       SELECT $1, $2, $3, 'cancelled', t, t + interval '15 minutes', t, t + interval '15 minutes', 100
         FROM generate_series(1, 2500) i, LATERAL (SELECT timestamptz '2027-03-01T00:00:00Z' + (i / 2) * interval '15 minutes' AS t) x`,
      [big.business.id, big.services.Trim!.id, customer!.id],
    );
    const res = await ctx.request({
      method: 'GET',
      url: `/api/business/${big.business.id}/exports/appointments.csv?from=2027-02-28&to=2027-04-30`,
      headers: bearer(bigOwner.accessToken),
    });
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2500);
    expect(new Set(rows.map((r) => r.appointment_id)).size).toBe(2500);
  });
});

describe('what the ledger keeps for the reports', () => {
  it('records when Stripe confirmed a payment, once, and never for one it did not', async () => {
    const [appointment] = (await ctx.db.query(
      `SELECT id FROM appointments WHERE business_id = $1 AND status = 'completed' LIMIT 1`,
      [businessId],
    )) as { id: number }[];
    const insert = async (kind: string, key: string) =>
      (
        (await ctx.db.query(
          `INSERT INTO booking_payments (business_id, appointment_id, kind, amount_cents, state,
                                         idempotency_key)
           VALUES ($1, $2, $3, 700, 'pending', $4) RETURNING id`,
          [businessId, appointment!.id, kind, key],
        )) as { id: number }[]
      )[0]!.id;
    const at = async (id: number) =>
      (
        (await ctx.db.query(`SELECT succeeded_at FROM booking_payments WHERE id = $1`, [id])) as {
          succeeded_at: Date | null;
        }[]
      )[0]!.succeeded_at;
    const paid = await insert('refund', 'ledger-refund-ok');
    const refused = await insert('refund', 'ledger-refund-refused');
    expect(await at(paid)).toBeNull();
    const before = Date.now();
    await ctx.db.query(`UPDATE booking_payments SET state = 'succeeded' WHERE id = $1`, [paid]);
    await ctx.db.query(`UPDATE booking_payments SET state = 'failed' WHERE id = $1`, [refused]);
    const confirmed = await at(paid);
    expect(confirmed!.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(await at(refused)).toBeNull();
    // A later state (the charge disputed) keeps the first confirmation's time.
    await ctx.db.query(`UPDATE booking_payments SET state = 'disputed' WHERE id = $1`, [paid]);
    expect(await at(paid)).toEqual(confirmed);
    // Today's report counts it (Sydney's today), the refused one not.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(
      new Date(),
    );
    const res = await get(`${base()}/reports/summary?from=${today}&to=${today}`);
    expect(ReportSummarySchema.parse(res.json()).current.money).toEqual({
      takenCents: 0,
      refundedCents: 700,
      feesRecoveredCents: 0,
    });
    await ctx.db.query(`DELETE FROM booking_payments WHERE id IN ($1, $2)`, [paid, refused]);
  });

  it('marks who made each booking and when it was cancelled, whichever path wrote it', async () => {
    const service = shop.services.Cut!.id;
    // Tuesday 5 January 2027, 10:00 by the owner, 11:00 from the booking page (Sydney, +11).
    const owned = await ctx.request(
      json(
        'POST',
        `${base()}/appointments`,
        {
          serviceId: service,
          staffMemberId: shop.staff.Mia!.id,
          date: '2027-01-04T23:00:00.000Z',
          customer: { firstName: 'Walk', lastName: 'In', phone: '0400 999 111' },
        },
        owner.accessToken,
      ),
    );
    expect(owned.statusCode, owned.body).toBe(201);
    const online = await ctx.post(
      '/api/appointments',
      bookingRequest(businessId, service, '2027-01-05T00:00:00.000Z', {
        staffMemberId: shop.staff.Mia!.id,
      }),
    );
    expect(online.statusCode, online.body).toBe(201);
    const ownedId = (owned.json() as { id: number }).id;
    const onlineId = (online.json() as { appointment: { id: number } }).appointment.id;
    const read = async (id: number) =>
      (
        (await ctx.db.query(`SELECT booked_via, cancelled_at FROM appointments WHERE id = $1`, [
          id,
        ])) as {
          booked_via: string;
          cancelled_at: Date | null;
        }[]
      )[0]!;
    expect(await read(ownedId)).toEqual({ booked_via: 'owner', cancelled_at: null });
    expect(await read(onlineId)).toEqual({ booked_via: 'online', cancelled_at: null });

    const cancelled = await ctx.request({
      method: 'DELETE',
      url: `/api/appointments/${onlineId}`,
      headers: bearer(owner.accessToken),
    });
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    expect((await read(onlineId)).cancelled_at).toBeInstanceOf(Date);
    // Taken back: no longer cancelled, no cancellation time.
    await ctx.db.query(`UPDATE appointments SET status = 'confirmed' WHERE id = $1`, [onlineId]);
    expect((await read(onlineId)).cancelled_at).toBeNull();
  });
});
