import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthMessages,
  ErrorCode,
  ErrorResponseSchema,
  MeResponseSchema,
  MessageResponseSchema,
} from '@slotwise/contracts';
import { OutboxMessageEntity } from '../src/modules/outbox/entities/outbox-message.entity.js';
import { FORGOT_PASSWORD_MIN_RESPONSE_MS } from '../src/modules/auth/auth.constants.js';
import { UserEntity } from '../src/modules/auth/index.js';
import {
  bearer,
  json,
  latestMessage,
  PASSWORD,
  refreshCookie,
  type SignedInOwner,
  signUpOwner,
  uniqueEmail,
} from './support/auth.js';
import { createTestContext, type TestContext } from './support/test-app.js';

const NEW_PASSWORD = 'a brand new secret';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL: 'https://app.slotwise.example' } });
});

afterAll(async () => {
  await ctx?.close();
});

function expectError(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  return ErrorResponseSchema.parse(res.json());
}

const refresh = (cookie: string) =>
  ctx.request({ method: 'POST', url: '/api/auth/refresh', cookies: { sw_refresh: cookie } });

const login = (email: string, password: string) => ctx.post('/api/auth/login', { email, password });

const forgot = (email: string) => ctx.post('/api/auth/forgot-password', { email });

const reset = (token: string, password = NEW_PASSWORD) =>
  ctx.post('/api/auth/reset-password', { token, password });

const changePassword = (
  owner: SignedInOwner,
  body: { currentPassword: string; newPassword: string },
  cookie: string | undefined = owner.refreshToken,
) =>
  ctx.request({
    ...json('POST', '/api/auth/change-password', body, owner.accessToken),
    ...(cookie ? { cookies: { sw_refresh: cookie } } : {}),
  });

const mailCount = (to: string) =>
  ctx.db.getRepository(OutboxMessageEntity).countBy({ recipient: to });

function resetTokenFrom(body: string): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(body);
  if (!match) throw new Error(`No reset link in: ${body}`);
  return decodeURIComponent(match[1]!);
}

/** Asks for a link for `email` and reads it from the development mailbox. */
async function resetToken(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(200);
  const message = await latestMessage(ctx, email);
  expect(message?.kind).toBe('password-reset');
  return resetTokenFrom(message!.body);
}

describe('forgot password', () => {
  it('emails one link for a known address and nothing for an unknown one, with the same answer', async () => {
    const owner = await signUpOwner(ctx);
    const before = await mailCount(owner.email);
    const known = await forgot(` ${owner.email.toUpperCase()} `);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: AuthMessages.resetLinkSent });

    expect(await mailCount(owner.email)).toBe(before + 1);
    const message = await latestMessage(ctx, owner.email);
    expect(message).toMatchObject({
      channel: 'email',
      to: owner.email,
      kind: 'password-reset',
      status: 'pending',
      subject: 'Reset your Slotwise password',
    });
    expect(message!.body).toContain('https://app.slotwise.example/reset-password?token=');
    expect(message!.body).toContain('expires in 1 hour');
    expect(resetTokenFrom(message!.body).length).toBeGreaterThanOrEqual(43);

    const stranger = uniqueEmail('nobody');
    const totalBefore = await ctx.db.getRepository(OutboxMessageEntity).count();
    const unknown = await forgot(stranger);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    expect(await mailCount(stranger)).toBe(0);
    expect(await ctx.db.getRepository(OutboxMessageEntity).count()).toBe(totalBefore);
  });

  it('answers an unknown address no sooner than a known one would be', async () => {
    const started = performance.now();
    const res = await forgot(uniqueEmail('nobody'));
    expect(res.statusCode).toBe(200);
    // A little slack for timer granularity.
    expect(performance.now() - started).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MIN_RESPONSE_MS - 5);
  });

  it('validates the address like sign-in does', async () => {
    const bad = await ctx.post('/api/auth/forgot-password', { email: 'not-an-email' });
    expect(expectError(bad, 400).message).toBe('Please enter a valid email address');
    expectError(await ctx.post('/api/auth/forgot-password', {}), 400);
  });
});

describe('reset password', () => {
  it('sets the new password once: the old one and a second use of the link are refused', async () => {
    const owner = await signUpOwner(ctx);
    const token = await resetToken(owner.email);

    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect(MessageResponseSchema.parse(done.json()).message).toBe(AuthMessages.passwordReset);

    expect((await login(owner.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(expectError(await login(owner.email, PASSWORD), 401).message).toBe(
      AuthMessages.invalidCredentials,
    );

    const again = await reset(token, 'yet another secret');
    expect(expectError(again, 400)).toMatchObject({
      code: ErrorCode.LINK_INVALID,
      message: AuthMessages.invalidResetToken,
    });
    expect((await login(owner.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a link after its hour', async () => {
    const owner = await signUpOwner(ctx);
    const token = await resetToken(owner.email);
    const start = ctx.clock.now();
    ctx.clock.set(start.add({ minutes: 61 }));
    try {
      const late = await reset(token);
      expect(expectError(late, 400)).toMatchObject({
        code: ErrorCode.LINK_INVALID,
        message: AuthMessages.invalidResetToken,
      });
    } finally {
      ctx.clock.set(start);
    }
    expect((await login(owner.email, PASSWORD)).statusCode).toBe(200);
  });

  it('still works just before the hour ends', async () => {
    const owner = await signUpOwner(ctx);
    const token = await resetToken(owner.email);
    const start = ctx.clock.now();
    ctx.clock.set(start.add({ minutes: 59 }));
    try {
      expect((await reset(token)).statusCode).toBe(200);
    } finally {
      ctx.clock.set(start);
    }
  });

  it('refuses unknown and malformed tokens, and a new password the sign-up rules refuse', async () => {
    const unknown = await reset('x'.repeat(43));
    expect(expectError(unknown, 400).code).toBe(ErrorCode.LINK_INVALID);
    expectError(await ctx.post('/api/auth/reset-password', { password: NEW_PASSWORD }), 400);

    const owner = await signUpOwner(ctx);
    const token = await resetToken(owner.email);
    const short = await reset(token, '12345');
    expect(expectError(short, 400).message).toBe('Password must be at least 8 characters');
    // The refused attempt did not spend the link.
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('signs out every session of the owner, and only theirs', async () => {
    const owner = await signUpOwner(ctx);
    const secondDevice = refreshCookie(await login(owner.email, PASSWORD))!;
    const other = await signUpOwner(ctx);

    expect((await reset(await resetToken(owner.email))).statusCode).toBe(200);

    expect(expectError(await refresh(owner.refreshToken), 401).message).toBe(
      AuthMessages.sessionExpired,
    );
    expectError(await refresh(secondDevice), 401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('spends the other links asked for before the reset', async () => {
    const owner = await signUpOwner(ctx);
    const first = await resetToken(owner.email);
    const second = await resetToken(owner.email);
    expect(second).not.toBe(first);
    expect((await reset(second)).statusCode).toBe(200);
    expect(expectError(await reset(first, 'a third secret'), 400).code).toBe(
      ErrorCode.LINK_INVALID,
    );
  });

  it('verifies an unverified account, since the link proves the address', async () => {
    const email = uniqueEmail();
    await ctx.post('/api/auth/register', { email, password: PASSWORD });
    expect((await login(email, PASSWORD)).statusCode).toBe(403);
    expect((await reset(await resetToken(email))).statusCode).toBe(200);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('gives an account without a password (Google only) its first password', async () => {
    const email = uniqueEmail('google');
    const { identifiers } = await ctx.db
      .getRepository(UserEntity)
      .insert({ email, passwordHash: null, emailVerifiedAt: new Date() });
    const userId = (identifiers[0] as { id: string }).id;
    expect((await reset(await resetToken(email))).statusCode).toBe(200);
    const signedIn = await login(email, NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const me = await ctx.request({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer((signedIn.json() as { accessToken: string }).accessToken),
    });
    expect(MeResponseSchema.parse(me.json())).toEqual({
      user: { id: userId, email },
      hasPassword: true,
    });
  });
});

describe('change password', () => {
  it('needs the right current password, shown as an error of that field', async () => {
    const owner = await signUpOwner(ctx);
    const wrong = await changePassword(owner, {
      currentPassword: 'not my password',
      newPassword: NEW_PASSWORD,
    });
    // Not a 401: the client would take it for an expired session and refresh.
    expect(expectError(wrong, 400)).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: AuthMessages.wrongCurrentPassword,
      issues: [{ path: 'currentPassword', message: AuthMessages.wrongCurrentPassword }],
    });
    expect((await login(owner.email, PASSWORD)).statusCode).toBe(200);
    expect((await refresh(owner.refreshToken)).statusCode).toBe(200);

    const short = await changePassword(owner, { currentPassword: PASSWORD, newPassword: '123' });
    expect(expectError(short, 400).message).toBe('Password must be at least 8 characters');
  });

  it('keeps the current session, ends the others, and leaves other owners alone', async () => {
    const owner = await signUpOwner(ctx);
    const otherDevice = refreshCookie(await login(owner.email, PASSWORD))!;
    const other = await signUpOwner(ctx);

    const done = await changePassword(owner, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: AuthMessages.passwordChanged });

    expect((await refresh(owner.refreshToken)).statusCode).toBe(200);
    expectError(await refresh(otherDevice), 401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
    expect((await login(owner.email, NEW_PASSWORD)).statusCode).toBe(200);
    expectError(await login(owner.email, PASSWORD), 401);
  });

  it("ignores another owner's refresh cookie: it cannot shield the caller's other sessions", async () => {
    const owner = await signUpOwner(ctx);
    const otherDevice = refreshCookie(await login(owner.email, PASSWORD))!;
    const other = await signUpOwner(ctx);
    const done = await changePassword(
      owner,
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      other.refreshToken,
    );
    expect(done.statusCode).toBe(200);
    expectError(await refresh(otherDevice), 401);
    // The access token's own session is the caller's, and stays.
    expect((await refresh(owner.refreshToken)).statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('spends reset links asked for before the change', async () => {
    const owner = await signUpOwner(ctx);
    const token = await resetToken(owner.email);
    await changePassword(owner, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(expectError(await reset(token, 'a third secret'), 400).code).toBe(
      ErrorCode.LINK_INVALID,
    );
  });

  it('tells an owner without a password to use the reset link instead', async () => {
    const owner = await signUpOwner(ctx);
    await ctx.db.getRepository(UserEntity).update({ id: owner.userId }, { passwordHash: null });
    const me = await ctx.request({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(owner.accessToken),
    });
    expect(MeResponseSchema.parse(me.json()).hasPassword).toBe(false);
    const res = await changePassword(owner, {
      currentPassword: 'anything',
      newPassword: NEW_PASSWORD,
    });
    expect(expectError(res, 400).issues).toEqual([
      { path: 'currentPassword', message: AuthMessages.noPasswordYet },
    ]);
  });

  it('needs a signed-in owner', async () => {
    const res = await ctx.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expectError(res, 401);
  });
});

describe('rate limits', () => {
  let limited: TestContext;

  beforeAll(async () => {
    limited = await createTestContext({ env: { AUTH_RATE_LIMIT: '3' } });
  });

  afterAll(async () => {
    await limited?.close();
  });

  it('limits forgot-password per IP and email, like sign-in', async () => {
    const email = uniqueEmail('flood');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await limited.post('/api/auth/forgot-password', { email })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const other = await limited.post('/api/auth/forgot-password', { email: uniqueEmail() });
    expect(other.statusCode).toBe(200);
  });

  it('limits reset attempts per link', async () => {
    const token = 'y'.repeat(43);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await limited.post('/api/auth/reset-password', { token, password: NEW_PASSWORD }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
  it('limits guesses at the current password per session', async () => {
    const owner = await signUpOwner(limited);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await limited.request({
        ...json(
          'POST',
          '/api/auth/change-password',
          { currentPassword: `guess ${i}`, newPassword: NEW_PASSWORD },
          owner.accessToken,
        ),
        cookies: { sw_refresh: owner.refreshToken },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
