import { describe, expect, it } from 'vitest';
import {
  ChangePasswordFormSchema,
  ChangePasswordRequestSchema,
  ForgotPasswordRequestSchema,
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
    ).toEqual({ password: 'Password must be at least 6 characters' });
    expect(
      validate(ResetPasswordRequestSchema, { token: 'short', password: 'secret1' }).errors,
    ).toEqual({ token: 'This password reset link is invalid or has expired.' });
    expect(
      validate(ChangePasswordRequestSchema, { currentPassword: '', newPassword: '123' }).errors,
    ).toEqual({
      currentPassword: 'Please enter your current password',
      newPassword: 'Password must be at least 6 characters',
    });
  });

  it("says 'Passwords don't match' on the confirmation of both forms", () => {
    expect(
      validate(ResetPasswordFormSchema, { password: 'secret1', confirmPassword: 'secret2' }).errors,
    ).toEqual({ confirmPassword: "Passwords don't match" });
    expect(
      validate(ChangePasswordFormSchema, {
        currentPassword: 'old',
        newPassword: 'secret1',
        confirmPassword: 'secret2',
      }).errors,
    ).toEqual({ confirmPassword: "Passwords don't match" });
  });
});
