import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AvailableTime, MessageTexts } from '@slotwise/contracts';
import { Temporal } from 'temporal-polyfill';
import { OutboxService } from '../src/modules/outbox/index.js';
import { toE164 as toE164Test } from '../src/modules/outbox/senders/phone-number.js';
import { SmsCapService } from '../src/modules/outbox/services/sms-cap.service.js';
import { INVALID_PHONE } from '../src/modules/outbox/services/outbox-delivery.service.js';
import { startFakeSmtp, type FakeSmtp } from './support/fake-smtp.js';
import { startFakeTwilio, type FakeTwilio } from './support/fake-twilio.js';
import { bookingRequest, createBusiness } from './support/fixtures.js';
import { createTestContext, type TestContext } from './support/test-app.js';
import { eventually, outboxRows, settled, startTestWorker } from './support/worker.js';
import type { OutboxRow } from '../src/modules/outbox/services/outbox-row.js';

const PUBLIC_URL = 'https://slotwise.test';
const CAPS = { SMS_CAP_PER_PHONE_PER_HOUR: '3', SMS_CAP_PER_BUSINESS_PER_HOUR: '4' };

let ctx: TestContext;
let twilio: FakeTwilio;
let smtp: FakeSmtp;
let worker: INestApplicationContext;

beforeAll(async () => {
  [twilio, smtp] = await Promise.all([startFakeTwilio(), startFakeSmtp()]);
  ctx = await createTestContext({
    env: { PUBLIC_URL, TWILIO_AUTH_TOKEN: twilio.authToken, ...CAPS },
  });
  worker = await startTestWorker(ctx, {
    ...twilio.env(),
    SMTP_URL: smtp.url,
    PUBLIC_URL,
    ...CAPS,
    OUTBOX_MAX_ATTEMPTS: '3',
    // Provider calls time out at half the lease: roomy enough for a loaded machine.
    OUTBOX_LEASE_MS: '6000',
    OUTBOX_REQUEUE_AFTER_MS: '2000',
  });
});

afterAll(async () => {
  await worker?.close();
  await ctx?.close();
  await Promise.all([twilio?.close(), smtp?.close()]);
});

// Each test starts from a quiet outbox, so a failure injected into a fake hits its own message.
beforeEach(async () => {
  await settled(ctx.db);
});

async function insertMessage(fields: {
  channel?: 'sms' | 'email';
  recipient: string;
  body?: string;
  subject?: string | null;
  businessId?: number | null;
  status?: string;
  claimedAgoMs?: number;
}): Promise<number> {
  const rows: { id: number }[] = await ctx.db.query(
    `INSERT INTO outbox (channel, recipient, subject, body, kind, business_id, status, claimed_at)
     VALUES ($1, $2, $3, $4, 'test', $5, $6,
             CASE WHEN $7::int IS NULL THEN NULL ELSE now() - make_interval(secs => $7::int / 1000.0) END)
     RETURNING id`,
    [
      fields.channel ?? 'sms',
      fields.recipient,
      fields.subject ?? (fields.channel === 'email' ? 'Hello' : null),
      fields.body ?? `Test message ${Math.random()}`,
      fields.businessId ?? null,
      fields.status ?? 'pending',
      fields.claimedAgoMs ?? null,
    ],
  );
  return rows[0]!.id;
}

async function finalRow(id: number): Promise<OutboxRow> {
  return eventually(
    async () => {
      const [row] = await outboxRows(ctx.db, `id = ${id}`);
      return row && !['pending', 'queued', 'sending'].includes(row.status) && row;
    },
    15_000,
    `outbox ${id} to be final`,
  );
}

const postsToMessages = () =>
  twilio.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/Messages.json')).length;

describe('a booking', () => {
  it('sends exactly one SMS with working links, and the owner email', async () => {
    const { business, services } = await createBusiness(ctx.db, {
      name: 'Delivery Salon',
      services: [{ name: 'Cut', durationMinutes: 30 }],
    });
    await ctx.db.query(`UPDATE businesses SET email = 'owner@salon.example' WHERE id = $1`, [
      business.id,
    ]);
    const cut = services.Cut!;
    const times = (
      await ctx.get(
        `/api/business/${business.id}/available-times?date=2027-01-15&serviceId=${cut.id}`,
      )
    ).json() as AvailableTime[];
    const res = await ctx.post(
      '/api/appointments',
      bookingRequest(business.id, cut.id, times[0]!.start, { phone: '0412 000 001' }),
    );
    expect(res.statusCode).toBe(201);

    const rows = await settled(ctx.db);
    const sms = rows.find((r) => r.kind === 'booking-confirmation')!;
    const email = rows.find((r) => r.kind === 'owner-new-booking')!;
    expect(sms).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(email).toMatchObject({ status: 'sent', attempts: 1, recipient: 'owner@salon.example' });

    const texts = twilio.to('+61412000001');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.from).toBe('+61400000000');
    expect(texts[0]!.body).toBe(sms.body);
    expect(texts[0]!.statusCallback).toBe(
      `${PUBLIC_URL}/api/webhooks/twilio/status?outboxId=${sms.id}`,
    );
    expect(sms.provider_message_id).toBe(texts[0]!.sid);

    const mails = smtp.to('owner@salon.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^New booking: Cut on /);
    expect(mails[0]!.messageId).toMatch(/^<outbox-\d+\.\d+@slotwise\.com\.au>$/);
    expect(mails[0]!.messageId).toBe(email.provider_message_id);

    // The links in the text the customer received work.
    const token = (name: string) =>
      new RegExp(`${PUBLIC_URL}/${name}\\?token=([A-Za-z0-9_-]+)`).exec(texts[0]!.body)?.[1];
    const reschedule = await ctx.get(`/api/reschedule?token=${token('reschedule')}`);
    expect(reschedule.statusCode).toBe(200);
    const cancel = await ctx.get(`/api/cancel-appointment?token=${token('cancel')}`);
    expect(cancel.statusCode).toBe(200);

    // Still one text after the relay has had many more passes.
    await new Promise((r) => setTimeout(r, 500));
    expect(
      twilio.to('+61412000001').filter((m) => m.body.startsWith('Your Cut at Delivery Salon is')),
    ).toHaveLength(1);
  });
});

describe('failures', () => {
  it('retries after a Twilio 500 and sends once', async () => {
    twilio.failNext(1, 500);
    const before = postsToMessages();
    const id = await insertMessage({ recipient: '0412 000 002' });
    const row = await finalRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(postsToMessages() - before).toBe(2);
    expect(twilio.to('+61412000002')).toHaveLength(1);
  });

  it('marks a Twilio 400 failed with the reason, without retrying', async () => {
    twilio.failNext(1, 400, 21211);
    const before = postsToMessages();
    const id = await insertMessage({ recipient: '0412 000 003' });
    const row = await finalRow(id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toContain('Twilio 400 (error 21211)');
    expect(row.last_error).toContain("The 'To' number is not valid.");
    await new Promise((r) => setTimeout(r, 300));
    expect(postsToMessages() - before).toBe(1);
  });

  it('gives up after the last try of a Twilio that keeps failing', async () => {
    twilio.failNext(3, 503, 20503, 'Service unavailable');
    const id = await insertMessage({ recipient: '0412 000 004' });
    const row = await finalRow(id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(3);
    expect(row.last_error).toMatch(/Twilio 503.*gave up after 3 tries/);
    expect(twilio.to('+61412000004')).toHaveLength(0);
  });

  it('fails an unusable phone number without calling Twilio', async () => {
    const before = twilio.requests.length;
    const id = await insertMessage({ recipient: 'call me maybe' });
    const row = await finalRow(id);
    expect(row).toMatchObject({ status: 'failed', last_error: INVALID_PHONE });
    expect(twilio.requests.length).toBe(before);
  });

  it('retries an SMTP 451 and fails an SMTP 550', async () => {
    smtp.failNext(1, 451);
    const retried = await finalRow(
      await insertMessage({ channel: 'email', recipient: 'later@example.com' }),
    );
    expect(retried).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.to('later@example.com')).toHaveLength(1);

    smtp.failNext(1, 550, 'No such user');
    const refused = await finalRow(
      await insertMessage({ channel: 'email', recipient: 'nobody@example.com' }),
    );
    expect(refused.status).toBe('failed');
    expect(refused.last_error).toMatch(/SMTP.*No such user/);
    expect(smtp.to('nobody@example.com')).toHaveLength(0);
  });
});

describe('SMS caps', () => {
  /** The rows of `ids` once all but one are final and that one waits, held back by a cap. */
  async function oneHeld(ids: number[]): Promise<{ rows: OutboxRow[]; held: OutboxRow }> {
    return eventually(
      async () => {
        const rows = await outboxRows(ctx.db, `id IN (${ids.join(',')})`);
        const held = rows.filter((r) => r.status === 'pending' && r.last_error);
        const final = rows.filter((r) => !['pending', 'queued', 'sending'].includes(r.status));
        return held.length === 1 && final.length === ids.length - 1 && { rows, held: held[0]! };
      },
      15_000,
      'one message held back by the cap',
    );
  }

  /**
   * The hour passes for the sends counted so far (their claims move an hour back), and the relay's
   * clock reaches the held message's time; the clock is put back afterwards.
   */
  async function anHourLater<T>(ids: number[], held: OutboxRow, then: () => Promise<T>) {
    await ctx.db.query(
      `UPDATE outbox SET claimed_at = claimed_at - interval '1 hour'
        WHERE id = ANY($1) AND status IN ('sent', 'delivered')`,
      [ids],
    );
    const before = ctx.clock.now();
    ctx.clock.set(Temporal.Instant.fromEpochMilliseconds(held.not_before.getTime()));
    try {
      return await then();
    } finally {
      ctx.clock.set(before);
    }
  }

  it('sends at most SMS_CAP_PER_PHONE_PER_HOUR texts to one number, and the rest an hour later', async () => {
    const ids = [];
    for (const typed of ['0412 000 555', '+61412000555', '0412-000-555', '61412000555']) {
      ids.push(await insertMessage({ recipient: typed }));
    }
    const { rows, held } = await oneHeld(ids);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(3);
    // Waiting, not failed: it goes once the first of the three leaves the hour's window.
    expect(held.last_error).toBe(MessageTexts.smsHeldPhone);
    const waitMs = held.not_before.getTime() - ctx.clock.now().epochMilliseconds;
    expect(waitMs).toBeGreaterThan(59 * 60_000);
    expect(waitMs).toBeLessThan(61 * 60_000);
    expect(twilio.to('+61412000555')).toHaveLength(3);

    // The API's up-front check (manual sends answer 429 with it).
    const caps = ctx.app.get(SmsCapService);
    expect(await caps.check('0412 000 555', null)).toBe(MessageTexts.smsCapPhone);
    expect(await caps.check('0412 000 556', null)).toBeNull();

    const sent = await anHourLater(ids, held, () => finalRow(held.id));
    expect(sent).toMatchObject({ status: 'sent', last_error: null });
    expect(twilio.to('+61412000555')).toHaveLength(4);
  });

  it('holds what passes SMS_CAP_PER_BUSINESS_PER_HOUR for one business, then sends it', async () => {
    const { business } = await createBusiness(ctx.db, { name: 'Busy Business' });
    const ids = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push(await insertMessage({ recipient: `0413 000 00${i}`, businessId: business.id }));
    }
    const { rows, held } = await oneHeld(ids);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(4);
    expect(rows.filter((r) => r.status === 'failed')).toHaveLength(0);
    expect(held.last_error).toBe(MessageTexts.smsHeldBusiness);
    // What the owner's screens say of it.
    const status = await ctx.app.get(OutboxService).statusOf(business.id, held.id);
    expect(status).toMatchObject({ status: 'pending', error: MessageTexts.smsHeldBusiness });
    expect(status!.message).toBe(`Waiting — ${MessageTexts.smsHeldBusiness}`);

    const caps = ctx.app.get(SmsCapService);
    expect(await caps.check('0413 999 999', business.id)).toBe(MessageTexts.smsCapBusiness);
    expect(await caps.check('0413 999 999', null)).toBeNull();

    const sent = await anHourLater(ids, held, () => finalRow(held.id));
    expect(sent.status).toBe('sent');
    expect(twilio.to(toE164Test(held.recipient)!)).toHaveLength(1);
  });
});

describe('a send whose outcome was lost (exactly once)', () => {
  it('finds a stale sending SMS at Twilio and marks it sent without sending again', async () => {
    // What a worker killed between Twilio's answer and its own 'sent' mark leaves behind.
    const body = 'Your Cut is booked (recovered).';
    const auth = Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64');
    const sent = await fetch(
      `${twilio.url}/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`,
      {
        method: 'POST',
        headers: { authorization: `Basic ${auth}` },
        body: new URLSearchParams({ To: '+61412000777', From: '+61400000000', Body: body }),
      },
    );
    const { sid } = (await sent.json()) as { sid: string };
    const before = postsToMessages();
    // Written after Twilio has it, so the relay cannot look before the message is there.
    const id = await insertMessage({
      recipient: '0412 000 777',
      body,
      status: 'sending',
      claimedAgoMs: 10_000,
    });

    const row = await finalRow(id);
    expect(row).toMatchObject({ status: 'sent', provider_message_id: sid });
    expect(postsToMessages()).toBe(before);
    expect(twilio.to('+61412000777')).toHaveLength(1);
  });

  it('tells apart two stale rows with the same text to one number', async () => {
    const body = 'Test SMS from Slotwise (twice).';
    // Twilio got only one of them.
    const auth = Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64');
    const res = await fetch(
      `${twilio.url}/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`,
      {
        method: 'POST',
        headers: { authorization: `Basic ${auth}` },
        body: new URLSearchParams({ To: '+61412000780', From: '+61400000000', Body: body }),
      },
    );
    expect(res.status).toBe(201);
    const ids = [];
    for (let i = 0; i < 2; i += 1) {
      ids.push(
        await insertMessage({
          recipient: '0412 000 780',
          body,
          status: 'sending',
          claimedAgoMs: 10_000,
        }),
      );
    }
    const rows = await Promise.all(ids.map(finalRow));
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    const texts = twilio.to('+61412000780');
    expect(texts).toHaveLength(2);
    expect(new Set(rows.map((r) => r.provider_message_id))).toEqual(
      new Set(texts.map((t) => t.sid)),
    );
  });

  it('sends a stale sending SMS again when Twilio never got it', async () => {
    const id = await insertMessage({
      recipient: '0412 000 778',
      status: 'sending',
      claimedAgoMs: 10_000,
    });
    const row = await finalRow(id);
    expect(row.status).toBe('sent');
    expect(twilio.to('+61412000778')).toHaveLength(1);
  });

  it('does not resend an SMS whose answer timed out: it asks Twilio after the lease', async () => {
    const hold = twilio.hold();
    try {
      const id = await insertMessage({ recipient: '0412 000 779' });
      await hold.arrived(1);
      // The SDK gives up after half the lease; the row must stay 'sending', not be retried.
      await eventually(
        async () => (await outboxRows(ctx.db, `id = ${id}`))[0]?.last_error?.includes('Twilio'),
        10_000,
        'the send to time out',
      );
      hold.release();
      const row = await finalRow(id);
      expect(row.status).toBe('sent');
      expect(row.provider_message_id).toBe(twilio.to('+61412000779')[0]!.sid);
      expect(twilio.to('+61412000779')).toHaveLength(1);
    } finally {
      hold.release();
    }
  }, 30_000);

  it('resends a stale sending email with the same Message-ID', async () => {
    const id = await insertMessage({
      channel: 'email',
      recipient: 'stale@example.com',
      status: 'sending',
      claimedAgoMs: 10_000,
    });
    const row = await finalRow(id);
    expect(row.status).toBe('sent');
    const [created] = (await ctx.db.query('SELECT created_at FROM outbox WHERE id = $1', [id])) as {
      created_at: Date;
    }[];
    const mails = smtp.to('stale@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.messageId).toBe(
      `<outbox-${id}.${created!.created_at.getTime()}@slotwise.com.au>`,
    );
  });
});
