import type {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  MeResponse,
  MessageResponse,
  ResetPasswordRequest,
  SessionResponse,
} from '../auth.js';
import { route } from './route.js';

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
  forgotPassword: route<MessageResponse, ForgotPasswordRequest>()('POST', 'auth/forgot-password'),
  resetPassword: route<MessageResponse, ResetPasswordRequest>()('POST', 'auth/reset-password'),
  changePassword: route<MessageResponse, ChangePasswordRequest>()('POST', 'auth/change-password'),
  providers: route<{ google: boolean }>()('GET', 'auth/providers'),
  google: route<void>()('GET', 'auth/google'),
  googleCallback: route<void>()('GET', 'auth/google/callback'),
} as const;
