import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { INestApplicationContext } from '@nestjs/common';
import {
  CONFIRMATION_REQUEST_ASK,
  CreateAppointmentResponseSchema,
  ErrorCode,
  ErrorResponseSchema,
  OwnerAppointmentSchema,
} from '@slotwise/contracts';
import { bearer, type SignedInOwner, signUpOwner } from './support/auth.js';
import { type FakeTwilio, signedInboundMessage, startFakeTwilio } from './support/fake-twilio.js';
import { bookingRequest, type CreatedBusiness, createBusiness } from './support/fixtures.js';
import { createTestContext, type TestContext } from './support/test-app.js';
import { bookingEventsWritten, endpointRow } from './support/webhook-rows.js';
import { eventually, outboxRows, startTestWorker } from './support/worker.js';

/**
 * Two-way SMS confirmation end to end (decision record 020): the request waits in the outbox and
 * the real worker sends it through the fake Twilio at the business's chosen hours before; the
 * customer's signed reply posted to /api/twilio/inbound confirms, cancels or is kept for the owner.
 */
const PUBLIC_URL = 'https://slotwise.test';
const INBOUND = '/api/twilio/inbound';

let ctx: TestContext;
let worker: INestApplicationContext;
let twilio: FakeTwilio;
let owner: SignedInOwner;
let salon: CreatedBusiness;
let other: CreatedBusiness;

// Now: Monday 4 January 2027, 11:00 AM AEDT.
const THU_10AM = '2027-01-13T23:00:00.000Z'; // Thursday 14 January, 10:00 AM AEDT
const THU_REQUEST = '2027-01-11T23:00:00.000Z'; // 48 hours before: Tuesday 12 January, 10:00 AM

async function business(name: string, hours: number | null): Promise<CreatedBusiness> {
  const created = await createBusiness(ctx.db, {
    name,
    services: [{ name: 'Colour', durationMinutes: 60 }],
    hours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      dayOfWeek,
      isOpen: true,
      openTime: '08:00',
      closeTime: '20:00',
      slotDuration: 30,
    })),
  });
  await ctx.db.query(
    `UPDATE businesses SET subscription_plan = 'professional', confirmation_request_hours = $2
      WHERE id = $1`,
    [created.business.id, hours],
  );
  return created;
}

beforeAll(async () => {
  twilio = await startFakeTwilio();
  ctx = await createTestContext({ env: { PUBLIC_URL, ...twilio.env() }, logLevels: [] });
  salon = await business('Confirm Salon', 48);
  other = await business('Other Salon', 24);
  owner = await signUpOwner(ctx);
  await ctx.db.query(`UPDATE businesses SET owner_user_id = $2 WHERE id = $1`, [
    salon.business.id,
    owner.userId,
  ]);
  worker = await startTestWorker(ctx, twilio.env());
});

afterAll(async () => {
  await worker?.close();
  await ctx?.close();
  await twilio?.close();
});

async function book(b: CreatedBusiness, date: string, phone: string) {
  const res = await ctx.post(
    '/api/appointments',
    bookingRequest(b.business.id, b.services.Colour!.id, date, { phone }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return CreateAppointmentResponseSchema.parse(res.json()).appointment.id;
}

const requestsOf = (appointmentId: number) =>
  outboxRows(ctx.db, `appointment_id = ${appointmentId} AND kind = 'confirmation-request'`);

/** Marks the appointment's request as sent by Twilio (as the worker does), `minutesAgo` ago. */
async function requestSent(appointmentId: number, minutesAgo = 0) {
  await ctx.db.query(
    `UPDATE outbox SET status = 'sent', sent_at = now() - make_interval(mins => $2)
      WHERE appointment_id = $1 AND kind = 'confirmation-request'`,
    [appointmentId, minutesAgo],
  );
}

function reply(from: string, body: string, authToken = twilio.authToken, sid?: string) {
  const signed = signedInboundMessage({
    authToken,
    url: `${PUBLIC_URL}${INBOUND}`,
    from,
    body,
    ...(sid ? { sid } : {}),
  });
  return ctx.request({
    method: 'POST',
    url: INBOUND,
    payload: signed.body,
    headers: signed.headers,
  });
}

async function ownerView(appointmentId: number) {
  const res = await ctx.request({
    method: 'GET',
    url: `/api/business/${salon.business.id}/appointments`,
    headers: bearer(owner.accessToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  const found = (res.json() as unknown[])
    .map((a) => OwnerAppointmentSchema.parse(a))
    .find((a) => a.id === appointmentId);
  expect(found).toBeDefined();
  return found!;
}

const status = async (id: number) =>
  (
    (await ctx.db.query(`SELECT status FROM appointments WHERE id = $1`, [id])) as {
      status: string;
    }[]
  )[0]!.status;

describe('two-way SMS confirmation', () => {
  it('sends the request at the configured hours before, not earlier, ending with the question', async () => {
    const id = await book(salon, THU_10AM, '0400 800 001');
    const [request] = await requestsOf(id);
    expect(request).toMatchObject({ status: 'pending', recipient: '+61400800001' });
    expect(request!.not_before.toISOString()).toBe(THU_REQUEST);
    expect(request!.body.endsWith(CONFIRMATION_REQUEST_ASK)).toBe(true);
    expect(request!.body).toContain('Colour');
    expect(request!.body).toContain('14 Jan 2027 at 10:00 AM AEDT');

    ctx.clock.set(new Date(Date.parse(THU_REQUEST) - 1000).toISOString());
    await new Promise((r) => setTimeout(r, 300));
    expect((await requestsOf(id))[0]!.status).toBe('pending');

    ctx.clock.set(THU_REQUEST);
    await eventually(
      async () => (await requestsOf(id))[0]!.status === 'sent',
      10_000,
      'the request to be sent',
    );
    const texts = twilio.to('+61400800001').map((m) => m.body);
    expect(texts.at(-1)).toMatch(/Reply Y to confirm or N to cancel$/);

    // Y confirms: the TwiML thanks the customer, the owner sees it.
    const yes = await reply('+61400800001', ' Yes ');
    expect(yes.statusCode).toBe(200);
    expect(yes.headers['content-type']).toMatch(/^text\/xml/);
    expect(yes.body).toContain(
      '<Message>Thanks, your Colour at Confirm Salon is confirmed.</Message>',
    );
    const seen = await ownerView(id);
    expect(seen.customerConfirmedAt).toBe(THU_REQUEST);
    expect(seen.status).toBe('confirmed');
    expect(seen.smsReplies).toEqual([
      { body: 'Yes', action: 'confirmed', receivedAt: THU_REQUEST },
    ]);
  });

  it('N cancels through the cancel link’s path: slot freed, links spent, customer and owner told', async () => {
    ctx.clock.set('2027-01-04T00:00:00Z');
    const hook = await endpointRow(ctx.db, salon.business.id, [
      'booking.cancelled',
      'booking.status_changed',
    ]);
    const id = await book(salon, '2027-01-15T23:00:00.000Z', '0400 800 002');
    await requestSent(id);
    const res = await reply('+61400800002', 'n');
    expect(res.statusCode).toBe(200);
    // Integrations hear of it once, as a customer's cancellation.
    const events = await bookingEventsWritten(ctx.db, hook, id);
    expect(events.map((e) => [e.type, e.data.cancelledBy])).toEqual([
      ['booking.status_changed', undefined],
      ['booking.cancelled', 'customer'],
    ]);
    await ctx.db.query(`DELETE FROM webhook_endpoints WHERE id = $1`, [hook]);
    // The cancellation's own SMS tells the customer; the webhook answers nothing more.
    expect(res.body).toContain('<Response/>');
    expect(await status(id)).toBe('cancelled');
    const cancellation = await outboxRows(
      ctx.db,
      `appointment_id = ${id} AND kind = 'cancellation-confirmation'`,
    );
    expect(cancellation).toHaveLength(1);
    const tokens: { used_at: Date | null }[] = await ctx.db.query(
      `SELECT used_at FROM appointment_tokens WHERE appointment_id = $1`,
      [id],
    );
    expect(tokens.every((t) => t.used_at !== null)).toBe(true);
    expect((await ownerView(id)).smsReplies).toMatchObject([{ body: 'n', action: 'cancelled' }]);
    // The reminder went with it.
    expect(
      (await outboxRows(ctx.db, `appointment_id = ${id} AND kind = 'reminder'`))[0]!.status,
    ).toBe('cancelled');
  });

  it('keeps any other reply for the owner and changes nothing; a retried webhook is stored once', async () => {
    const id = await book(salon, '2027-01-16T23:00:00.000Z', '0400 800 003');
    await requestSent(id);
    const sid = 'SM' + 'a'.repeat(32);
    const first = await reply('+61400800003', 'Running 10 min late, sorry!', undefined, sid);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<Response/>');
    expect(
      (await reply('+61400800003', 'Running 10 min late, sorry!', undefined, sid)).statusCode,
    ).toBe(200);
    const seen = await ownerView(id);
    expect(seen.status).toBe('confirmed');
    expect(seen.customerConfirmedAt).toBeNull();
    expect(seen.smsReplies).toMatchObject([
      { body: 'Running 10 min late, sorry!', action: 'kept' },
    ]);
  });

  it('answers the most recent request sent to that number, across businesses', async () => {
    const older = await book(salon, '2027-01-17T23:00:00.000Z', '0400 800 004');
    const newer = await book(other, '2027-01-17T23:00:00.000Z', '0400 800 004');
    await requestSent(older, 60);
    await requestSent(newer, 5);
    expect((await reply('+61400800004', 'Y')).body).toContain('Other Salon');
    const confirmed: { id: number }[] = await ctx.db.query(
      `SELECT id FROM appointments WHERE id = ANY($1) AND customer_confirmed_at IS NOT NULL`,
      [[older, newer]],
    );
    expect(confirmed.map((r) => r.id)).toEqual([newer]);
  });

  it('refuses a forged signature with 403 in the error shape, and ignores unknown senders', async () => {
    const id = await book(salon, '2027-01-18T23:00:00.000Z', '0400 800 005');
    await requestSent(id);
    const forged = await reply('+61400800005', 'N', 'not-the-auth-token');
    expect(forged.statusCode).toBe(403);
    expect(ErrorResponseSchema.parse(forged.json()).code).toBe(ErrorCode.FORBIDDEN);
    expect(await status(id)).toBe('confirmed');
    const unsigned = await ctx.request({
      method: 'POST',
      url: INBOUND,
      payload: 'From=%2B61400800005&Body=N&MessageSid=SM1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsigned.statusCode).toBe(403);

    const unknown = await reply('+61499999999', 'N');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<Response/>');
    const stored: { n: number }[] = await ctx.db.query(
      `SELECT count(*)::int AS n FROM sms_replies WHERE from_number = '+61499999999'`,
    );
    expect(stored[0]!.n).toBe(0);
  });

  it('sends nothing when the business turned the request off (through Settings)', async () => {
    const res = await ctx.request({
      method: 'PATCH',
      url: `/api/business/${salon.business.id}`,
      headers: bearer(owner.accessToken),
      payload: { confirmationRequestHours: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ confirmationRequestHours: null });
    const id = await book(salon, '2027-01-19T23:00:00.000Z', '0400 800 006');
    expect(await requestsOf(id)).toEqual([]);
    // The reminder still goes.
    expect(await outboxRows(ctx.db, `appointment_id = ${id} AND kind = 'reminder'`)).toHaveLength(
      1,
    );

    const bad = await ctx.request({
      method: 'PATCH',
      url: `/api/business/${salon.business.id}`,
      headers: bearer(owner.accessToken),
      payload: { confirmationRequestHours: 5 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a moved booking gets a new request at its new time and awaits a new answer', async () => {
    // Through Settings, so the public booking's cached business has it at once.
    const set = await ctx.request({
      method: 'PATCH',
      url: `/api/business/${salon.business.id}`,
      headers: bearer(owner.accessToken),
      payload: { confirmationRequestHours: 24 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const id = await book(salon, '2027-01-20T23:00:00.000Z', '0400 800 007');
    await requestSent(id);
    await reply('+61400800007', 'y');
    const link = /\/reschedule\?token=([A-Za-z0-9_-]+)/.exec(
      (await outboxRows(ctx.db, `appointment_id = ${id} AND kind = 'booking-confirmation'`))[0]!
        .body,
    )![1];
    const moved = await ctx.post('/api/reschedule', {
      token: link,
      date: '2027-01-21T23:00:00.000Z',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const requests = await requestsOf(id);
    expect(requests.map((r) => r.status)).toEqual(['sent', 'pending']);
    expect(requests[1]!.not_before.toISOString()).toBe('2027-01-20T23:00:00.000Z');
    expect((await ownerView(id)).customerConfirmedAt).toBeNull();
  });
});
