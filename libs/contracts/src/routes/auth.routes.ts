// Zod-free: the front ends import this table without the schema library (see route-spec.ts).
import type {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  MeResponse,
  MessageResponse,
  ResetPasswordRequest,
  SessionResponse,
} from '../auth.js';
import { route } from './api-route.js';

export const authRoutes = {
  register: route<MessageResponse, { email: string; password: string; next?: string }>()(
    'POST',
    'auth/register',
  ),
  verifyEmail: route<MessageResponse, { token: string }>()('POST', 'auth/verify-email'),
  login: route<SessionResponse, { email: string; password: string }>()('POST', 'auth/login'),
  refresh: route<SessionResponse>()('POST', 'auth/refresh'),
  logout: route<void>()('POST', 'auth/logout'),
  me: route<MeResponse>()('GET', 'auth/me'),
  /** Emails a single-use reset link (one hour); the same answer for unknown addresses. */
  forgotPassword: route<MessageResponse, ForgotPasswordRequest>()('POST', 'auth/forgot-password'),
  /** Sets the password from the emailed link's token and ends every session. */
  resetPassword: route<MessageResponse, ResetPasswordRequest>()('POST', 'auth/reset-password'),
  /** Signed in: keeps the caller's session (refresh cookie), ends the others. */
  changePassword: route<MessageResponse, ChangePasswordRequest>()('POST', 'auth/change-password'),
  providers: route<{ google: boolean }>()('GET', 'auth/providers'),
  /** Browser navigations (redirects), not JSON calls. */
  google: route<void>()('GET', 'auth/google'),
  googleCallback: route<void>()('GET', 'auth/google/callback'),
} as const;
