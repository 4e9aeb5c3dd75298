import { z } from 'zod';
import { ErrorCode } from '../error-codes.js';
import {
  AuthProvidersSchema,
  ChangePasswordRequestSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  MeResponseSchema,
  MessageResponseSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  SessionResponseSchema,
  VerifyEmailRequestSchema,
} from '../auth.js';
import { defineRoutes } from './route-spec.js';
import { authRoutes } from './auth.routes.js';

/** Where Google sends the browser back after sign-in (OpenID Connect's authorization answer). */
const GoogleStartQuerySchema = z.object({
  invitation: z.string().min(1).max(200).optional(),
});

const GoogleCallbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});

export const authSpecs = defineRoutes(authRoutes, {
  tag: {
    name: 'Sign-in',
    description:
      "Owners' accounts: register, verify, sign in (an access token, and a refresh cookie), passwords, Google.",
  },
  routes: {
    register: {
      summary: 'Register an owner account',
      description:
        'Emails a verification link. The same answer whether or not the address is already registered.',
      rateLimited: true,
      response: MessageResponseSchema,
      request: {
        body: RegisterRequestSchema,
        example: { email: 'owner@harbourhair.com.au', password: 'tide pools at dawn 42' },
      },
    },
    verifyEmail: {
      summary: "Verify an owner's email address with the emailed token",
      status: 200,
      rateLimited: true,
      errors: [ErrorCode.LINK_INVALID],
      response: MessageResponseSchema,
      request: {
        body: VerifyEmailRequestSchema,
        example: { token: 'q8V1yXk2m4Tn7Rb0Lc5Pd9Ws' },
      },
    },
    login: {
      summary: 'Sign in with email and password',
      description:
        'Answers an access token (Bearer, short-lived) and sets the refresh cookie (httpOnly) used by refresh.',
      status: 200,
      rateLimited: true,
      errors: [ErrorCode.UNAUTHORIZED, ErrorCode.FORBIDDEN],
      response: SessionResponseSchema,
      request: {
        body: LoginRequestSchema,
        example: { email: 'owner@harbourhair.com.au', password: 'tide pools at dawn 42' },
      },
    },
    refresh: {
      summary: 'A new access token from the refresh cookie',
      description: 'Rotates the refresh cookie; a reused cookie ends the whole session.',
      status: 200,
      access: 'refresh-cookie',
      rateLimited: true,
      response: SessionResponseSchema,
    },
    logout: {
      summary: 'Sign out: ends the session of the refresh cookie, if any',
      status: 204,
      response: null,
    },
    me: {
      summary: 'The signed-in owner',
      access: 'owner',
      response: MeResponseSchema,
    },
    forgotPassword: {
      summary: 'Email a single-use password reset link (one hour)',
      description: 'The same answer for unknown addresses.',
      status: 200,
      rateLimited: true,
      response: MessageResponseSchema,
      request: {
        body: ForgotPasswordRequestSchema,
        example: { email: 'owner@harbourhair.com.au' },
      },
    },
    resetPassword: {
      summary: "Set a new password from the emailed link's token",
      description: 'Ends every session of the account.',
      status: 200,
      rateLimited: true,
      errors: [ErrorCode.LINK_INVALID],
      response: MessageResponseSchema,
      request: {
        body: ResetPasswordRequestSchema,
        example: { token: 'q8V1yXk2m4Tn7Rb0Lc5Pd9Ws', password: 'a new passphrase, longer' },
      },
    },
    changePassword: {
      summary: "Change the signed-in owner's password",
      description: "Keeps the caller's session (its refresh cookie) and ends the others.",
      status: 200,
      access: 'owner',
      rateLimited: true,
      response: MessageResponseSchema,
      request: {
        body: ChangePasswordRequestSchema,
        example: {
          currentPassword: 'tide pools at dawn 42',
          newPassword: 'a new passphrase, longer',
        },
      },
    },
    providers: {
      summary: 'Which sign-in providers this server offers',
      noDatabase: true,
      response: AuthProvidersSchema,
    },
    google: {
      summary: 'Start Google sign-in (a browser navigation)',
      description:
        "Redirects to Google; 404 when Google sign-in is not configured on this server. With `invitation` (a /join link's token), Google's answer returns to `/join?token=…&google=1` with a short-lived proof of the Google email in a cookie for `POST /api/invitations/accept` (`google: true`), and no account is made until then.",
      status: 302,
      errors: [ErrorCode.NOT_FOUND],
      noDatabase: true,
      response: null,
      request: { query: GoogleStartQuerySchema },
    },
    googleCallback: {
      summary: "Google's answer to a sign-in (a browser navigation)",
      description:
        'Sets the refresh cookie and redirects to the dashboard, or back to the sign-in page with `?error=google` (for an invitation: back to `/join`, see `GET /api/auth/google`).',
      status: 302,
      response: null,
      request: { query: GoogleCallbackQuerySchema },
    },
  },
});
