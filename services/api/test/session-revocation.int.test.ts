import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JwtService } from '@nestjs/jwt';
import { ErrorResponseSchema, MeResponseSchema } from '@slotwise/contracts';
import { JWT_SIGNING_KEY } from '../src/modules/auth/auth.constants.js';
import { CONCURRENT_REFRESH_GRACE_MS } from '../src/modules/auth/services/session.service.js';
import {
  bearer,
  json,
  latestMessage,
  PASSWORD,
  refreshCookie,
  type SignedInOwner,
  signUpOwner,
} from './support/auth.js';
import { createTestContext, type TestContext } from './support/test-app.js';

// An access token lives 15 minutes, but only while its session does: signing out, a password
// change or reset, and a refresh token's reuse end the session's access at once.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

const me = (accessToken: string) =>
  ctx.request({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) });

function expectSignedIn(res: { statusCode: number; json(): unknown }, owner: SignedInOwner) {
  expect(res.statusCode).toBe(200);
  expect(MeResponseSchema.parse(res.json()).user.id).toBe(owner.userId);
}

function expectRefused(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(401);
  expect(ErrorResponseSchema.parse(res.json()).code).toBe('UNAUTHORIZED');
}

/** Another sign-in of the same owner: a second session (another device). */
async function secondSession(owner: SignedInOwner) {
  const res = await ctx.post('/api/auth/login', { email: owner.email, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  return {
    accessToken: (res.json() as { accessToken: string }).accessToken,
    refreshToken: refreshCookie(res)!,
  };
}

const refresh = (cookie: string) =>
  ctx.request({ method: 'POST', url: '/api/auth/refresh', cookies: { sw_refresh: cookie } });

describe('access tokens end with their session', () => {
  it('signing out ends that session at once, and only that one', async () => {
    const owner = await signUpOwner(ctx);
    const other = await secondSession(owner);
    expectSignedIn(await me(owner.accessToken), owner);
    const out = await ctx.request({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { sw_refresh: owner.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expectRefused(await me(owner.accessToken));
    // An owner route too, not only /me.
    expectRefused(
      await ctx.request({
        method: 'GET',
        url: `/api/business/owner/${owner.userId}`,
        headers: bearer(owner.accessToken),
      }),
    );
    expectSignedIn(await me(other.accessToken), owner);
  });

  it('signing out with only the access token ends that session, refresh cookie included', async () => {
    const owner = await signUpOwner(ctx);
    const other = await secondSession(owner);
    const out = await ctx.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(owner.accessToken),
    });
    expect(out.statusCode).toBe(204);
    expectRefused(await me(owner.accessToken));
    expectRefused(await refresh(owner.refreshToken));
    // Only that session.
    expectSignedIn(await me(other.accessToken), owner);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('a forged access token on sign-out ends nothing', async () => {
    const owner = await signUpOwner(ctx);
    const [, payload] = owner.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object;
    const forged = await new JwtService().signAsync(claims, { secret: 'not-the-key' });
    const out = await ctx.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(forged),
    });
    expect(out.statusCode).toBe(204);
    expectSignedIn(await me(owner.accessToken), owner);
  });

  it('a password change ends the other sessions at once and keeps this one', async () => {
    const owner = await signUpOwner(ctx);
    const other = await secondSession(owner);
    const changed = await ctx.request({
      ...json(
        'POST',
        '/api/auth/change-password',
        { currentPassword: PASSWORD, newPassword: 'a much better secret' },
        owner.accessToken,
      ),
      cookies: { sw_refresh: owner.refreshToken },
    });
    expect(changed.statusCode).toBe(200);
    expectRefused(await me(other.accessToken));
    expectSignedIn(await me(owner.accessToken), owner);
  });

  it("without the refresh cookie, a change keeps the access token's own session", async () => {
    const owner = await signUpOwner(ctx);
    const other = await secondSession(owner);
    const changed = await ctx.request(
      json(
        'POST',
        '/api/auth/change-password',
        { currentPassword: PASSWORD, newPassword: 'a much better secret' },
        owner.accessToken,
      ),
    );
    expect(changed.statusCode).toBe(200);
    expectSignedIn(await me(owner.accessToken), owner);
    expect((await refresh(owner.refreshToken)).statusCode).toBe(200);
    expectRefused(await me(other.accessToken));
  });

  it('a password reset ends every session at once', async () => {
    const owner = await signUpOwner(ctx);
    const other = await secondSession(owner);
    expect((await ctx.post('/api/auth/forgot-password', { email: owner.email })).statusCode).toBe(
      200,
    );
    const body = (await latestMessage(ctx, owner.email))!.body;
    const token = decodeURIComponent(/\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(body)![1]!);
    const reset = await ctx.post('/api/auth/reset-password', {
      token,
      password: 'a much better secret',
    });
    expect(reset.statusCode).toBe(200);
    expectRefused(await me(owner.accessToken));
    expectRefused(await me(other.accessToken));
  });

  it("a refresh token's reuse ends that session's access tokens, old and new", async () => {
    const owner = await signUpOwner(ctx);
    const other = await secondSession(owner);
    const rotated = await refresh(owner.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const newAccess = (rotated.json() as { accessToken: string }).accessToken;
    expectSignedIn(await me(newAccess), owner);
    const start = ctx.clock.now();
    ctx.clock.set(start.add({ milliseconds: CONCURRENT_REFRESH_GRACE_MS }));
    try {
      expect((await refresh(owner.refreshToken)).statusCode).toBe(401);
    } finally {
      ctx.clock.set(start);
    }
    expectRefused(await me(newAccess));
    expectRefused(await me(owner.accessToken));
    expectSignedIn(await me(other.accessToken), owner);
  });

  it('refuses a validly signed token that names no session', async () => {
    const owner = await signUpOwner(ctx);
    const secret = ctx.app.get<string>(JWT_SIGNING_KEY, { strict: false });
    const jwt = new JwtService();
    const sign = (payload: object) =>
      jwt.sign(payload, { secret, algorithm: 'HS256', expiresIn: 900 });
    expectRefused(await me(sign({ sub: owner.userId, email: owner.email })));
    expectRefused(await me(sign({ sub: owner.userId, email: owner.email, sid: 'nope' })));
    expectRefused(
      await me(
        sign({
          sub: owner.userId,
          email: owner.email,
          sid: '00000000-0000-4000-8000-000000000000',
        }),
      ),
    );
  });
});
