import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, ErrorResponseSchema } from '@slotwise/contracts';
import { signedStatusCallback } from './support/fake-twilio.js';
import { createTestContext, type TestContext } from './support/test-app.js';
import { outboxRows } from './support/worker.js';

const PUBLIC_URL = 'https://slotwise.test';
const AUTH_TOKEN = 'twilio-test-auth-token-0123456789';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { PUBLIC_URL, TWILIO_AUTH_TOKEN: AUTH_TOKEN },
    logLevels: [],
  });
});

afterAll(async () => {
  await ctx?.close();
});

let sidCounter = 0;
async function sentSms(status = 'sent'): Promise<{ id: number; sid: string }> {
  sidCounter += 1;
  const sid = `SM${String(sidCounter).padStart(32, '0')}`;
  const rows: { id: number }[] = await ctx.db.query(
    `INSERT INTO outbox (channel, recipient, body, kind, status, provider_message_id, sent_at, claimed_at)
     VALUES ('sms', '0412 345 678', 'Hello', 'test', $1, $2, now(), now()) RETURNING id`,
    [status, sid],
  );
  return { id: rows[0]!.id, sid };
}

/** Posts a status callback as Twilio would; `sign` false sends a bad signature. */
function callback(outboxId: number, params: Record<string, string>, sign: boolean | string = true) {
  const path = `/api/webhooks/twilio/status?outboxId=${outboxId}`;
  const signed = signedStatusCallback({
    authToken: typeof sign === 'string' ? sign : AUTH_TOKEN,
    url: `${PUBLIC_URL}${path}`,
    params,
  });
  const headers: Record<string, string> = { ...signed.headers };
  if (sign === false) delete headers['x-twilio-signature'];
  return ctx.request({ method: 'POST', url: path, payload: signed.body, headers });
}

const row = async (id: number) => (await outboxRows(ctx.db, `id = ${id}`))[0]!;

describe('POST /api/webhooks/twilio/status', () => {
  it('marks a message delivered, and a late "sent" does not move it back', async () => {
    const { id, sid } = await sentSms();
    const delivered = await callback(id, { MessageSid: sid, MessageStatus: 'delivered' });
    expect(delivered.statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'delivered' });
    expect((await row(id)).delivered_at).toBeInstanceOf(Date);

    expect((await callback(id, { MessageSid: sid, MessageStatus: 'sent' })).statusCode).toBe(200);
    expect((await callback(id, { MessageSid: sid, MessageStatus: 'queued' })).statusCode).toBe(200);
    expect((await row(id)).status).toBe('delivered');
  });

  it('marks undelivered and failed messages failed with the error code', async () => {
    const undelivered = await sentSms();
    await callback(undelivered.id, {
      MessageSid: undelivered.sid,
      MessageStatus: 'undelivered',
      ErrorCode: '30003',
    });
    expect(await row(undelivered.id)).toMatchObject({
      status: 'failed',
      last_error: 'Twilio: undelivered (error 30003)',
    });

    const failed = await sentSms('sending');
    await callback(failed.id, {
      MessageSid: failed.sid,
      MessageStatus: 'failed',
      ErrorCode: '30007',
    });
    expect(await row(failed.id)).toMatchObject({
      status: 'failed',
      last_error: 'Twilio: failed (error 30007)',
    });
  });

  it('moves a sending message to sent', async () => {
    const { id, sid } = await sentSms('sending');
    await callback(id, { MessageSid: sid, MessageStatus: 'sent' });
    expect((await row(id)).status).toBe('sent');
  });

  it('attaches the SID when the callback arrives before the worker recorded it', async () => {
    const rows: { id: number }[] = await ctx.db.query(
      `INSERT INTO outbox (channel, recipient, body, kind, status, claimed_at)
       VALUES ('sms', '0412 345 678', 'Hi', 'test', 'sending', now()) RETURNING id`,
    );
    const id = rows[0]!.id;
    const sid = `SM${'f'.repeat(32)}`;
    await callback(id, { MessageSid: sid, MessageStatus: 'delivered' });
    expect(await row(id)).toMatchObject({ status: 'delivered', provider_message_id: sid });
  });

  it('answers 200 and changes nothing for an unknown SID', async () => {
    const { id } = await sentSms();
    const res = await callback(id, { MessageSid: `SM${'0'.repeat(31)}9`, MessageStatus: 'failed' });
    expect(res.statusCode).toBe(200);
    expect((await row(id)).status).toBe('sent');
  });

  it('refuses a missing, wrong or forged signature with 403 and changes nothing', async () => {
    const { id, sid } = await sentSms();
    const params = { MessageSid: sid, MessageStatus: 'failed', ErrorCode: '30003' };
    for (const res of [
      await callback(id, params, false),
      await callback(id, params, 'some-other-token-000000000000000'),
      // Signed for another outbox id than the URL called.
      await ctx.request({
        method: 'POST',
        url: `/api/webhooks/twilio/status?outboxId=${id + 1000}`,
        ...(() => {
          const s = signedStatusCallback({
            authToken: AUTH_TOKEN,
            url: `${PUBLIC_URL}/api/webhooks/twilio/status?outboxId=${id}`,
            params,
          });
          return { payload: s.body, headers: s.headers };
        })(),
      }),
    ]) {
      expect(res.statusCode).toBe(403);
      const body = ErrorResponseSchema.parse(res.json());
      expect(body).toMatchObject({ statusCode: 403, code: ErrorCode.FORBIDDEN });
    }
    expect((await row(id)).status).toBe('sent');
  });

  it('still parses JSON bodies elsewhere', async () => {
    const res = await ctx.post('/api/appointments', { businessId: 'x' });
    expect(res.statusCode).toBe(400);
  });
});
