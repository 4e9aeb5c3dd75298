import { Controller, Inject, Logger, Req, Res } from '@nestjs/common';
import { apiPath, apiRoutes } from '@slotwise/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { Route } from '../../../core/http/route.decorator.js';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, REFRESH_TOKEN_TTL_DAYS } from '../auth.constants.js';
import { type GoogleLoginState, GoogleOidcService } from '../services/google-oidc.service.js';

export const GOOGLE_STATE_COOKIE = 'sw_oidc';
const GOOGLE_STATE_PATH = apiPath(apiRoutes.auth.google);

function parseState(value: string | undefined): GoogleLoginState | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as GoogleLoginState;
    return typeof parsed.state === 'string' &&
      typeof parsed.nonce === 'string' &&
      typeof parsed.codeVerifier === 'string'
      ? parsed
      : null;
  } catch {
    return null;
  }
}

/**
 * Google sign-in: `GET /api/auth/google` redirects to Google; Google sends the browser back to
 * `/api/auth/google/callback`, which sets the refresh cookie and redirects to /dashboard (or to
 * /auth?error=google). The shell's start-up refresh then picks the session up.
 */
@Controller()
export class GoogleAuthController {
  private readonly logger = new Logger(GoogleAuthController.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly google: GoogleOidcService,
  ) {}

  @Route(apiRoutes.auth.google)
  async start(@Res() reply: FastifyReply): Promise<void> {
    this.google.assertEnabled();
    let started: Awaited<ReturnType<GoogleOidcService['start']>>;
    try {
      started = await this.google.start();
    } catch (error) {
      // Google unreachable or misconfigured: back to the Auth screen, which says sign-in failed.
      this.logger.error(`Google sign-in could not start: ${(error as Error).message}`);
      reply
        .header('cache-control', 'no-store')
        .redirect(this.google.publicUrl('/auth?error=google'), 302);
      return;
    }
    const { url, state } = started;
    reply
      .setCookie(GOOGLE_STATE_COOKIE, Buffer.from(JSON.stringify(state)).toString('base64url'), {
        ...this.cookieBase(GOOGLE_STATE_PATH),
        maxAge: 600,
      })
      .header('cache-control', 'no-store')
      .redirect(url, 302);
  }

  @Route(apiRoutes.auth.googleCallback)
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const saved = parseState(request.cookies[GOOGLE_STATE_COOKIE]);
    reply.clearCookie(GOOGLE_STATE_COOKIE, this.cookieBase(GOOGLE_STATE_PATH));
    reply.header('cache-control', 'no-store');
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    try {
      if (!saved) throw new Error('No sign-in in progress (missing or expired state cookie)');
      const session = await this.google.finish(query, saved);
      reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
        ...this.cookieBase(REFRESH_COOKIE_PATH),
        maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400,
      });
      reply.redirect(this.google.publicUrl('/dashboard'), 302);
    } catch (error) {
      this.logger.warn(`Google sign-in failed: ${(error as Error).message}`);
      reply.redirect(this.google.publicUrl('/auth?error=google'), 302);
    }
  }

  private cookieBase(path: string) {
    return {
      httpOnly: true,
      // Lax: the callback is a top-level GET navigation from Google, which Lax cookies accompany.
      sameSite: 'lax' as const,
      path,
      secure: this.config.PUBLIC_URL?.startsWith('https:') ?? false,
    };
  }
}
