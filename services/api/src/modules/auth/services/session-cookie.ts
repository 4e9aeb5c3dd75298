import type { SessionResponse } from '@slotwise/contracts';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../../core/config/app-config.js';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, REFRESH_TOKEN_TTL_DAYS } from '../auth.constants.js';
import type { IssuedSession } from './session.service.js';

export function refreshCookieOptions(config: AppConfig) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: REFRESH_COOKIE_PATH,
    secure: config.PUBLIC_URL?.startsWith('https:') ?? false,
  };
}

/** A new session's answer: the refresh token as its cookie, the access token in the body. */
export function answerSession(
  reply: FastifyReply,
  session: IssuedSession,
  config: AppConfig,
): SessionResponse {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    ...refreshCookieOptions(config),
    maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400,
  });
  return {
    accessToken: session.accessToken,
    user: session.user,
    ...(session.firstSignIn === undefined ? {} : { firstSignIn: session.firstSignIn }),
  };
}
