import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { type Business, BusinessSchema, DevOutboxMessageSchema } from '@slotwise/contracts';
import type { TestContext } from './test-app.js';

export const PASSWORD = 'correct horse battery';

/** A unique address per call (and per run, so Redis counters of earlier runs never interfere). */
export function uniqueEmail(label = 'owner'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

export function json(
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: unknown,
  token?: string,
) {
  return {
    method,
    url,
    payload: JSON.stringify(payload),
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  } as const;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** The newest development-mailbox message to `to`. */
export async function latestMessage(ctx: TestContext, to: string) {
  const res = await ctx.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const list = DevOutboxMessageSchema.array().parse(res.json());
  return list[0];
}

export function tokenFromLink(body: string): string {
  const match = /\/verify-email\?token=([A-Za-z0-9_%-]+)/.exec(body);
  if (!match) throw new Error(`No verification link in: ${body}`);
  return decodeURIComponent(match[1]!);
}

/** The refresh cookie's value from a response's Set-Cookie header. */
export function refreshCookie(res: InjectResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const line = all.find((c) => c.startsWith('sw_refresh='));
  return line ? line.slice('sw_refresh='.length).split(';')[0] : undefined;
}

export interface SignedInOwner {
  email: string;
  userId: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * Register → read the link from the outbox → verify → sign in. `headers`: sent with each step
 * (an `X-Forwarded-For` of its own, where a test counts one address's attempts).
 */
export async function signUpOwner(
  ctx: TestContext,
  email = uniqueEmail(),
  headers: Record<string, string> = {},
): Promise<SignedInOwner> {
  const post = (url: string, payload: unknown) => {
    const request = json('POST', url, payload);
    return ctx.request({ ...request, headers: { ...request.headers, ...headers } });
  };
  const reg = await post('/api/auth/register', { email, password: PASSWORD });
  if (reg.statusCode !== 201) throw new Error(`register ${reg.statusCode}: ${reg.body}`);
  const message = await latestMessage(ctx, email);
  const verify = await post('/api/auth/verify-email', { token: tokenFromLink(message!.body) });
  if (verify.statusCode !== 200) throw new Error(`verify ${verify.statusCode}: ${verify.body}`);
  const login = await post('/api/auth/login', { email, password: PASSWORD });
  if (login.statusCode !== 200) throw new Error(`login ${login.statusCode}: ${login.body}`);
  const body = login.json() as { accessToken: string; user: { id: string } };
  return {
    email,
    userId: body.user.id,
    accessToken: body.accessToken,
    refreshToken: refreshCookie(login)!,
  };
}

/** The business created with the owner's account, read through the owner route. */
export async function ownerBusiness(ctx: TestContext, owner: SignedInOwner): Promise<Business> {
  const res = await ctx.request({
    method: 'GET',
    url: `/api/business/owner/${owner.userId}`,
    headers: bearer(owner.accessToken),
  });
  if (res.statusCode !== 200) throw new Error(`owner business ${res.statusCode}: ${res.body}`);
  return BusinessSchema.parse(res.json());
}
