import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AvailableTime,
  CancelAppointmentResponseSchema,
  CreateAppointmentResponseSchema,
  DevOutboxMessageSchema,
  ErrorResponseSchema,
  RescheduleDetailsSchema,
  RescheduleResponseSchema,
  SelfServiceMessages,
} from '@slotwise/contracts';
import { bookingRequest, type CreatedBusiness, createBusiness } from './support/fixtures.js';
import { createTestContext, TEST_NOW, type TestContext } from './support/test-app.js';

let ctx: TestContext;
let clinic: CreatedBusiness;

// Friday 15 January 2027 in Sydney (AEDT, +11).
const DAY = '2027-01-15';
const NINE = '2027-01-14T22:00:00.000Z';
const ELEVEN = '2027-01-15T00:00:00.000Z';
const ONE_PM = '2027-01-15T02:00:00.000Z';
const NINE_TWENTY = '2027-01-14T22:20:00.000Z';

beforeAll(async () => {
  ctx = await createTestContext({ logLevels: [] });
  clinic = await createBusiness(ctx.db, {
    name: 'Links Clinic',
    services: [{ name: 'Consult', durationMinutes: 60, priceCents: 11000 }],
  });
  await ctx.db.query(`UPDATE businesses SET email = 'owner@links.example' WHERE id = $1`, [
    clinic.business.id,
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

beforeEach(() => ctx.clock.set(TEST_NOW));

const consultId = () => clinic.services.Consult!.id;

async function starts(): Promise<string[]> {
  const res = await ctx.get(
    `/api/business/${clinic.business.id}/available-times?date=${DAY}&serviceId=${consultId()}`,
  );
  expect(res.statusCode).toBe(200);
  return (res.json() as AvailableTime[]).map((t) => t.start);
}

async function outbox() {
  const res = await ctx.get('/api/dev/outbox');
  expect(res.statusCode).toBe(200);
  return DevOutboxMessageSchema.array().parse(res.json());
}

function linksIn(body: string) {
  const cancel = /http:\/\/localhost:8080\/cancel\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
  const reschedule = /http:\/\/localhost:8080\/reschedule\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
  expect(cancel).toBeTruthy();
  expect(reschedule).toBeTruthy();
  return { cancel: cancel!, reschedule: reschedule! };
}

async function book(date: string, phone: string) {
  const before = (await outbox())[0]?.id ?? 0;
  const res = await ctx.post(
    '/api/appointments',
    bookingRequest(clinic.business.id, consultId(), date, { phone }),
  );
  expect(res.statusCode).toBe(201);
  const created = CreateAppointmentResponseSchema.parse(res.json());
  const fresh = (await outbox()).filter((m) => m.id > before);
  const sms = fresh.filter((m) => m.channel === 'sms');
  expect(sms).toHaveLength(1);
  // Stored and texted in E.164.
  expect(sms[0]!.to).toBe(`+61${phone.replace(/\D/g, '').slice(1)}`);
  return { created, sms: sms[0]!, fresh, links: linksIn(sms[0]!.body) };
}

const error = (res: { statusCode: number; json(): unknown }, status: number) => {
  expect(res.statusCode).toBe(status);
  return ErrorResponseSchema.parse(res.json());
};

describe('booking messages', () => {
  it('writes one SMS with both links and local time, and the owner an email', async () => {
    const { sms, fresh, links, created } = await book(NINE, '0400 000 001');
    expect(sms.body).toContain('Consult');
    expect(sms.body).toContain('Links Clinic');
    expect(sms.body).toContain('15 Jan 2027');
    expect(sms.body).toContain('9:00 AM AEDT');
    expect(links.cancel.length).toBeGreaterThanOrEqual(43);
    const email = fresh.filter((m) => m.channel === 'email');
    expect(email).toHaveLength(1);
    expect(email[0]!.to).toBe('owner@links.example');
    expect(email[0]!.subject).toContain('Consult');

    // Only hashes are stored.
    const rows: { token_hash: string; expires_at: Date }[] = await ctx.db.query(
      `SELECT token_hash, expires_at FROM appointment_tokens WHERE appointment_id = $1`,
      [created.appointment.id],
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.token_hash).not.toContain(links.cancel);
      expect(r.expires_at.toISOString()).toBe(NINE);
    }

    // Both links work: the reschedule link shows the booking, the cancel link cancels it.
    const details = await ctx.get(`/api/reschedule?token=${links.reschedule}`);
    expect(details.statusCode).toBe(200);
    expect(RescheduleDetailsSchema.parse(details.json())).toMatchObject({
      date: NINE,
      service: { id: consultId(), name: 'Consult', duration: 60, price: 11000 },
      staffMemberId: null,
      business: { id: clinic.business.id, name: 'Links Clinic', timeZone: 'Australia/Sydney' },
    });
    expect(await starts()).not.toContain(NINE);

    const cancel = await ctx.get(`/api/cancel-appointment?token=${links.cancel}`);
    expect(cancel.statusCode).toBe(200);
    expect(CancelAppointmentResponseSchema.parse(cancel.json())).toEqual({
      message: SelfServiceMessages.cancelled,
      appointmentDetails: {
        service: 'Consult',
        date: NINE,
        business: 'Links Clinic',
        timeZone: 'Australia/Sydney',
      },
    });
    const [row] = await ctx.db.query(`SELECT status FROM appointments WHERE id = $1`, [
      created.appointment.id,
    ]);
    expect(row.status).toBe('cancelled');
    expect(await starts()).toContain(NINE);

    // Once only.
    const again = await ctx.get(`/api/cancel-appointment?token=${links.cancel}`);
    expect(error(again, 409).message).toBe(SelfServiceMessages.alreadyCancelled);
    const move = await ctx.get(`/api/reschedule?token=${links.reschedule}`);
    expect(error(move, 409).message).toBe(SelfServiceMessages.alreadyCancelled);
  });

  it('refuses bad, missing and expired tokens', async () => {
    expect(error(await ctx.get('/api/cancel-appointment'), 400).message).toBe(
      SelfServiceMessages.cancelLinkInvalid,
    );
    expect(error(await ctx.get('/api/cancel-appointment?token=nope'), 400).message).toBe(
      SelfServiceMessages.cancelLinkInvalid,
    );
    expect(error(await ctx.get(`/api/cancel-appointment?token=${'x'.repeat(43)}`), 400).code).toBe(
      'LINK_INVALID',
    );
    expect(error(await ctx.get(`/api/reschedule?token=${'x'.repeat(43)}`), 400).message).toBe(
      SelfServiceMessages.rescheduleLinkInvalid,
    );

    const { links } = await book(ELEVEN, '0400 000 002');
    ctx.clock.set(ELEVEN);
    expect(error(await ctx.get(`/api/cancel-appointment?token=${links.cancel}`), 400).message).toBe(
      SelfServiceMessages.cancelLinkInvalid,
    );
    expect(error(await ctx.get(`/api/reschedule?token=${links.reschedule}`), 400).code).toBe(
      'LINK_INVALID',
    );
    // A reschedule token does not cancel, nor a cancel token reschedule.
    ctx.clock.set(TEST_NOW);
    expect(
      error(await ctx.get(`/api/cancel-appointment?token=${links.reschedule}`), 400).code,
    ).toBe('LINK_INVALID');
    expect(error(await ctx.get(`/api/reschedule?token=${links.cancel}`), 400).code).toBe(
      'LINK_INVALID',
    );
    // Clean up: free eleven for the other tests.
    expect((await ctx.get(`/api/cancel-appointment?token=${links.cancel}`)).statusCode).toBe(200);
  });
});

describe("the cancel page's routes", () => {
  it('reads the booking without cancelling it; the POST cancels once', async () => {
    const { links, created } = await book(ELEVEN, '0400 000 006');
    const status = async () =>
      (
        await ctx.db.query(`SELECT status FROM appointments WHERE id = $1`, [
          created.appointment.id,
        ])
      )[0].status as string;

    // Opening the link (a mail scanner does, maybe twice) cancels nothing.
    for (let i = 0; i < 2; i++) {
      const read = await ctx.get(`/api/cancel-appointment/details?token=${links.cancel}`);
      expect(read.statusCode).toBe(200);
      expect(read.headers['cache-control']).toBe('no-store');
      expect(RescheduleDetailsSchema.parse(read.json())).toMatchObject({
        appointmentId: created.appointment.id,
        date: ELEVEN,
        service: { name: 'Consult' },
        staffName: null,
        business: { name: 'Links Clinic', timeZone: 'Australia/Sydney' },
      });
    }
    expect(await status()).toBe('confirmed');
    expect(await starts()).not.toContain(ELEVEN);
    // The reschedule token is not a cancel link.
    expect(
      error(await ctx.get(`/api/cancel-appointment/details?token=${links.reschedule}`), 400)
        .message,
    ).toBe(SelfServiceMessages.cancelLinkInvalid);

    const before = (await outbox())[0]!.id;
    const cancel = await ctx.post('/api/cancel-appointment', { token: links.cancel });
    expect(cancel.statusCode).toBe(200);
    expect(CancelAppointmentResponseSchema.parse(cancel.json()).message).toBe(
      SelfServiceMessages.cancelled,
    );
    expect(await status()).toBe('cancelled');
    expect(await starts()).toContain(ELEVEN);
    const again = await ctx.post('/api/cancel-appointment', { token: links.cancel });
    expect(error(again, 409).message).toBe(SelfServiceMessages.alreadyCancelled);
    const read = await ctx.get(`/api/cancel-appointment/details?token=${links.cancel}`);
    expect(error(read, 409).code).toBe('ALREADY_CANCELLED');
    // One cancellation, one confirmation text.
    const texts = (await outbox()).filter((m) => m.id > before && m.channel === 'sms');
    expect(texts).toHaveLength(1);
  });

  it('refuses a POST without a usable token in the error shape', async () => {
    expect(error(await ctx.post('/api/cancel-appointment', {}), 400).code).toBe(
      'VALIDATION_FAILED',
    );
    expect(
      error(await ctx.post('/api/cancel-appointment', { token: 'x'.repeat(43) }), 400).message,
    ).toBe(SelfServiceMessages.cancelLinkInvalid);
  });
});

describe('a booking held by another request', () => {
  it('answers BOOKING_BUSY instead of waiting, and checks the time before the lock', async () => {
    const { links, created } = await book(NINE, '0400 000 007');
    const holder = ctx.db.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    try {
      await holder.query(`SELECT id FROM appointments WHERE id = $1 FOR UPDATE`, [
        created.appointment.id,
      ]);
      const started = Date.now();
      const move = await ctx.post('/api/reschedule', { token: links.reschedule, date: ELEVEN });
      expect(error(move, 409)).toMatchObject({
        code: 'BOOKING_BUSY',
        message: 'This booking is being changed. Please try again.',
      });
      expect(Date.now() - started).toBeLessThan(5_000);
      const cancel = await ctx.post('/api/cancel-appointment', { token: links.cancel });
      expect(error(cancel, 409).code).toBe('BOOKING_BUSY');
      // A time that is not offered is refused before the lock, so it never waits on it.
      const offGrid = await ctx.post('/api/reschedule', {
        token: links.reschedule,
        date: NINE_TWENTY,
      });
      expect(error(offGrid, 400).code).toBe('SLOT_UNAVAILABLE');
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
    // Once the other request is done, the link works.
    const cancel = await ctx.post('/api/cancel-appointment', { token: links.cancel });
    expect(cancel.statusCode).toBe(200);
  });

  it('answers a second request on a link at once while the first is under way', async () => {
    const { links, created } = await book(NINE, '0400 000 008');
    const holder = ctx.db.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    const finished: string[] = [];
    try {
      await holder.query(`SELECT id FROM appointments WHERE id = $1 FOR UPDATE`, [
        created.appointment.id,
      ]);
      // The first waits for the row lock (held here); the second, on the same link, is not let
      // near the database.
      const first = ctx
        .post('/api/cancel-appointment', { token: links.cancel })
        .finally(() => finished.push('first'));
      await new Promise((r) => setTimeout(r, 100));
      const second = await ctx.post('/api/cancel-appointment', { token: links.cancel });
      finished.push('second');
      expect(error(second, 409).code).toBe('BOOKING_BUSY');
      expect(error(await first, 409).code).toBe('BOOKING_BUSY');
      expect(finished).toEqual(['second', 'first']);
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
    expect((await ctx.post('/api/cancel-appointment', { token: links.cancel })).statusCode).toBe(
      200,
    );
  });
});

describe('rescheduling', () => {
  it('moves the booking, spends the old links and sends new ones', async () => {
    const { links, created } = await book(NINE, '0400 000 003');
    const blocker = await book(ONE_PM, '0400 000 004');

    // Off the grid, and a taken slot: nothing changes.
    const offGrid = await ctx.post('/api/reschedule', {
      token: links.reschedule,
      date: NINE_TWENTY,
    });
    expect(error(offGrid, 400).code).toBe('SLOT_UNAVAILABLE');
    const taken = await ctx.post('/api/reschedule', { token: links.reschedule, date: ONE_PM });
    expect(error(taken, 409).message).toBe('This time slot is already booked');
    expect(
      error(await ctx.post('/api/reschedule', { token: 'x'.repeat(43), date: ELEVEN }), 400)
        .message,
    ).toBe(SelfServiceMessages.rescheduleLinkInvalid);

    const before = (await outbox())[0]!.id;
    const res = await ctx.post('/api/reschedule', { token: links.reschedule, date: ELEVEN });
    expect(res.statusCode).toBe(200);
    expect(RescheduleResponseSchema.parse(res.json())).toMatchObject({
      message: SelfServiceMessages.rescheduled,
      // This app has no SMS provider: the page must not say the new links were texted.
      sms: 'not_configured',
      appointmentId: created.appointment.id,
      date: ELEVEN,
      end: '2027-01-15T01:00:00.000Z',
    });
    expect(await starts()).toContain(NINE);
    expect(await starts()).not.toContain(ELEVEN);

    // The customer gets the new time with fresh links; the owner an email saying what moved.
    const fresh = (await outbox()).filter((m) => m.id > before);
    const sms = fresh.filter((m) => m.channel === 'sms');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.to).toBe('+61400000003');
    expect(sms[0]!.body).toContain('11:00 AM AEDT');
    const next = linksIn(sms[0]!.body);
    const ownerEmail = fresh.filter((m) => m.channel === 'email');
    expect(ownerEmail).toHaveLength(1);
    expect(ownerEmail[0]!.to).toBe('owner@links.example');
    expect(ownerEmail[0]!.kind).toBe('owner-customer-rescheduled');
    expect(ownerEmail[0]!.subject).toBe(
      'Rescheduled: Consult moved to 15 Jan 2027 at 11:00 AM AEDT',
    );
    expect(ownerEmail[0]!.body).toContain(
      'Jo Citizen moved their booking (#' +
        created.appointment.id +
        ') from 15 Jan 2027 at 9:00 AM AEDT to 15 Jan 2027 at 11:00 AM AEDT.',
    );

    // The old links are spent.
    expect(error(await ctx.get(`/api/reschedule?token=${links.reschedule}`), 400).code).toBe(
      'LINK_INVALID',
    );
    expect(error(await ctx.get(`/api/cancel-appointment?token=${links.cancel}`), 400).code).toBe(
      'LINK_INVALID',
    );

    // The new reschedule link shows the new time; the new cancel link cancels.
    const details = RescheduleDetailsSchema.parse(
      (await ctx.get(`/api/reschedule?token=${next.reschedule}`)).json(),
    );
    expect(details.date).toBe(ELEVEN);
    const cancel = await ctx.get(`/api/cancel-appointment?token=${next.cancel}`);
    expect(cancel.statusCode).toBe(200);
    expect(await starts()).toContain(ELEVEN);
    expect(await starts()).toContain(NINE);

    const [row] = await ctx.db.query(`SELECT count(*)::int AS n FROM appointments WHERE id = $1`, [
      created.appointment.id,
    ]);
    expect(row.n).toBe(1);
    expect(
      (await ctx.get(`/api/cancel-appointment?token=${blocker.links.cancel}`)).statusCode,
    ).toBe(200);
  });

  it('serialises a cancel and a reschedule of one booking sent at once (no deadlock)', async () => {
    const { links } = await book(NINE, '0400 000 005');
    const [cancel, move] = await Promise.all([
      ctx.get(`/api/cancel-appointment?token=${links.cancel}`),
      ctx.post('/api/reschedule', { token: links.reschedule, date: ELEVEN }),
    ]);
    const statuses = [cancel.statusCode, move.statusCode].sort();
    // Either order: the first wins; the second sees a cancelled booking or a spent link.
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).toBeGreaterThanOrEqual(400);
    expect(statuses[1]).toBeLessThan(500);
    if (move.statusCode === 200) {
      const next = linksIn((await outbox()).find((m) => m.to === '+61400000005')!.body);
      expect((await ctx.get(`/api/cancel-appointment?token=${next.cancel}`)).statusCode).toBe(200);
    }
    expect(await starts()).toContain(NINE);
    expect(await starts()).toContain(ELEVEN);
  });
});
