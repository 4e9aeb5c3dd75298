// What the owner's screens are told about a message: the send's answer and GET /api/messages/:id
// say its true state (never "queued" for a message that cannot go), the owner's own business's
// messages only, and GET /api/messaging-status says whether SMS and email can go at all.
import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BusinessSchema,
  ErrorResponseSchema,
  ManualMessageResponseSchema,
  MessageStatusSchema,
  MessagingStatusSchema,
  MessageTexts,
} from '@slotwise/contracts';
import { bearer, json, type SignedInOwner, signUpOwner } from './support/auth.js';
import { startFakeSmtp, type FakeSmtp } from './support/fake-smtp.js';
import { signedStatusCallback, startFakeTwilio, type FakeTwilio } from './support/fake-twilio.js';
import { createTestContext, type TestContext } from './support/test-app.js';
import { eventually, outboxRows, startTestWorker } from './support/worker.js';

const PUBLIC_URL = 'https://slotwise.test';

interface Owner extends SignedInOwner {
  businessId: number;
}

async function owner(ctx: TestContext): Promise<Owner> {
  const signedIn = await signUpOwner(ctx);
  const res = await ctx.request({
    method: 'GET',
    url: '/api/business/me',
    headers: bearer(signedIn.accessToken),
  });
  expect(res.statusCode).toBe(200);
  return { ...signedIn, businessId: BusinessSchema.parse(res.json()).id };
}

const testSms = (ctx: TestContext, token: string, phoneNumber = '0400 555 111') =>
  ctx.request(json('POST', '/api/test-sms', { phoneNumber, type: 'test' }, token));
const testEmail = (ctx: TestContext, token: string, email = 'me@example.com') =>
  ctx.request(json('POST', '/api/test-email', { email, type: 'test' }, token));

function answered(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  return ManualMessageResponseSchema.parse(res.json());
}

async function statusOf(ctx: TestContext, token: string, id: number) {
  const res = await ctx.request({
    method: 'GET',
    url: `/api/messages/${id}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return MessageStatusSchema.parse(res.json());
}

async function messagingStatus(ctx: TestContext, token?: string) {
  return ctx.request({
    method: 'GET',
    url: '/api/messaging-status',
    headers: token ? bearer(token) : {},
  });
}

describe('a server without Twilio or SMTP', () => {
  let ctx: TestContext;
  let me: Owner;

  beforeAll(async () => {
    ctx = await createTestContext();
    me = await owner(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers not_configured at once for a test SMS, and GET says the same', async () => {
    const sent = answered(await testSms(ctx, me.accessToken));
    expect(sent).toMatchObject({
      channel: 'sms',
      status: 'not_configured',
      error: MessageTexts.notConfigured,
      message: 'Not sent: SMS is not set up on this server',
    });
    const [row] = await outboxRows(ctx.db, `id = ${sent.messageId}`);
    // Kept with its full text for the development mailbox, never for the worker to pick up.
    expect(row).toMatchObject({ status: 'not_configured', business_id: me.businessId });
    expect(row!.body).toContain('test text message from Slotwise');
    expect(await statusOf(ctx, me.accessToken, sent.messageId)).toEqual({
      id: sent.messageId,
      channel: 'sms',
      status: 'not_configured',
      error: MessageTexts.notConfigured,
      message: 'Not sent: SMS is not set up on this server',
    });
  });

  it('does the same for email', async () => {
    const sent = answered(await testEmail(ctx, me.accessToken));
    expect(sent).toMatchObject({
      channel: 'email',
      status: 'not_configured',
      message: 'Not sent: email is not set up on this server',
    });
    expect((await statusOf(ctx, me.accessToken, sent.messageId)).status).toBe('not_configured');
  });

  it('says neither SMS nor email is set up', async () => {
    const res = await messagingStatus(ctx, me.accessToken);
    expect(res.statusCode).toBe(200);
    expect(MessagingStatusSchema.parse(res.json())).toEqual({ sms: false, email: false });
  });

  it("answers 404 for another business's message or an unknown one, 401 signed out", async () => {
    const theirs = await owner(ctx);
    const sent = answered(await testSms(ctx, theirs.accessToken, '0400 999 999'));
    for (const id of [sent.messageId, 999_999]) {
      const res = await ctx.request({
        method: 'GET',
        url: `/api/messages/${id}`,
        headers: bearer(me.accessToken),
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('0400 999 999');
      expect(ErrorResponseSchema.parse(res.json()).message).toBe('Message not found');
    }
    // Account emails (verification links) belong to no business: nobody's to follow.
    const [verification] = await outboxRows(ctx.db, `kind = 'verify-email'`);
    const account = await ctx.request({
      method: 'GET',
      url: `/api/messages/${verification!.id}`,
      headers: bearer(me.accessToken),
    });
    expect(account.statusCode).toBe(404);
    expect((await ctx.get(`/api/messages/${sent.messageId}`)).statusCode).toBe(401);
    expect((await messagingStatus(ctx)).statusCode).toBe(401);
    const bad = await ctx.request({
      method: 'GET',
      url: '/api/messages/abc',
      headers: bearer(me.accessToken),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a server with Twilio and SMTP, and the delivery worker', () => {
  let ctx: TestContext;
  let twilio: FakeTwilio;
  let smtp: FakeSmtp;
  let worker: INestApplicationContext | undefined;
  let me: Owner;
  // The API and the worker share the provider settings, as `npm start` runs them.
  const providers = () => ({ ...twilio.env(), SMTP_URL: smtp.url, PUBLIC_URL });
  /** The worker starts once a test has seen its message wait for it. */
  const ensureWorker = async () => {
    worker ??= await startTestWorker(ctx, providers());
  };

  beforeAll(async () => {
    [twilio, smtp] = await Promise.all([startFakeTwilio(), startFakeSmtp()]);
    ctx = await createTestContext({ env: providers() });
    me = await owner(ctx);
  });

  afterAll(async () => {
    await worker?.close();
    await ctx?.close();
    await Promise.all([twilio?.close(), smtp?.close()]);
  });

  it('says SMS and email are set up', async () => {
    const res = await messagingStatus(ctx, me.accessToken);
    expect(MessagingStatusSchema.parse(res.json())).toEqual({ sms: true, email: true });
  });

  it('answers queued, then follows the SMS to sent and delivered, and the email to sent', async () => {
    const sms = answered(await testSms(ctx, me.accessToken, '0412 000 321'));
    expect(sms).toMatchObject({
      channel: 'sms',
      status: 'pending',
      error: null,
      message: 'Queued — waiting for the SMS provider',
    });
    const email = answered(await testEmail(ctx, me.accessToken, 'owner-test@example.com'));
    expect(email.message).toBe('Queued — waiting for the email provider');
    // No worker yet: still waiting, and nothing has reached the providers.
    expect(await statusOf(ctx, me.accessToken, sms.messageId)).toMatchObject({
      status: 'pending',
      message: 'Queued — waiting for the SMS provider',
    });
    expect(twilio.messages).toHaveLength(0);

    await ensureWorker();
    const sent = await eventually(
      async () => {
        const s = await statusOf(ctx, me.accessToken, sms.messageId);
        return s.status === 'sent' && s;
      },
      15_000,
      'the SMS to be sent',
    );
    expect(sent).toEqual({
      id: sms.messageId,
      channel: 'sms',
      status: 'sent',
      error: null,
      message: 'Sent',
    });
    expect(twilio.to('+61412000321')).toHaveLength(1);
    const mailed = await eventually(async () => {
      const s = await statusOf(ctx, me.accessToken, email.messageId);
      return s.status === 'sent' && s;
    }, 15_000);
    expect(mailed.message).toBe('Sent');
    expect(smtp.to('owner-test@example.com')).toHaveLength(1);

    // Twilio's delivery report moves it on.
    const message = twilio.to('+61412000321')[0]!;
    const path = `/api/webhooks/twilio/status?outboxId=${sms.messageId}`;
    const callback = signedStatusCallback({
      authToken: twilio.authToken,
      url: `${PUBLIC_URL}${path}`,
      params: { MessageSid: message.sid, MessageStatus: 'delivered' },
    });
    const reported = await ctx.request({
      method: 'POST',
      url: path,
      payload: callback.body,
      headers: callback.headers,
    });
    expect(reported.statusCode).toBe(200);
    expect(await statusOf(ctx, me.accessToken, sms.messageId)).toMatchObject({
      status: 'delivered',
      message: 'Delivered',
    });
  });

  it("says why Twilio refused an SMS: 'Failed: {reason}'", async () => {
    await ensureWorker();
    twilio.failNext(1, 400, 21211);
    const sms = answered(await testSms(ctx, me.accessToken, '0412 000 654'));
    const failed = await eventually(
      async () => {
        const s = await statusOf(ctx, me.accessToken, sms.messageId);
        return s.status === 'failed' && s;
      },
      15_000,
      'the SMS to fail',
    );
    expect(failed.error).toContain('Twilio 400 (error 21211)');
    expect(failed.message).toBe(`Failed: ${failed.error}`);
  });
});
