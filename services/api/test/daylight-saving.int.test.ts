// The days Sydney's clocks change, through the API as a customer meets them: a business open all
// day offers the repeated hour twice (once per real instant, told apart by AEDT and AEST) and both
// can be booked; the skipped hour is never offered and cannot be booked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AvailableTimeSchema, CreateAppointmentResponseSchema } from '@slotwise/contracts';
import { expectError } from './support/expect.js';
import { bookingRequest, type CreatedBusiness, createBusiness } from './support/fixtures.js';
import { createTestContext, type TestContext } from './support/test-app.js';

let ctx: TestContext;
let shop: CreatedBusiness;

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await createBusiness(ctx.db, {
    name: 'Around The Clock Clinic',
    timeZone: 'Australia/Sydney',
    services: [{ name: 'Visit', durationMinutes: 60 }],
    hours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      dayOfWeek,
      isOpen: true,
      openTime: '00:00',
      closeTime: '24:00',
      slotDuration: 60,
    })),
  });
  // October's change is beyond the default 180 days from the tests' clock (4 January 2027).
  await ctx.db.query('UPDATE businesses SET max_advance_days = 365 WHERE id = $1', [
    shop.business.id,
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

async function times(date: string) {
  const res = await ctx.get(
    `/api/business/slug/${shop.business.slug}/available-times?date=${date}&serviceId=${shop.services.Visit!.id}`,
  );
  expect(res.statusCode).toBe(200);
  return AvailableTimeSchema.array().parse(res.json());
}

let phones = 0;
const book = (start: string) =>
  ctx.post(
    '/api/appointments',
    bookingRequest(shop.business.id, shop.services.Visit!.id, start, {
      phone: `0412 300 ${String((phones += 1)).padStart(3, '0')}`,
    }),
  );

describe('daylight saving through the API (Australia/Sydney)', () => {
  it('offers 2:00 AM twice on the day the clocks go back, and books each', async () => {
    // Sunday 4 April 2027: 3:00 AM AEDT becomes 2:00 AM AEST, a 25-hour day.
    const day = await times('2027-04-04');
    expect(day).toHaveLength(25);
    const twoAm = day.filter((t) => t.time === '2:00 AM');
    expect(twoAm.map((t) => [t.start, t.timeZoneName])).toEqual([
      ['2027-04-03T15:00:00.000Z', 'AEDT'],
      ['2027-04-03T16:00:00.000Z', 'AEST'],
    ]);
    for (const slot of twoAm) {
      const res = await book(slot.start);
      expect(res.statusCode).toBe(201);
      expect(CreateAppointmentResponseSchema.parse(res.json()).appointment.date).toBe(slot.start);
    }
    // Each booked instant is gone; the hours either side stay.
    const after = await times('2027-04-04');
    expect(after.map((t) => t.start)).not.toContain(twoAm[0]!.start);
    expect(after.map((t) => t.start)).not.toContain(twoAm[1]!.start);
    expect(after.filter((t) => t.time === '1:00 AM' || t.time === '3:00 AM')).toHaveLength(2);
  });

  it('never offers the hour that does not exist on the day the clocks go forward', async () => {
    // Sunday 3 October 2027: 2:00 AM AEST becomes 3:00 AM AEDT, a 23-hour day.
    const day = await times('2027-10-03');
    expect(day).toHaveLength(23);
    expect(day.some((t) => /^2:\d\d AM$/.test(t.time))).toBe(false);
    const [one, three] = [day[1]!, day[2]!];
    expect([one.time, one.timeZoneName, one.start]).toEqual([
      '1:00 AM',
      'AEST',
      '2027-10-02T15:00:00.000Z',
    ]);
    expect([three.time, three.timeZoneName, three.start]).toEqual([
      '3:00 AM',
      'AEDT',
      '2027-10-02T16:00:00.000Z',
    ]);
    // Half past the missing hour's start, as a client might compute it, is not a slot.
    expect(expectError(await book('2027-10-02T15:30:00.000Z'), 400).code).toBe('SLOT_UNAVAILABLE');
    expect((await book(three.start)).statusCode).toBe(201);
  });
});
