import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorResponseSchema,
  googleEmailMismatchMessage,
  SessionResponseSchema,
  TeamMessages,
} from '@slotwise/contracts';
import { UserEntity } from '../src/modules/auth/entities/user.entity.js';
import {
  json,
  ownerBusiness,
  PASSWORD,
  refreshCookie,
  signUpOwner,
  uniqueEmail,
} from './support/auth.js';
import { startFakeIssuer } from './support/fake-oidc-issuer.js';
import { invitationToken } from './support/team.js';
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
async function signInWithGoogle(
  email: string,
  emailVerified = true,
  startUrl = '/api/auth/google',
) {
  const start = await ctx.get(startUrl);
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

describe('Google on /join (accepting an invitation)', () => {
  const ACCEPT = '/api/invitations/accept';

  async function invite(email: string) {
    const owner = await signUpOwner(ctx);
    const businessId = (await ownerBusiness(ctx, owner)).id;
    const res = await ctx.request(
      json(
        'POST',
        `/api/business/${businessId}/invitations`,
        { email, role: 'staff' },
        owner.accessToken,
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    return { businessId, token: await invitationToken(ctx, email) };
  }

  /** Google's answer for an invitation: back to /join with the proof cookie (and nothing else). */
  async function chooseGoogle(token: string, email: string) {
    const callback = await signInWithGoogle(
      email,
      true,
      `/api/auth/google?invitation=${encodeURIComponent(token)}`,
    );
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(
      `http://localhost:8080/join?token=${encodeURIComponent(token)}&google=1`,
    );
    // No session yet, and no account for the address until the invitation accepts it.
    expect(refreshCookie(callback)).toBeUndefined();
    const header = [callback.headers['set-cookie']].flat().map(String);
    expect(header.find((c) => c.startsWith('sw_google_join='))).toMatch(
      /Path=\/api\/invitations\/accept.*HttpOnly|HttpOnly.*Path=\/api\/invitations\/accept/,
    );
    return cookieValue(callback, 'sw_google_join')!;
  }

  const accept = (token: string, proof?: string) =>
    ctx.request({
      ...json('POST', ACCEPT, { token, google: true }),
      ...(proof ? { cookies: { sw_google_join: proof } } : {}),
    });

  it('creates the invited account through Google and links the membership to it', async () => {
    const email = uniqueEmail('google-join');
    const { businessId, token } = await invite(email);
    const proof = await chooseGoogle(token, email);
    expect(await ctx.db.getRepository(UserEntity).existsBy({ email })).toBe(false);
    const joined = await accept(token, proof);
    expect(joined.statusCode, joined.body).toBe(200);
    const session = SessionResponseSchema.parse(joined.json());
    expect(session.user.email).toBe(email);
    // The proof is spent with it.
    expect(cookieValue(joined, 'sw_google_join')).toBe('');
    const user = await ctx.db.getRepository(UserEntity).findOneByOrFail({ email });
    expect(user.passwordHash).toBeNull();
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    const [member] = await ctx.db.query(
      `SELECT role FROM memberships WHERE business_id = $1 AND user_id = $2`,
      [businessId, user.id],
    );
    expect(member).toEqual({ role: 'staff' });
    // Single use, as with a password.
    const again = await accept(token, await chooseGoogle(token, email));
    expect(ErrorResponseSchema.parse(again.json()).code).toBe('LINK_INVALID');
  });

  it('links an existing account of the invited address, keeping its password', async () => {
    const existing = await signUpOwner(ctx);
    const { businessId, token } = await invite(existing.email);
    const joined = await accept(token, await chooseGoogle(token, existing.email.toUpperCase()));
    expect(joined.statusCode, joined.body).toBe(200);
    expect(SessionResponseSchema.parse(joined.json()).user.id).toBe(existing.userId);
    const [member] = await ctx.db.query(
      `SELECT role FROM memberships WHERE business_id = $1 AND user_id = $2`,
      [businessId, existing.userId],
    );
    expect(member).toEqual({ role: 'staff' });
    const login = await ctx.post('/api/auth/login', { email: existing.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
  });

  it('refuses another Google address with a clear message, keeping the invitation', async () => {
    const invited = uniqueEmail('invited');
    const other = uniqueEmail('someone-else');
    const { token } = await invite(invited);
    const refused = await accept(token, await chooseGoogle(token, other));
    expect(refused.statusCode).toBe(403);
    expect(ErrorResponseSchema.parse(refused.json()).message).toBe(
      googleEmailMismatchMessage(invited, other),
    );
    expect(await ctx.db.getRepository(UserEntity).existsBy({ email: other })).toBe(false);
    // A proof made for another invitation, or none at all, is not taken either.
    const { token: second } = await invite(uniqueEmail('second'));
    const borrowed = await accept(token, await chooseGoogle(second, invited));
    expect(borrowed.statusCode).toBe(401);
    expect(ErrorResponseSchema.parse(borrowed.json()).message).toBe(TeamMessages.googleExpired);
    expect((await accept(token)).statusCode).toBe(401);
    // The invitation still works with the invited address.
    expect((await accept(token, await chooseGoogle(token, invited))).statusCode).toBe(200);
  });

  it('returns to /join with error=google when Google does not confirm the email', async () => {
    const email = uniqueEmail('unverified');
    const { token } = await invite(email);
    const callback = await signInWithGoogle(email, false, `/api/auth/google?invitation=${token}`);
    expect(callback.headers.location).toBe(
      `http://localhost:8080/join?token=${encodeURIComponent(token)}&error=google`,
    );
    expect(cookieValue(callback, 'sw_google_join')).toBeUndefined();
    const malformed = await ctx.get('/api/auth/google?invitation=not%20a%20token');
    expect(malformed.statusCode).toBe(400);
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
