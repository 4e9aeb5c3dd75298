import { z } from 'zod';

/** Sign-in and register rules, with their exact messages. */
export const PASSWORD_MIN_LENGTH = 6;
const email = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address').max(254, 'Email address is too long'));
const password = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters')
  .max(200, 'Password is too long');

/** POST /api/auth/login */
export const LoginRequestSchema = z.object({ email, password });
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** POST /api/auth/register */
export const RegisterRequestSchema = z.object({ email, password });
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

/** The Register tab's form: the request plus a confirmation checked on the client. */
export const RegisterFormSchema = z
  .object({
    email,
    password,
    confirmPassword: z.string().min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterForm = z.input<typeof RegisterFormSchema>;

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
});
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** GET /api/auth/me */
export const MeResponseSchema = z.object({ user: AuthUserSchema });

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
} as const;
