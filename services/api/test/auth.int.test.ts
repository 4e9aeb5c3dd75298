import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthMessages,
  ErrorResponseSchema,
  MeResponseSchema,
  SessionResponseSchema,
} from '@slotwise/contracts';
import { OutboxMessageEntity } from '../src/modules/outbox/entities/outbox-message.entity.js';
import { CONCURRENT_REFRESH_GRACE_MS } from '../src/modules/auth/services/session.service.js';
import {
  bearer,
  latestMessage,
  PASSWORD,
  refreshCookie,
  signUpOwner,
  tokenFromLink,
  uniqueEmail,
} from './support/auth.js';
import { createTestContext, type TestContext } from './support/test-app.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL: 'https://app.slotwise.example' } });
});

afterAll(async () => {
  await ctx?.close();
});

function expectError(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = ErrorResponseSchema.parse(res.json());
  expect(body.statusCode).toBe(status);
  return body;
}

const refresh = (cookie?: string) =>
  ctx.request({
    method: 'POST',
    url: '/api/auth/refresh',
    ...(cookie ? { cookies: { sw_refresh: cookie } } : {}),
  });

describe('register → verify → login → me', () => {
  it('walks the whole flow, with the verification email in the outbox', async () => {
    const email = uniqueEmail();
    const reg = await ctx.post('/api/auth/register', {
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
    });
    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toEqual({ message: AuthMessages.registered });

    const message = await latestMessage(ctx, email);
    expect(message).toMatchObject({ channel: 'email', to: email, status: 'pending' });
    expect(message!.subject).toMatch(/verify/i);
    expect(message!.body).toContain('https://app.slotwise.example/verify-email?token=');
    const token = tokenFromLink(message!.body);
    expect(token.length).toBeGreaterThanOrEqual(22);

    // Not verified yet: refused with the clear message, and a fresh link is sent.
    const early = await ctx.post('/api/auth/login', { email, password: PASSWORD });
    expect(expectError(early, 403).message).toBe(AuthMessages.emailNotVerified);
    const fresh = await latestMessage(ctx, email);
    expect(fresh!.id).toBeGreaterThan(message!.id);

    const verify = await ctx.post('/api/auth/verify-email', { token });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ message: AuthMessages.verified });
    // A used link does not work twice.
    const again = await ctx.post('/api/auth/verify-email', { token });
    expect(expectError(again, 400).message).toBe(AuthMessages.invalidVerificationToken);

    const login = await ctx.post('/api/auth/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const session = SessionResponseSchema.parse(login.json());
    expect(session.user.email).toBe(email);
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/^sw_refresh=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    expect(setCookie).toMatch(/Secure/);

    const me = await ctx.request({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(session.accessToken),
    });
    expect(me.statusCode).toBe(200);
    expect(MeResponseSchema.parse(me.json()).user).toEqual(session.user);
  });

  it('refuses unknown, expired and malformed verification tokens with 400', async () => {
    const unknown = await ctx.post('/api/auth/verify-email', { token: 'x'.repeat(43) });
    expect(expectError(unknown, 400).message).toBe(AuthMessages.invalidVerificationToken);
    expectError(await ctx.post('/api/auth/verify-email', {}), 400);
    expectError(await ctx.post('/api/auth/verify-email', { token: 12 }), 400);

    const email = uniqueEmail();
    await ctx.post('/api/auth/register', { email, password: PASSWORD });
    const token = tokenFromLink((await latestMessage(ctx, email))!.body);
    const start = ctx.clock.now();
    ctx.clock.set(start.add({ hours: 25 }));
    try {
      const expired = await ctx.post('/api/auth/verify-email', { token });
      expect(expectError(expired, 400).message).toBe(AuthMessages.invalidVerificationToken);
    } finally {
      ctx.clock.set(start);
    }
  });

  it('answers a second registration of an existing email exactly like the first', async () => {
    const owner = await signUpOwner(ctx);
    const before = await ctx.db
      .getRepository(OutboxMessageEntity)
      .countBy({ recipient: owner.email });
    const again = await ctx.post('/api/auth/register', {
      email: owner.email,
      password: 'another password',
    });
    const fresh = await ctx.post('/api/auth/register', {
      email: uniqueEmail(),
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual(fresh.json());
    // The verified owner is told instead; their password is unchanged.
    const note = await latestMessage(ctx, owner.email);
    expect(note!.subject).toMatch(/already have/i);
    expect(
      await ctx.db.getRepository(OutboxMessageEntity).countBy({ recipient: owner.email }),
    ).toBe(before + 1);
    const old = await ctx.post('/api/auth/login', { email: owner.email, password: PASSWORD });
    expect(old.statusCode).toBe(200);
  });

  it('re-registering an unverified email sends a fresh working link', async () => {
    const email = uniqueEmail();
    await ctx.post('/api/auth/register', { email, password: PASSWORD });
    const first = await latestMessage(ctx, email);
    const second = await ctx.post('/api/auth/register', { email, password: PASSWORD });
    expect(second.statusCode).toBe(201);
    const link = await latestMessage(ctx, email);
    expect(link!.id).toBeGreaterThan(first!.id);
    expect(
      (await ctx.post('/api/auth/verify-email', { token: tokenFromLink(link!.body) })).statusCode,
    ).toBe(200);
  });

  it('keeps where the owner was going (a path of this site only) in the verification link', async () => {
    const going = uniqueEmail();
    await ctx.post('/api/auth/register', { email: going, password: PASSWORD, next: '/subscribe' });
    const link = (await latestMessage(ctx, going))!.body;
    expect(link).toMatch(/\/verify-email\?token=[^&\s]+&next=%2Fsubscribe\b/);
    expect(
      (await ctx.post('/api/auth/verify-email', { token: tokenFromLink(link) })).statusCode,
    ).toBe(200);

    for (const next of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      const email = uniqueEmail();
      const reg = await ctx.post('/api/auth/register', { email, password: PASSWORD, next });
      expect(reg.statusCode).toBe(201);
      expect((await latestMessage(ctx, email))!.body).not.toContain('next=');
    }
  });

  it('tells the very first sign-in by email and password apart from later ones', async () => {
    // signUpOwner registers, verifies and signs in once: that was the first.
    const owner = await signUpOwner(ctx);
    const again = await ctx.post('/api/auth/login', { email: owner.email, password: PASSWORD });
    expect(again.statusCode).toBe(200);
    expect(SessionResponseSchema.parse(again.json()).firstSignIn).toBe(false);
    // A new account signing in straight away, not through the verified page's link.
    const email = uniqueEmail();
    expect((await ctx.post('/api/auth/register', { email, password: PASSWORD })).statusCode).toBe(
      201,
    );
    const link = tokenFromLink((await latestMessage(ctx, email))!.body);
    expect((await ctx.post('/api/auth/verify-email', { token: link })).statusCode).toBe(200);
    const first = await ctx.post('/api/auth/login', { email, password: PASSWORD });
    expect(SessionResponseSchema.parse(first.json()).firstSignIn).toBe(true);
    const second = await ctx.post('/api/auth/login', { email, password: PASSWORD });
    expect(SessionResponseSchema.parse(second.json()).firstSignIn).toBe(false);
    // A refresh is not a sign-in: it says nothing about it.
    const refreshed = await refresh(refreshCookie(second)!);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).not.toHaveProperty('firstSignIn');
  });

  it('answers 401 with one message for a wrong password and an unknown email', async () => {
    const owner = await signUpOwner(ctx);
    const wrong = await ctx.post('/api/auth/login', {
      email: owner.email,
      password: 'wrong password',
    });
    expect(expectError(wrong, 401).message).toBe(AuthMessages.invalidCredentials);
    const unknown = await ctx.post('/api/auth/login', { email: uniqueEmail(), password: PASSWORD });
    expect(expectError(unknown, 401).message).toBe(AuthMessages.invalidCredentials);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('validates input with 400s, never 500s', async () => {
    for (const body of [
      {},
      { email: 'nope', password: PASSWORD },
      { email: uniqueEmail(), password: '123' },
      [],
      'x',
    ]) {
      for (const url of ['/api/auth/register', '/api/auth/login']) {
        const res = await ctx.post(url, body);
        expect(res.statusCode).toBe(400);
      }
    }
    const short = await ctx.post('/api/auth/register', { email: uniqueEmail(), password: '12345' });
    expect(expectError(short, 400).message).toBe('Password must be at least 8 characters');
  });
});

describe('sessions', () => {
  it('rotates the refresh token, and reuse of a rotated one revokes the whole family', async () => {
    const owner = await signUpOwner(ctx);
    const first = await refresh(owner.refreshToken);
    expect(first.statusCode).toBe(200);
    const session = SessionResponseSchema.parse(first.json());
    expect(session.user.id).toBe(owner.userId);
    const rotated = refreshCookie(first)!;
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(owner.refreshToken);

    // The old token again, after the concurrency window: 401, and the family (including the new
    // token) is revoked.
    const start = ctx.clock.now();
    ctx.clock.set(start.add({ milliseconds: CONCURRENT_REFRESH_GRACE_MS }));
    try {
      const reuse = await refresh(owner.refreshToken);
      expect(expectError(reuse, 401).message).toBe(AuthMessages.sessionExpired);
      expectError(await refresh(rotated), 401);
    } finally {
      ctx.clock.set(start);
    }

    // A separate sign-in is a separate family and keeps working.
    const login = await ctx.post('/api/auth/login', { email: owner.email, password: PASSWORD });
    expect((await refresh(refreshCookie(login))).statusCode).toBe(200);
  });

  it('lets two tabs refresh with the same cookie at once without signing the owner out', async () => {
    const owner = await signUpOwner(ctx);
    const [a, b] = await Promise.all([refresh(owner.refreshToken), refresh(owner.refreshToken)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const [tokenA, tokenB] = [refreshCookie(a)!, refreshCookie(b)!];
    expect(tokenA).not.toBe(tokenB);
    // Both successors stay usable: nothing was revoked.
    expect((await refresh(tokenA)).statusCode).toBe(200);
    expect((await refresh(tokenB)).statusCode).toBe(200);
  });

  it('refuses a missing, unknown or expired refresh cookie', async () => {
    expectError(await refresh(), 401);
    expectError(await refresh('not-a-real-token'), 401);
    const owner = await signUpOwner(ctx);
    const start = ctx.clock.now();
    ctx.clock.set(start.add({ hours: 31 * 24 }));
    try {
      expectError(await refresh(owner.refreshToken), 401);
    } finally {
      ctx.clock.set(start);
    }
  });

  it('logout revokes the family and clears the cookie', async () => {
    const owner = await signUpOwner(ctx);
    const out = await ctx.request({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { sw_refresh: owner.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/sw_refresh=;.*Path=\/api\/auth/);
    expectError(await refresh(owner.refreshToken), 401);
    // Without a cookie it still answers 204.
    expect((await ctx.request({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
  });

  it('GET /me needs a valid Bearer token', async () => {
    expectError(await ctx.get('/api/auth/me'), 401);
    expectError(
      await ctx.request({ method: 'GET', url: '/api/auth/me', headers: bearer('abc.def.ghi') }),
      401,
    );
  });
});

describe('providers and the development mailbox', () => {
  it('reports Google as not configured', async () => {
    const res = await ctx.get('/api/auth/providers');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google: false });
  });

  it('lists messages newest first', async () => {
    const res = await ctx.get('/api/dev/outbox');
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { id: number }[]).map((m) => m.id);
    expect(ids.length).toBeGreaterThan(1);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });
});
