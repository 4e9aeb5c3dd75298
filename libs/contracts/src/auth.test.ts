import { describe, expect, it } from 'vitest';
import {
  ChangePasswordFormSchema,
  ChangePasswordRequestSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  RegisterFormSchema,
  RegisterRequestSchema,
  ResetPasswordFormSchema,
  ResetPasswordRequestSchema,
} from './auth.js';
import { validate } from './form-validation.js';

describe('password contracts', () => {
  it('normalises the forgot-password address like sign-in', () => {
    expect(ForgotPasswordRequestSchema.parse({ email: ' Owner@Example.com ' })).toEqual({
      email: 'owner@example.com',
    });
    expect(validate(ForgotPasswordRequestSchema, { email: 'nope' }).errors).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it("keeps sign-up's password rules for a reset and a change", () => {
    expect(
      validate(ResetPasswordRequestSchema, { token: 'x'.repeat(43), password: '123' }).errors,
    ).toEqual({ password: 'Password must be at least 8 characters' });
    expect(
      validate(ResetPasswordRequestSchema, { token: 'short', password: 'secret12' }).errors,
    ).toEqual({ token: 'This password reset link is invalid or has expired.' });
    expect(
      validate(ChangePasswordRequestSchema, { currentPassword: '', newPassword: '123' }).errors,
    ).toEqual({
      currentPassword: 'Please enter your current password',
      newPassword: 'Password must be at least 8 characters',
    });
  });

  it('refuses new passwords under 8 characters or of spaces only, wherever one is set', () => {
    const spaces = ' '.repeat(8);
    expect(
      validate(RegisterRequestSchema, { email: 'a@b.co', password: '1234567' }).errors,
    ).toEqual({ password: 'Password must be at least 8 characters' });
    expect(validate(RegisterRequestSchema, { email: 'a@b.co', password: spaces }).errors).toEqual({
      password: 'Password cannot be only spaces',
    });
    expect(
      validate(RegisterFormSchema, { email: 'a@b.co', password: spaces, confirmPassword: spaces })
        .errors,
    ).toEqual({ password: 'Password cannot be only spaces' });
    expect(
      validate(ResetPasswordRequestSchema, { token: 'x'.repeat(43), password: spaces }).errors,
    ).toEqual({ password: 'Password cannot be only spaces' });
    expect(
      validate(ChangePasswordRequestSchema, { currentPassword: 'old', newPassword: spaces }).errors,
    ).toEqual({ newPassword: 'Password cannot be only spaces' });
    expect(
      validate(RegisterRequestSchema, { email: 'a@b.co', password: ' spaced out ' }).errors,
    ).toBeNull();
  });

  it('still signs in with a password set under the earlier 6-character rule', () => {
    expect(validate(LoginRequestSchema, { email: 'a@b.co', password: 'abc123' }).errors).toBeNull();
  });

  it("says 'Passwords don't match' on the confirmation of both forms", () => {
    expect(
      validate(ResetPasswordFormSchema, { password: 'secret12', confirmPassword: 'secret22' })
        .errors,
    ).toEqual({ confirmPassword: "Passwords don't match" });
    expect(
      validate(ChangePasswordFormSchema, {
        currentPassword: 'old',
        newPassword: 'secret12',
        confirmPassword: 'secret22',
      }).errors,
    ).toEqual({ confirmPassword: "Passwords don't match" });
  });
});
