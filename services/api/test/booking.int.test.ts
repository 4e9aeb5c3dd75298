import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AvailableTime,
  CreateAppointmentResponseSchema,
  ErrorMessages,
  ErrorResponseSchema,
} from '@slotwise/contracts';
import { bookingRequest, type CreatedBusiness, createBusiness } from './support/fixtures.js';
import { createTestContext, type TestContext } from './support/test-app.js';

let ctx: TestContext;
let salon: CreatedBusiness;
let clinic: CreatedBusiness;

// Friday 15 January 2027 in Sydney (AEDT, +11).
const DAY = '2027-01-15';
const NINE = '2027-01-14T22:00:00.000Z';
const TEN = '2027-01-14T23:00:00.000Z';

beforeAll(async () => {
  ctx = await createTestContext();
  salon = await createBusiness(ctx.db, {
    name: 'Booking Salon',
    services: [
      { name: 'Cut', durationMinutes: 30, priceCents: 4500 },
      { name: 'Colour', durationMinutes: 60, priceCents: 16500 },
      { name: 'Retired', isActive: false },
      { name: 'Walk-in', durationMinutes: 30 },
    ],
    staff: [
      {
        firstName: 'Mia',
        lastName: 'Nguyen',
        position: 'Senior Stylist',
        offers: ['Cut', 'Colour'],
      },
      { firstName: 'Jack', offers: ['Cut'] },
    ],
  });
  clinic = await createBusiness(ctx.db, {
    name: 'Booking Clinic',
    services: [{ name: 'Consult', durationMinutes: 60, priceCents: 11000 }],
  });
});

afterAll(async () => {
  await ctx?.close();
});

const times = async (businessId: number, serviceId: number, extra = '') => {
  const res = await ctx.get(
    `/api/business/${businessId}/available-times?date=${DAY}&serviceId=${serviceId}${extra}`,
  );
  expect(res.statusCode).toBe(200);
  return res.json() as AvailableTime[];
};

function expectError(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = ErrorResponseSchema.parse(res.json());
  expect(body.statusCode).toBe(status);
  return body;
}

describe('POST /api/appointments', () => {
  it('books a business-as-resource slot and returns the contract shape', async () => {
    const consult = clinic.services.Consult!;
    const before = await times(clinic.business.id, consult.id);
    expect(before.map((t) => t.start)).toContain(NINE);

    const res = await ctx.post(
      '/api/appointments',
      bookingRequest(clinic.business.id, consult.id, NINE, { notes: '  Sore knee  ' }),
    );
    expect(res.statusCode).toBe(201);
    const body = CreateAppointmentResponseSchema.parse(res.json());
    // No SMS provider here and no email given: the page must not claim either was sent.
    expect(body.confirmations).toEqual({ sms: 'not_configured', email: 'not_sent' });
    expect(body).toMatchObject({
      appointment: {
        date: NINE,
        end: '2027-01-14T23:00:00.000Z',
        status: 'confirmed',
        staffMemberId: null,
        notes: 'Sore knee',
      },
      // The phone-based placeholder address is not stored as an email.
      customer: { firstName: 'Jo', lastName: 'Citizen', email: null, phone: '+61400123456' },
      service: { id: consult.id, name: 'Consult', duration: 60, price: 11000 },
      staff: null,
    });

    // The slot and the ones overlapping the hour disappear.
    const after = await times(clinic.business.id, consult.id);
    expect(after.map((t) => t.start)).not.toContain(NINE);
    expect(after.map((t) => t.time)).not.toContain('9:30 AM');
    expect(after).toHaveLength(before.length - 2);

    const [row] = await ctx.db.query(
      `SELECT a.resource_key, a.status, c.email, c.notify_sms FROM appointments a
         JOIN customers c ON c.id = a.customer_id WHERE a.id = $1`,
      [body.appointment.id],
    );
    expect(row).toEqual({
      resource_key: `business:${clinic.business.id}`,
      status: 'confirmed',
      email: null,
      notify_sms: true,
    });
  });

  it('answers 409 with the spec message when the slot is taken', async () => {
    const consult = clinic.services.Consult!;
    const res = await ctx.post(
      '/api/appointments',
      bookingRequest(clinic.business.id, consult.id, NINE),
    );
    const body = expectError(res, 409);
    expect(body.message).toBe('This time slot is already booked');
    expect(body.message).toBe(ErrorMessages.slotTaken);
    expect(body.code).toBe('SLOT_TAKEN');
  });

  it('frees the slot again when the booking is cancelled', async () => {
    const consult = clinic.services.Consult!;
    await ctx.db.query(
      `UPDATE appointments SET status = 'cancelled' WHERE business_id = $1 AND starts_at = $2`,
      [clinic.business.id, NINE],
    );
    expect((await times(clinic.business.id, consult.id)).map((t) => t.start)).toContain(NINE);
    const res = await ctx.post(
      '/api/appointments',
      bookingRequest(clinic.business.id, consult.id, NINE),
    );
    expect(res.statusCode).toBe(201);
  });

  it('assigns a free staff member when none is chosen, and fills both before refusing', async () => {
    const colour = salon.services.Colour!; // only Mia offers it
    const cut = salon.services.Cut!; // Mia and Jack
    const first = await ctx.post(
      '/api/appointments',
      bookingRequest(salon.business.id, cut.id, TEN),
    );
    const second = await ctx.post(
      '/api/appointments',
      bookingRequest(salon.business.id, cut.id, TEN),
    );
    const a = CreateAppointmentResponseSchema.parse(first.json());
    const b = CreateAppointmentResponseSchema.parse(second.json());
    expect([a.staff?.id, b.staff?.id].sort()).toEqual(
      [salon.staff.Mia!.id, salon.staff.Jack!.id].sort(),
    );
    expect(a.appointment.staffMemberId).toBe(a.staff?.id);
    expect(a.staff?.name).toMatch(/^(Mia Nguyen|Jack Tester)$/);
    expectError(
      await ctx.post('/api/appointments', bookingRequest(salon.business.id, cut.id, TEN)),
      409,
    );
    // Mia is busy 10:00–10:30, so Colour (hers alone) can't start at 9:30 or 10:00 either.
    const colourTimes = (await times(salon.business.id, colour.id)).map((t) => t.time);
    expect(colourTimes).not.toContain('9:30 AM');
    expect(colourTimes).not.toContain('10:00 AM');
    expect(colourTimes).toContain('10:30 AM');
  });

  it('books the chosen staff member and shrinks only their times', async () => {
    const cut = salon.services.Cut!;
    const jack = salon.staff.Jack!;
    const slot = '2027-01-15T01:00:00.000Z'; // 12:00 PM
    const res = await ctx.post(
      '/api/appointments',
      bookingRequest(salon.business.id, cut.id, slot, { staffMemberId: jack.id }),
    );
    expect(res.statusCode).toBe(201);
    expect(CreateAppointmentResponseSchema.parse(res.json()).staff?.id).toBe(jack.id);
    const jackTimes = await times(salon.business.id, cut.id, `&staffId=${jack.id}`);
    expect(jackTimes.map((t) => t.start)).not.toContain(slot);
    const anyTimes = await times(salon.business.id, cut.id);
    expect(anyTimes.map((t) => t.start)).toContain(slot); // Mia is still free
    expectError(
      await ctx.post(
        '/api/appointments',
        bookingRequest(salon.business.id, cut.id, slot, { staffMemberId: jack.id }),
      ),
      409,
    );
  });

  it('books a service nobody offers against the business itself', async () => {
    const walkIn = salon.services['Walk-in']!;
    const res = await ctx.post(
      '/api/appointments',
      bookingRequest(salon.business.id, walkIn.id, NINE),
    );
    expect(res.statusCode).toBe(201);
    expect(CreateAppointmentResponseSchema.parse(res.json()).staff).toBeNull();
  });

  it('keeps a real email and the notification preferences', async () => {
    const cut = salon.services.Cut!;
    const res = await ctx.post(
      '/api/appointments',
      bookingRequest(salon.business.id, cut.id, '2027-01-15T03:00:00.000Z', {
        email: 'jo@example.com',
        notificationPreferences: { email: true, sms: false },
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(CreateAppointmentResponseSchema.parse(res.json()).customer.email).toBe('jo@example.com');
  });

  describe('times that are not bookable answer 400 slotUnavailable', () => {
    const cases: [string, string][] = [
      ['off the grid', '2027-01-15T22:10:00.000Z'],
      ['in the past', '2026-12-14T22:00:00.000Z'],
      ['within the 1-hour notice', '2027-01-04T00:30:00.000Z'],
      ['on a closed day (Saturday)', '2027-01-15T22:00:00.000Z'],
      ['ending after closing', '2027-01-15T05:30:00.000Z'], // 4:30 PM + 60 min
      ['before opening', '2027-01-14T21:00:00.000Z'],
      ['beyond the booking horizon', '2028-01-13T22:00:00.000Z'],
      ['with an offset that names no slot', '2027-01-15T09:10:00+10:00'],
    ];
    for (const [label, date] of cases) {
      it(label, async () => {
        const colour = salon.services.Colour!;
        const body = expectError(
          await ctx.post('/api/appointments', bookingRequest(salon.business.id, colour.id, date)),
          400,
        );
        expect(body.message).toBe(ErrorMessages.slotUnavailable);
      });
    }

    it('accepts the same instant written with an offset', async () => {
      const res = await ctx.post(
        '/api/appointments',
        bookingRequest(
          clinic.business.id,
          clinic.services.Consult!.id,
          '2027-01-15T13:00:00+11:00',
        ),
      );
      expect(res.statusCode).toBe(201);
      expect(CreateAppointmentResponseSchema.parse(res.json()).appointment.date).toBe(
        '2027-01-15T02:00:00.000Z',
      );
    });
  });

  it('refuses unknown, foreign and inactive references', async () => {
    const cut = salon.services.Cut!;
    const date = '2027-01-15T04:00:00.000Z';
    const cases: [Record<string, unknown>, number, string][] = [
      [bookingRequest(999999, cut.id, date), 404, 'Business not found'],
      [bookingRequest(salon.business.id, 999999, date), 404, 'Service not found'],
      [
        bookingRequest(salon.business.id, clinic.services.Consult!.id, date),
        404,
        'Service not found',
      ],
      [
        bookingRequest(salon.business.id, salon.services.Retired!.id, date),
        404,
        'Service not found',
      ],
      [
        bookingRequest(salon.business.id, cut.id, date, { staffMemberId: 999999 }),
        404,
        'Staff member not found',
      ],
      [
        bookingRequest(salon.business.id, salon.services.Colour!.id, date, {
          staffMemberId: salon.staff.Jack!.id,
        }),
        400,
        'This staff member does not offer the selected service',
      ],
    ];
    for (const [payload, status, message] of cases) {
      expect(expectError(await ctx.post('/api/appointments', payload), status).message).toBe(
        message,
      );
    }
  });
});

describe('bad input never causes a 5xx', () => {
  const valid = () => bookingRequest(1, 1, '2027-01-15T04:00:00.000Z');
  const jsonCases: [string, unknown, string?][] = [
    ['missing body fields', {}],
    ['a JSON array', [1, 2]],
    ['a JSON string', 'hello'],
    ['null', null],
    ['string ids', { ...valid(), businessId: '1' }],
    ['fractional id', { ...valid(), serviceId: 1.5 }],
    ['negative id', { ...valid(), serviceId: -3 }],
    ['huge id', { ...valid(), businessId: 1e12 }],
    [
      'short name',
      { ...valid(), firstName: 'J', lastName: '' },
      'Name must be at least 2 characters',
    ],
    ['short phone', { ...valid(), phone: '12' }, 'Phone number is required'],
    ['letters in phone', { ...valid(), phone: 'call me maybe' }],
    ['bad email', { ...valid(), email: 'not-an-email' }],
    ['date not a timestamp', { ...valid(), date: 'tomorrow' }],
    ['date without time', { ...valid(), date: '2027-01-15' }],
    ['impossible date', { ...valid(), date: '2027-02-30T10:00:00Z' }],
    ['date as number', { ...valid(), date: 1768435200000 }],
    ['notes too long', { ...valid(), notes: 'x'.repeat(1001) }],
    ['wrong notification prefs', { ...valid(), notificationPreferences: { email: 'yes' } }],
    ['NUL character', { ...valid(), firstName: 'Jo\u0000' }],
    ['object for a string', { ...valid(), firstName: { $ne: null } }],
  ];
  for (const [label, payload, message] of jsonCases) {
    it(`400 for ${label}`, async () => {
      const body = expectError(await ctx.post('/api/appointments', payload), 400);
      if (message) expect(body.message).toBe(message);
    });
  }

  it('400 for invalid JSON and an empty JSON body', async () => {
    for (const payload of ['{"businessId": 1,', '']) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/appointments',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expectError(res, 400);
    }
  });

  it('413 for an oversized body', async () => {
    const body = expectError(
      await ctx.post('/api/appointments', { ...valid(), notes: 'x'.repeat(100 * 1024) }),
      413,
    );
    expect(body.message).toBe('Request body is too large');
  });

  it('4xx for a content type other than JSON', async () => {
    for (const [type, payload] of [
      ['application/xml', '<a/>'],
      ['text/plain', 'hello'],
      ['application/x-www-form-urlencoded', 'businessId=1&serviceId=1'],
    ]) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/appointments',
        payload,
        headers: { 'content-type': type! },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      ErrorResponseSchema.parse(res.json());
    }
  });

  it('405 with Allow for the wrong method on a known path', async () => {
    const res = await ctx.request({ method: 'DELETE', url: '/api/businesses' });
    expect(expectError(res, 405).code).toBe('METHOD_NOT_ALLOWED');
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});
