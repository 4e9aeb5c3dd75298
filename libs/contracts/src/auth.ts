import { z } from 'zod';
import { safeNextPath } from './next-path.js';

/**
 * Rules for a new password (sign-up, reset, change), with their exact messages. The API also
 * refuses passwords from a list of common ones (`tooCommon`); that list stays on the server, out
 * of the browser bundles.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PasswordMessages = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  onlySpaces: 'Password cannot be only spaces',
  tooLong: 'Password is too long',
  tooCommon: 'This password is too common. Please choose one that is harder to guess.',
} as const;
/** Signing in still accepts what earlier rules allowed (at least 6 characters). */
const SIGN_IN_PASSWORD_MIN_LENGTH = 6;
/** An email address, compared without regard to case (documented with `format: email`). */
export const EmailSchema = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address').max(254, 'Email address is too long'))
  .meta({ format: 'email' });
const email = EmailSchema;
const signInPassword = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(SIGN_IN_PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters')
  .max(200, PasswordMessages.tooLong);
const password = z
  .string({ error: PasswordMessages.tooShort })
  // One message at a time: a short password of spaces is 'too short'.
  .min(PASSWORD_MIN_LENGTH, { error: PasswordMessages.tooShort, abort: true })
  .max(200, { error: PasswordMessages.tooLong, abort: true })
  .refine((v) => v.trim() !== '', PasswordMessages.onlySpaces);
const confirmPassword = z.string().min(PASSWORD_MIN_LENGTH, PasswordMessages.tooShort);

/** The confirmation field of the forms that set a password. */
const passwordsMatch = {
  message: "Passwords don't match",
  path: ['confirmPassword'],
};

/** POST /api/auth/login */
export const LoginRequestSchema = z.object({ email, password: signInPassword });
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/**
 * POST /api/auth/register. `next`: where the owner was going (`/subscribe` from Pricing); the
 * verification link carries it back to sign-in. Anything but a path of this site is dropped.
 */
export const RegisterRequestSchema = z.object({
  email,
  password,
  next: z
    .string()
    .optional()
    .transform((next) => safeNextPath(next) ?? undefined),
});
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

/** The Register tab's form: the request plus a confirmation checked on the client. */
export const RegisterFormSchema = z
  .object({
    email,
    password,
    confirmPassword,
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);
export type RegisterForm = z.input<typeof RegisterFormSchema>;

/** POST /api/auth/forgot-password: the same answer whether or not the email has an account. */
export const ForgotPasswordRequestSchema = z.object({ email });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequestSchema>;

/** POST /api/auth/reset-password: the emailed link's token and the new password. */
const invalidResetToken = 'This password reset link is invalid or has expired.';
export const ResetPasswordRequestSchema = z.object({
  token: z.string({ error: invalidResetToken }).min(16, invalidResetToken).max(200),
  password,
});
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequestSchema>;

/** The reset page's form: the new password and its confirmation (the token comes from the link). */
export const ResetPasswordFormSchema = z
  .object({
    password,
    confirmPassword,
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);
export type ResetPasswordForm = z.input<typeof ResetPasswordFormSchema>;

const currentPassword = z
  .string({ error: 'Please enter your current password' })
  .min(1, 'Please enter your current password')
  .max(200, PasswordMessages.tooLong);

/** POST /api/auth/change-password (signed in): keeps this session, signs out the others. */
export const ChangePasswordRequestSchema = z.object({ currentPassword, newPassword: password });
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;

/** Settings' Change password form: the request plus a confirmation checked on the client. */
export const ChangePasswordFormSchema = z
  .object({
    currentPassword,
    newPassword: password,
    confirmPassword,
  })
  .refine((v) => v.newPassword === v.confirmPassword, passwordsMatch);
export type ChangePasswordForm = z.input<typeof ChangePasswordFormSchema>;

/** POST /api/auth/verify-email */
export const VerifyEmailRequestSchema = z.object({
  token: z
    .string({ error: 'token is required' })
    .min(16, 'Invalid or expired verification link')
    .max(200),
});

export const AuthUserSchema = z.object({
  /** uuid */
  id: z.string(),
  email: z.string(),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

/** Answer of login and refresh (the refresh token travels only in the httpOnly cookie). */
export const SessionResponseSchema = z.object({
  accessToken: z.string(),
  user: AuthUserSchema,
  /** Sign-in only: true when it is the account's very first (the shell says 'Welcome!'). */
  firstSignIn: z.boolean().optional(),
});
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** GET /api/auth/me. `hasPassword` is false for accounts that only ever signed in with Google. */
export const MeResponseSchema = z.object({ user: AuthUserSchema, hasPassword: z.boolean() });
export type MeResponse = z.infer<typeof MeResponseSchema>;

/** Register and verify answer a message only, so they never reveal whether an email exists. */
export const MessageResponseSchema = z.object({ message: z.string() });

/** Which sign-in providers the Auth screen may offer. */
export const AuthProvidersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const AuthMessages = {
  registered: 'Account created! Please check your email to verify your account.',
  verified: 'Your email is verified. You can sign in now.',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified:
    'Please verify your email address before signing in. We have sent you a new link.',
  invalidVerificationToken: 'This verification link is invalid or has expired.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  googleNotConfigured: 'Google sign-in is not configured on this server.',
  resetLinkSent: 'If an account exists for that email, we have sent a link to reset your password.',
  invalidResetToken,
  passwordReset:
    'Your password has been changed and every session has been signed out. Please sign in with your new password.',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  wrongCurrentPassword: 'Current password is incorrect',
  noPasswordYet:
    'Your account has no password yet: it signs in with Google. Use "Forgot password?" to set one.',
} as const;

/** The refresh token's cookie (set by sign-in, read by refresh, sign-out and password change). */
export const REFRESH_COOKIE_NAME = 'sw_refresh';
