import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionResponseSchema } from '@slotwise/contracts';
import { UserEntity } from '../src/modules/auth/entities/user.entity.js';
import { PASSWORD, refreshCookie, uniqueEmail } from './support/auth.js';
import { startFakeIssuer } from './support/fake-oidc-issuer.js';
import { createTestContext, type TestContext } from './support/test-app.js';

const CLIENT_ID = 'slotwise-test-client';
let ctx: TestContext;
let issuer: Awaited<ReturnType<typeof startFakeIssuer>>;

beforeAll(async () => {
  issuer = await startFakeIssuer(CLIENT_ID);
  ctx = await createTestContext({
    env: {
      PUBLIC_URL: 'http://localhost:8080',
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_ISSUER: issuer.issuer,
    },
    logLevels: [],
  });
});

afterAll(async () => {
  await ctx?.close();
  await issuer?.close();
});

function cookieValue(res: { headers: Record<string, unknown> }, name: string) {
  const header = res.headers['set-cookie'];
  const all = (Array.isArray(header) ? header : [header]).map(String);
  const line = all.find((c) => c.startsWith(`${name}=`));
  return line?.slice(name.length + 1).split(';')[0];
}

/** GET /api/auth/google, then the callback as Google would send the browser back. */
async function signInWithGoogle(email: string, emailVerified = true) {
  const start = await ctx.get('/api/auth/google');
  expect(start.statusCode).toBe(302);
  const location = new URL(String(start.headers.location));
  expect(location.origin + location.pathname).toBe(`${issuer.issuer}/authorize`);
  expect(location.searchParams.get('redirect_uri')).toBe(
    'http://localhost:8080/api/auth/google/callback',
  );
  expect(location.searchParams.get('code_challenge_method')).toBe('S256');
  const stateCookie = cookieValue(start, 'sw_oidc')!;
  const code = issuer.issueCode({ email, emailVerified }, location.searchParams.get('nonce')!);
  return ctx.request({
    method: 'GET',
    url: `/api/auth/google/callback?code=${code}&state=${location.searchParams.get('state')}`,
    cookies: { sw_oidc: stateCookie },
  });
}

describe('Google sign-in (OpenID Connect)', () => {
  it('reports Google as configured', async () => {
    expect((await ctx.get('/api/auth/providers')).json()).toEqual({ google: true });
  });

  it('creates a verified account, sets the refresh cookie and lands on /dashboard', async () => {
    const email = uniqueEmail('google');
    const callback = await signInWithGoogle(email.toUpperCase());
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('http://localhost:8080/dashboard');
    const refresh = await ctx.request({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { sw_refresh: refreshCookie(callback)! },
    });
    expect(refresh.statusCode).toBe(200);
    expect(SessionResponseSchema.parse(refresh.json()).user.email).toBe(email);
    const user = await ctx.db.getRepository(UserEntity).findOneByOrFail({ email });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user.passwordHash).toBeNull();
    // A password sign-in for a Google-only account is an ordinary 401.
    const login = await ctx.post('/api/auth/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(401);
  });

  it("takes over an unverified account's email and drops the password someone set on it", async () => {
    const email = uniqueEmail('squatted');
    await ctx.post('/api/auth/register', { email, password: PASSWORD });
    const callback = await signInWithGoogle(email);
    expect(callback.headers.location).toBe('http://localhost:8080/dashboard');
    const user = await ctx.db.getRepository(UserEntity).findOneByOrFail({ email });
    expect(user.passwordHash).toBeNull();
    expect((await ctx.post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
  });

  it('refuses an unverified Google email, a wrong state and a missing state cookie', async () => {
    const unverified = await signInWithGoogle(uniqueEmail(), false);
    expect(unverified.headers.location).toBe('http://localhost:8080/auth?error=google');
    expect(refreshCookie(unverified)).toBeUndefined();

    const start = await ctx.get('/api/auth/google');
    const location = new URL(String(start.headers.location));
    const code = issuer.issueCode(
      { email: uniqueEmail(), emailVerified: true },
      location.searchParams.get('nonce')!,
    );
    const wrongState = await ctx.request({
      method: 'GET',
      url: `/api/auth/google/callback?code=${code}&state=forged`,
      cookies: { sw_oidc: cookieValue(start, 'sw_oidc')! },
    });
    expect(wrongState.headers.location).toBe('http://localhost:8080/auth?error=google');
    const noCookie = await ctx.get(`/api/auth/google/callback?code=${code}&state=x`);
    expect(noCookie.headers.location).toBe('http://localhost:8080/auth?error=google');
  });
});

describe('Google sign-in when Google does not answer', () => {
  it('sends the browser back to the Auth screen', async () => {
    const down = await createTestContext({
      env: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: 'test-secret',
        // Nothing listens on the discard port.
        GOOGLE_ISSUER: 'http://127.0.0.1:9',
      },
      logLevels: [],
    });
    try {
      const res = await down.get('/api/auth/google');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('http://localhost:8080/auth?error=google');
    } finally {
      await down.close();
    }
  });
});

describe('Google sign-in when not configured', () => {
  it('answers 404 with a clear message', async () => {
    const plain = await createTestContext();
    try {
      expect((await plain.get('/api/auth/providers')).json()).toEqual({ google: false });
      const res = await plain.get('/api/auth/google');
      expect(res.statusCode).toBe(404);
      expect((res.json() as { message: string }).message).toBe(
        'Google sign-in is not configured on this server.',
      );
    } finally {
      await plain.close();
    }
  });
});
