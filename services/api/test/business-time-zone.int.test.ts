// Each business has its own time zone (decision 012): a Perth or Brisbane shop offers, books and
// texts its own local times with its own abbreviation on the days Sydney's clocks change; the owner
// changes the zone (upcoming bookings are listed first and keep their instants); a new owner's
// business sends its new-booking emails to the owner's sign-in address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AffectedBookingListSchema,
  AvailableTimeSchema,
  BusinessSchema,
  CreateAppointmentResponseSchema,
  ErrorResponseSchema,
} from '@slotwise/contracts';
import { bearer, json, ownerBusiness, signUpOwner } from './support/auth.js';
import { bookingRequest, type CreatedBusiness, createBusiness } from './support/fixtures.js';
import { createTestContext, type TestContext } from './support/test-app.js';
import { outboxRows } from './support/worker.js';

let ctx: TestContext;
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
  dayOfWeek,
  isOpen: true,
  openTime: '09:00',
  closeTime: '12:00',
  slotDuration: 60,
}));

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

async function shop(name: string, timeZone: string): Promise<CreatedBusiness> {
  const created = await createBusiness(ctx.db, {
    name,
    timeZone,
    services: [{ name: 'Visit', durationMinutes: 60 }],
    hours: everyDay,
  });
  // October's change is beyond the default 180 days from the tests' clock (4 January 2027).
  await ctx.db.query('UPDATE businesses SET max_advance_days = 365 WHERE id = $1', [
    created.business.id,
  ]);
  return created;
}

async function times(s: CreatedBusiness, date: string) {
  const res = await ctx.get(
    `/api/business/slug/${s.business.slug}/available-times?date=${date}&serviceId=${s.services.Visit!.id}`,
  );
  expect(res.statusCode).toBe(200);
  return AvailableTimeSchema.array().parse(res.json());
}

async function addService(token: string, businessId: number): Promise<{ id: number }> {
  const res = await ctx.request(
    json('POST', '/api/services', { businessId, name: 'Visit', duration: 60, price: 5000 }, token),
  );
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

let phones = 0;
async function bookAndText(s: CreatedBusiness, start: string) {
  const res = await ctx.post(
    '/api/appointments',
    bookingRequest(s.business.id, s.services.Visit!.id, start, {
      phone: `0412 700 ${String((phones += 1)).padStart(3, '0')}`,
    }),
  );
  expect(res.statusCode).toBe(201);
  const { appointment } = CreateAppointmentResponseSchema.parse(res.json());
  const sms = (await outboxRows(ctx.db, `appointment_id = ${Number(appointment.id)}`)).find(
    (r) => r.channel === 'sms',
  );
  return { appointment, sms: sms!.body };
}

describe.each([
  // Sydney's clocks go back on 4 April 2027 and forward on 3 October 2027; these shops' do not.
  ['Australia/Perth', 'AWST', '2027-04-04', '2027-04-04T01:00:00.000Z'],
  ['Australia/Perth', 'AWST', '2027-10-03', '2027-10-03T01:00:00.000Z'],
  ['Australia/Brisbane', 'AEST', '2027-04-04', '2027-04-03T23:00:00.000Z'],
  ['Australia/Brisbane', 'AEST', '2027-10-03', '2027-10-02T23:00:00.000Z'],
])('a %s business (%s) on %s', (timeZone, abbreviation, date, nineAm) => {
  let s: CreatedBusiness;
  beforeAll(async () => {
    s = await shop(`${timeZone} ${date} Studio`, timeZone);
  });

  it('answers with its zone and offers its own local times, labelled with its abbreviation', async () => {
    const res = await ctx.get(`/api/business/slug/${s.business.slug}`);
    expect(BusinessSchema.parse(res.json()).timeZone).toBe(timeZone);
    const day = await times(s, date);
    expect(day.map((t) => [t.time, t.start, t.timeZoneName])).toEqual([
      ['9:00 AM', nineAm, abbreviation],
      ['10:00 AM', new Date(Date.parse(nineAm) + 3_600_000).toISOString(), abbreviation],
      ['11:00 AM', new Date(Date.parse(nineAm) + 7_200_000).toISOString(), abbreviation],
    ]);
  });

  it('books the instant offered and texts the local time with the abbreviation', async () => {
    const { appointment, sms } = await bookAndText(s, nineAm);
    expect(appointment.date).toBe(nineAm);
    expect(sms).toContain('9:00 AM');
    expect(sms).toContain(abbreviation);
    expect(sms).not.toMatch(/AEDT/);
  });
});

describe("the owner's time zone", () => {
  it('is changed in the business update, validated against the Australian zones', async () => {
    const owner = await signUpOwner(ctx);
    const business = await ownerBusiness(ctx, owner);
    expect(business.timeZone).toBe('Australia/Sydney');

    const bad = await ctx.request(
      json(
        'PATCH',
        `/api/business/${business.id}`,
        { timeZone: 'Mars/Olympus' },
        owner.accessToken,
      ),
    );
    expect(bad.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(bad.json()).issues).toEqual([
      { path: 'timeZone', message: 'Choose an Australian time zone' },
    ]);

    const ok = await ctx.request(
      json(
        'PATCH',
        `/api/businesses/${business.id}`,
        { region: 'WA', timeZone: 'Australia/Perth' },
        owner.accessToken,
      ),
    );
    expect(ok.statusCode).toBe(200);
    expect(BusinessSchema.parse(ok.json()).timeZone).toBe('Australia/Perth');
    expect((await ownerBusiness(ctx, owner)).timeZone).toBe('Australia/Perth');
  });

  it('lists the upcoming bookings before a change, and keeps their instants after it', async () => {
    const owner = await signUpOwner(ctx);
    const business = await ownerBusiness(ctx, owner);
    await ctx.db.query(
      `UPDATE businesses SET name = 'Moving Zones', slug = $2, max_advance_days = 365 WHERE id = $1`,
      [business.id, `moving-zones-${business.id}`],
    );
    const service = await addService(owner.accessToken, business.id);
    // Tuesday 5 January 2027, 9:00 AM AEDT.
    const start = '2027-01-04T22:00:00.000Z';
    const booked = await ctx.post(
      '/api/appointments',
      bookingRequest(business.id, service.id, start, { phone: '0412 799 001' }),
    );
    expect(booked.statusCode).toBe(201);
    const { appointment } = CreateAppointmentResponseSchema.parse(booked.json());

    const ask = (timeZone: string) =>
      ctx.request(
        json(
          'POST',
          `/api/business/${business.id}/availability/affected-bookings`,
          { kind: 'time-zone', timeZone },
          owner.accessToken,
        ),
      );
    const same = await ask('Australia/Sydney');
    expect(same.statusCode).toBe(200);
    expect(AffectedBookingListSchema.parse(same.json())).toEqual([]);
    const perth = await ask('Australia/Perth');
    expect(perth.statusCode).toBe(200);
    expect(AffectedBookingListSchema.parse(perth.json()).map((b) => [b.id, b.start])).toEqual([
      [appointment.id, start],
    ]);

    const changed = await ctx.request(
      json(
        'PATCH',
        `/api/business/${business.id}`,
        { timeZone: 'Australia/Perth' },
        owner.accessToken,
      ),
    );
    expect(changed.statusCode).toBe(200);
    const [row]: { starts_at: Date }[] = await ctx.db.query(
      'SELECT starts_at FROM appointments WHERE id = $1',
      [appointment.id],
    );
    expect(row!.starts_at.toISOString()).toBe(start);
    // The same instant (now 6:00 AM in Perth) still in the diary.
    const list = await ctx.request({
      method: 'GET',
      url: `/api/business/${business.id}/appointments`,
      headers: bearer(owner.accessToken),
    });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain(start);
  });
});

describe("the owner's notification email", () => {
  it("is the owner's sign-in address, where their first booking's email goes", async () => {
    const owner = await signUpOwner(ctx);
    const business = await ownerBusiness(ctx, owner);
    expect(business.email).toBe(owner.email);
    await ctx.db.query(`UPDATE businesses SET name = 'First Booking', slug = $2 WHERE id = $1`, [
      business.id,
      `first-booking-${business.id}`,
    ]);
    const service = await addService(owner.accessToken, business.id);
    const res = await ctx.post(
      '/api/appointments',
      bookingRequest(business.id, service.id, '2027-01-04T22:00:00.000Z', {
        phone: '0412 799 002',
      }),
    );
    expect(res.statusCode).toBe(201);
    const { appointment } = CreateAppointmentResponseSchema.parse(res.json());
    const emails = (await outboxRows(ctx.db, `appointment_id = ${Number(appointment.id)}`)).filter(
      (r) => r.channel === 'email',
    );
    expect(emails.map((r) => r.recipient)).toContain(owner.email);
  });
});
