import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponseSchema, SupportMessages } from '@slotwise/contracts';
import { createTestContext, type TestContext } from './support/test-app.js';

let ctx: TestContext;

const VALID = {
  firstName: 'Mia',
  lastName: 'Nguyen',
  email: 'Mia.Nguyen@example.com',
  subject: 'Moving from paper bookings',
  message: 'Can I import my existing clients before I go live next Monday?',
};

beforeAll(async () => {
  ctx = await createTestContext({
    env: { AUTH_RATE_LIMIT: '4', SUPPORT_EMAIL: 'help@slotwise.test' },
  });
});

afterAll(async () => {
  await ctx?.close();
});

function send(body: unknown, ip = '203.0.113.10') {
  return ctx.request({
    method: 'POST',
    url: '/api/support-messages',
    payload: body as object,
    remoteAddress: ip,
  });
}

describe('POST /api/support-messages', () => {
  it('stores the message and queues the email to the support address together', async () => {
    const res = await send(VALID, '203.0.113.1');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: SupportMessages.received });

    const [row] = await ctx.db.query(
      `SELECT first_name, last_name, email, subject, message, client_ip FROM support_messages ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toEqual({
      first_name: 'Mia',
      last_name: 'Nguyen',
      email: 'mia.nguyen@example.com',
      subject: VALID.subject,
      message: VALID.message,
      client_ip: '203.0.113.1',
    });
    const [mail] = await ctx.db.query(
      `SELECT channel, recipient, subject, body, kind, status FROM outbox WHERE kind = 'support-message' ORDER BY id DESC LIMIT 1`,
    );
    expect(mail).toMatchObject({
      channel: 'email',
      recipient: 'help@slotwise.test',
      subject: '[Support] Moving from paper bookings',
      kind: 'support-message',
      status: 'pending',
    });
    expect(mail.body).toContain('Mia Nguyen <mia.nguyen@example.com>');
    expect(mail.body).toContain(VALID.message);
  });

  it.each([
    ['a missing first name', { ...VALID, firstName: undefined }, 'firstName'],
    ['a blank last name', { ...VALID, lastName: '   ' }, 'lastName'],
    ['a bad email', { ...VALID, email: 'not-an-email' }, 'email'],
    ['an empty subject', { ...VALID, subject: '' }, 'subject'],
    ['an overlong message', { ...VALID, message: 'x'.repeat(5001) }, 'message'],
    ['a non-string message', { ...VALID, message: 42 }, 'message'],
    ['a subject with a line break', { ...VALID, subject: 'Hi\r\nBcc: x@example.com' }, 'subject'],
  ])('answers 400 for %s and stores nothing', async (label, body, field) => {
    const before = await ctx.db.query(`SELECT count(*)::int AS n FROM support_messages`);
    // Invalid attempts count towards the limit too, so each case has its own address.
    const res = await send(body, `203.0.113.${100 + label.length}`);
    expect(res.statusCode).toBe(400);
    const error = ErrorResponseSchema.parse(res.json());
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(error)).toContain(field);
    const after = await ctx.db.query(`SELECT count(*)::int AS n FROM support_messages`);
    expect(after[0].n).toBe(before[0].n);
  });

  it('answers 400 for a body that is not an object', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/support-messages',
      headers: { 'content-type': 'application/json' },
      payload: '"hello"',
      remoteAddress: '203.0.113.3',
    });
    expect(res.statusCode).toBe(400);
  });

  it('limits messages per IP with 429 in the error shape', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await send({ ...VALID, subject: `Attempt ${i}` }, '198.51.100.7');
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        const body = ErrorResponseSchema.parse(res.json());
        expect(body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
        expect(res.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    // Another IP keeps its own budget.
    expect((await send(VALID, '198.51.100.8')).statusCode).toBe(201);
  });
});
