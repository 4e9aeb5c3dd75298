import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CancelAppointmentResponseSchema,
  DevOutboxMessageSchema,
  ErrorResponseSchema,
  ManualMessageResponseSchema,
  MessageTexts,
  ServiceSchema,
} from '@slotwise/contracts';
import { bookingRequest } from './support/fixtures.js';
import { bearer, json, ownerBusiness, type SignedInOwner, signUpOwner } from './support/auth.js';
import { createTestContext, TEST_NOW, type TestContext } from './support/test-app.js';
import type { OutboxRow } from '../src/modules/outbox/services/outbox-row.js';

let ctx: TestContext;

beforeAll(async () => {
  // Monday 4 January 2027, 11:00 AM in Sydney (AEDT, +11).
  ctx = await createTestContext({
    logLevels: [],
    // Small caps, so the 429 tests need only a few rows.
    env: {
      SMS_CAP_PER_PHONE_PER_HOUR: '3',
      SMS_CAP_PER_BUSINESS_PER_HOUR: '6',
      MANUAL_SENDS_PER_HOUR: '8',
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

beforeEach(() => ctx.clock.set(TEST_NOW));

// Tuesday 5 January 2027, 10:00 AM AEDT.
const TUE_10AM = '2027-01-04T23:00:00.000Z';
const TUE_11AM = '2027-01-05T00:00:00.000Z';

interface OwnerWithBooking {
  owner: SignedInOwner;
  businessId: number;
  businessName: string;
  appointmentId: number;
}

async function ownerWithBooking(
  customer: Record<string, unknown> = {},
  date = TUE_10AM,
): Promise<OwnerWithBooking> {
  const owner = await signUpOwner(ctx);
  const business = await ownerBusiness(ctx, owner);
  const renamed = await ctx.request(
    json('PATCH', `/api/business/${business.id}`, { name: 'Test Tools Salon' }, owner.accessToken),
  );
  expect(renamed.statusCode).toBe(200);
  const service = ServiceSchema.parse(
    (
      await ctx.request(
        json(
          'POST',
          '/api/services',
          { businessId: business.id, name: 'Cut', description: null, duration: 60, price: 5000 },
          owner.accessToken,
        ),
      )
    ).json(),
  );
  const booked = await ctx.post(
    '/api/appointments',
    bookingRequest(business.id, service.id, date, {
      firstName: 'Maya',
      lastName: 'Lee',
      phone: '0400 555 111',
      email: 'maya@example.com',
      ...customer,
    }),
  );
  expect(booked.statusCode).toBe(201);
  return {
    owner,
    businessId: business.id,
    businessName: 'Test Tools Salon',
    appointmentId: (booked.json() as { appointment: { id: number } }).appointment.id,
  };
}

const sendEmail = (payload: unknown, token?: string) =>
  ctx.request(json('POST', '/api/test-email', payload, token));
const sendSms = (payload: unknown, token?: string) =>
  ctx.request(json('POST', '/api/test-sms', payload, token));

async function row(id: number): Promise<OutboxRow> {
  const rows: OutboxRow[] = await ctx.db.query(`SELECT * FROM outbox WHERE id = $1`, [id]);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const sent = (res: { statusCode: number; json(): unknown }) => {
  expect(res.statusCode).toBe(200);
  return ManualMessageResponseSchema.parse(res.json());
};

const error = (res: { statusCode: number; json(): unknown }, status: number) => {
  expect(res.statusCode).toBe(status);
  return ErrorResponseSchema.parse(res.json());
};

const cancelToken = (body: string) =>
  /\/cancel\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? expect.fail(`no cancel link in ${body}`);

describe('Testing Tools: test messages', () => {
  it('writes a test email to the given address, naming the business', async () => {
    const { owner, businessId } = await ownerWithBooking();
    const res = sent(
      await sendEmail({ email: ' Me@Example.com ', type: 'test' }, owner.accessToken),
    );
    // No SMTP here: kept, and said so at once (test/message-status.int.test.ts has the rest).
    expect(res.status).toBe('not_configured');
    const message = await row(res.messageId);
    expect(message).toMatchObject({
      channel: 'email',
      recipient: 'me@example.com',
      kind: 'test-message',
      status: 'not_configured',
      business_id: businessId,
      appointment_id: null,
    });
    expect(message.subject).toBe('Test email from Slotwise for Test Tools Salon');
    expect(message.body).toContain('test email from Slotwise for Test Tools Salon');
    // The development mailbox shows it like any other message.
    const mailbox = DevOutboxMessageSchema.array().parse(
      (await ctx.get('/api/dev/outbox?to=me@example.com')).json(),
    );
    expect(mailbox[0]!.id).toBe(res.messageId);
  });

  it('writes a test SMS to the given number', async () => {
    const { owner, businessId } = await ownerWithBooking();
    const res = sent(
      await sendSms({ phoneNumber: '+61 400 777 888', type: 'test' }, owner.accessToken),
    );
    const message = await row(res.messageId);
    expect(message).toMatchObject({
      channel: 'sms',
      recipient: '+61 400 777 888',
      kind: 'test-message',
      business_id: businessId,
    });
    expect(message.body).toContain('test text message from Slotwise for Test Tools Salon');
  });

  it('refuses signed-out callers with 401 and writes nothing', async () => {
    const before: { n: number }[] = await ctx.db.query(`SELECT count(*)::int AS n FROM outbox`);
    error(await sendEmail({ email: 'me@example.com', type: 'test' }), 401);
    error(await sendSms({ phoneNumber: '0400 000 000', type: 'test' }), 401);
    error(await sendEmail({ email: 'me@example.com', type: 'test' }, 'not-a-jwt'), 401);
    const after: { n: number }[] = await ctx.db.query(`SELECT count(*)::int AS n FROM outbox`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('answers bad payloads with 400 in the error shape, never 500', async () => {
    const { owner, appointmentId } = await ownerWithBooking();
    const t = owner.accessToken;
    const cases: [typeof sendEmail, unknown, string][] = [
      [sendEmail, { type: 'test' }, 'email'],
      [sendEmail, { email: 'not an email', type: 'test' }, 'email'],
      [sendEmail, { email: 42, type: 'test' }, 'email'],
      [sendEmail, { email: 'me@example.com', type: 'shout' }, 'type'],
      [sendEmail, { email: 'me@example.com' }, 'appointmentId'],
      [
        sendEmail,
        { email: 'me@example.com', type: 'reminder', appointmentId: 'abc' },
        'appointmentId',
      ],
      [
        sendEmail,
        { email: 'me@example.com', type: 'reminder', appointmentId: -1 },
        'appointmentId',
      ],
      [sendSms, { type: 'test' }, 'phoneNumber'],
      [sendSms, { phoneNumber: 'call me', type: 'test' }, 'phoneNumber'],
      [sendSms, { phoneNumber: '123', type: 'test' }, 'phoneNumber'],
      [sendSms, { phoneNumber: '0400 000 000', type: 'reminder' }, 'appointmentId'],
      [sendSms, [appointmentId], ''],
    ];
    for (const [send, payload, path] of cases) {
      const body = error(await send(payload, t), 400);
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.issues?.[0]?.path ?? '').toBe(path);
    }
    const notJson = await ctx.request({
      method: 'POST',
      url: '/api/test-sms',
      payload: '{"phoneNumber": ',
      headers: { 'content-type': 'application/json', ...bearer(t) },
    });
    error(notJson, 400);
  });
});

describe('dashboard: manual reminders', () => {
  it('emails the appointment’s customer a reminder with working links', async () => {
    const { owner, businessId, appointmentId } = await ownerWithBooking();
    const res = sent(
      await sendEmail(
        { email: 'maya@example.com', type: 'reminder', appointmentId },
        owner.accessToken,
      ),
    );
    const message = await row(res.messageId);
    expect(message).toMatchObject({
      channel: 'email',
      recipient: 'maya@example.com',
      kind: 'manual-reminder',
      business_id: businessId,
      appointment_id: appointmentId,
    });
    expect(message.subject).toBe('Reminder: Cut at Test Tools Salon');
    expect(message.body).toContain('Hi Maya Lee,');
    expect(message.body).toContain('5 Jan 2027 at 10:00 AM AEDT');
    // The reminder's own cancel link works (links are issued with it: raw tokens are never kept).
    const cancel = await ctx.get(`/api/cancel-appointment?token=${cancelToken(message.body)}`);
    expect(cancel.statusCode).toBe(200);
    CancelAppointmentResponseSchema.parse(cancel.json());
  });

  it('texts the appointment’s customer', async () => {
    const { owner, businessId, appointmentId } = await ownerWithBooking();
    const res = sent(
      await sendSms(
        { phoneNumber: '0400 555 111', type: 'reminder', appointmentId },
        owner.accessToken,
      ),
    );
    const message = await row(res.messageId);
    expect(message).toMatchObject({
      channel: 'sms',
      recipient: '+61400555111',
      kind: 'manual-reminder',
      business_id: businessId,
      appointment_id: appointmentId,
    });
    expect(message.body).toContain(
      'Reminder: your Cut at Test Tools Salon is on 5 Jan 2027 at 10:00 AM AEDT.',
    );
    expect(message.body).toMatch(/Reschedule: http:\/\/localhost:8080\/reschedule\?token=/);
  });

  it('sends to the customer on record, whatever address the payload names', async () => {
    const { owner, appointmentId } = await ownerWithBooking();
    const email = sent(
      await sendEmail(
        { email: 'attacker@example.com', type: 'reminder', appointmentId },
        owner.accessToken,
      ),
    );
    expect((await row(email.messageId)).recipient).toBe('maya@example.com');
    const sms = sent(
      await sendSms(
        { phoneNumber: '0499 999 999', type: 'reminder', appointmentId },
        owner.accessToken,
      ),
    );
    expect((await row(sms.messageId)).recipient).toBe('+61400555111');
  });

  it('answers 404 for another owner’s or an unknown appointment, and writes nothing', async () => {
    const mine = await ownerWithBooking();
    const theirs = await ownerWithBooking();
    const before: { n: number }[] = await ctx.db.query(`SELECT count(*)::int AS n FROM outbox`);
    for (const appointmentId of [theirs.appointmentId, 999_999]) {
      const e = error(
        await sendEmail(
          { email: 'maya@example.com', type: 'reminder', appointmentId },
          mine.owner.accessToken,
        ),
        404,
      );
      expect(e.message).toBe('Appointment not found');
      error(
        await sendSms(
          { phoneNumber: '0400 555 111', type: 'reminder', appointmentId },
          mine.owner.accessToken,
        ),
        404,
      );
    }
    const after: { n: number }[] = await ctx.db.query(`SELECT count(*)::int AS n FROM outbox`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('answers 400 when the customer has no email address or no phone number', async () => {
    // The booking page's placeholder address is stored as "no email".
    const { owner, appointmentId } = await ownerWithBooking({
      email: '0400555111@sms-only.slotwise.invalid',
    });
    const noEmail = error(
      await sendEmail(
        { email: 'maya@example.com', type: 'reminder', appointmentId },
        owner.accessToken,
      ),
      400,
    );
    expect(noEmail.message).toBe(MessageTexts.customerHasNoEmail);
    // Older rows may hold an empty phone (a walk-in booked by name alone does too); the
    // appointment keeps the number it was booked with (decision 35), so both are blanked.
    await ctx.db.query(
      `UPDATE customers SET phone = '' WHERE id = (SELECT customer_id FROM appointments WHERE id = $1)`,
      [appointmentId],
    );
    await ctx.db.query(`UPDATE appointments SET customer_phone = '' WHERE id = $1`, [
      appointmentId,
    ]);
    const noPhone = error(
      await sendSms(
        { phoneNumber: '0400 555 111', type: 'reminder', appointmentId },
        owner.accessToken,
      ),
      400,
    );
    expect(noPhone.message).toBe(MessageTexts.customerHasNoPhone);
  });

  it('refuses reminders of cancelled and past appointments', async () => {
    const { owner, appointmentId } = await ownerWithBooking();
    const payload = { phoneNumber: '0400 555 111', type: 'reminder', appointmentId };
    ctx.clock.set(TUE_11AM);
    const past = error(await sendSms(payload, owner.accessToken), 400);
    expect(past.message).toBe(MessageTexts.reminderOfPast);
    ctx.clock.set(TEST_NOW);
    const del = await ctx.request({
      method: 'DELETE',
      url: `/api/appointments/${appointmentId}`,
      headers: bearer(owner.accessToken),
    });
    expect(del.statusCode).toBe(200);
    const cancelled = error(await sendSms(payload, owner.accessToken), 409);
    expect(cancelled.message).toBe(MessageTexts.reminderOfCancelled);
  });
});

describe('SMS caps', () => {
  /** `n` SMS already sent in the last hour (what the worker counts). */
  async function alreadySent(n: number, to: (i: number) => string, businessId: number | null) {
    for (let i = 0; i < n; i += 1) {
      await ctx.db.query(
        `INSERT INTO outbox (channel, recipient, subject, body, kind, status, business_id,
                             claimed_at, sent_at)
         VALUES ('sms', $1, NULL, 'earlier', 'test-message', 'sent', $2, now(), now())`,
        [to(i), businessId],
      );
    }
  }

  it('answers 429 when the number has had its hourly texts, whoever sent them', async () => {
    const { owner, appointmentId } = await ownerWithBooking({ phone: '0400 321 321' });
    // Written in another form of the same number, by another business.
    await alreadySent(2, () => '+61 400 321 321', null);
    // Under the cap (2 of 3): the reminder goes.
    sent(
      await sendSms(
        { phoneNumber: '0400 321 321', type: 'reminder', appointmentId },
        owner.accessToken,
      ),
    );
    await alreadySent(1, () => '0400321321', null);
    const before: { n: number }[] = await ctx.db.query(`SELECT count(*)::int AS n FROM outbox`);
    const capped = error(
      await sendSms(
        { phoneNumber: '0400 321 321', type: 'reminder', appointmentId },
        owner.accessToken,
      ),
      429,
    );
    expect(capped.message).toBe(MessageTexts.smsCapPhone);
    expect(capped.code).toBe('RATE_LIMITED');
    const test = error(
      await sendSms({ phoneNumber: '+61400321321', type: 'test' }, owner.accessToken),
      429,
    );
    expect(test.message).toBe(MessageTexts.smsCapPhone);
    const after: { n: number }[] = await ctx.db.query(`SELECT count(*)::int AS n FROM outbox`);
    expect(after[0]!.n).toBe(before[0]!.n);
    // Email is not capped.
    sent(await sendEmail({ email: 'me@example.com', type: 'test' }, owner.accessToken));
  });

  it('answers 429 when the business has had its hourly texts', async () => {
    const { owner, businessId } = await ownerWithBooking();
    await alreadySent(6, (i) => `0400 100 10${i}`, businessId);
    const capped = error(
      await sendSms({ phoneNumber: '0400 200 200', type: 'test' }, owner.accessToken),
      429,
    );
    expect(capped.message).toBe(MessageTexts.smsCapBusiness);
  });

  it('caps manual sends per business per hour on both channels, so test emails cannot spam', async () => {
    const { owner, appointmentId } = await ownerWithBooking();
    for (let i = 0; i < 4; i += 1) {
      sent(await sendEmail({ email: `someone${i}@example.com`, type: 'test' }, owner.accessToken));
    }
    for (let i = 0; i < 2; i += 1) {
      sent(
        await sendEmail(
          { email: 'maya@example.com', type: 'reminder', appointmentId },
          owner.accessToken,
        ),
      );
    }
    sent(
      await sendSms(
        { phoneNumber: '0400 555 111', type: 'reminder', appointmentId },
        owner.accessToken,
      ),
    );
    sent(await sendSms({ phoneNumber: '0400 777 888', type: 'test' }, owner.accessToken));
    const before: { n: number }[] = await ctx.db.query(`SELECT count(*)::int AS n FROM outbox`);
    const capped = error(
      await sendEmail({ email: 'one-more@example.com', type: 'test' }, owner.accessToken),
      429,
    );
    expect(capped.message).toBe(MessageTexts.manualSendCap);
    expect(capped.code).toBe('RATE_LIMITED');
    error(
      await sendSms(
        { phoneNumber: '0400 555 111', type: 'reminder', appointmentId },
        owner.accessToken,
      ),
      429,
    );
    const after: { n: number }[] = await ctx.db.query(`SELECT count(*)::int AS n FROM outbox`);
    expect(after[0]!.n).toBe(before[0]!.n);
    // Another business is not affected.
    const other = await ownerWithBooking();
    sent(await sendEmail({ email: 'me@example.com', type: 'test' }, other.owner.accessToken));
  });
});
