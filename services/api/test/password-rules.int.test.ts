import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, ErrorResponseSchema, PasswordMessages } from '@slotwise/contracts';
import {
  json,
  latestMessage,
  PASSWORD,
  type SignedInOwner,
  signUpOwner,
  uniqueEmail,
} from './support/auth.js';
import { PasswordHasher } from '../src/modules/auth/services/password-hasher.service.js';
import { createTestContext, type TestContext } from './support/test-app.js';

// A new password (sign-up, reset, change) has at least 8 characters, is not only spaces and is not
// one of the common passwords; the answer names the field, in the error shape.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

const WEAK: [password: string, message: string][] = [
  ['123456', PasswordMessages.tooShort],
  ['      ', PasswordMessages.tooShort],
  ['        ', PasswordMessages.onlySpaces],
  ['password', PasswordMessages.tooCommon],
  ['12345678', PasswordMessages.tooCommon],
  // The list is lower case; case and surrounding spaces do not make a common password rare.
  ['Password1', PasswordMessages.tooCommon],
  [' iloveyou ', PasswordMessages.tooCommon],
];

function expectRefused(
  res: { statusCode: number; json(): unknown },
  path: string,
  message: string,
) {
  expect(res.statusCode).toBe(400);
  const error = ErrorResponseSchema.parse(res.json());
  expect(error).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message });
  expect(error.issues).toEqual([{ path, message }]);
}

async function resetToken(email: string): Promise<string> {
  expect((await ctx.post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
  const body = (await latestMessage(ctx, email))!.body;
  return decodeURIComponent(/\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(body)![1]!);
}

const changePassword = (owner: SignedInOwner, newPassword: string) =>
  ctx.request({
    ...json(
      'POST',
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword },
      owner.accessToken,
    ),
    cookies: { sw_refresh: owner.refreshToken },
  });

describe('new passwords', () => {
  it.each(WEAK)('sign-up refuses %j', async (password, message) => {
    const email = uniqueEmail();
    expectRefused(await ctx.post('/api/auth/register', { email, password }), 'password', message);
    // No account was made: the address can still sign up with a good password.
    const ok = await ctx.post('/api/auth/register', { email, password: 'tram lines at dusk' });
    expect(ok.statusCode).toBe(201);
  });

  it('a reset refuses weak passwords and keeps the link for a good one', async () => {
    const owner = await signUpOwner(ctx);
    const token = await resetToken(owner.email);
    for (const [password, message] of WEAK) {
      expectRefused(
        await ctx.post('/api/auth/reset-password', { token, password }),
        'password',
        message,
      );
    }
    const ok = await ctx.post('/api/auth/reset-password', {
      token,
      password: 'tram lines at dusk',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('a change refuses weak passwords on newPassword and keeps the old one', async () => {
    const owner = await signUpOwner(ctx);
    for (const [password, message] of WEAK) {
      expectRefused(await changePassword(owner, password), 'newPassword', message);
    }
    const login = await ctx.post('/api/auth/login', { email: owner.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect((await changePassword(owner, 'tram lines at dusk')).statusCode).toBe(200);
  });

  it('signing in still takes a password set under the earlier 6-character rule', async () => {
    const owner = await signUpOwner(ctx);
    // An account from before the rule: its password is short and common.
    const hash = await new PasswordHasher().hash('123456');
    await ctx.db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [hash, owner.userId]);
    const res = await ctx.post('/api/auth/login', { email: owner.email, password: '123456' });
    expect(res.statusCode).toBe(200);
  });
});
