import { Controller, Inject, Logger, Req, Res } from '@nestjs/common';
import { apiPath, apiRoutes, ErrorCode } from '@slotwise/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { Route } from '../../../core/http/route.decorator.js';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, REFRESH_TOKEN_TTL_DAYS } from '../auth.constants.js';
import { GOOGLE_JOIN_COOKIE, GoogleJoinProofs } from '../services/google-join-proofs.service.js';
import { type GoogleLoginState, GoogleOidcService } from '../services/google-oidc.service.js';

export const GOOGLE_STATE_COOKIE = 'sw_oidc';
const GOOGLE_STATE_PATH = apiPath(apiRoutes.auth.google);
/** The join proof goes only to the one request that uses it. */
const GOOGLE_JOIN_PATH = apiPath(apiRoutes.team.accept);
/** An invitation token as the emailed links carry it (base64url, 256 bits). */
const INVITATION_TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

/** `?invitation=`: absent, or a token's shape (400 otherwise). */
function invitationOf(request: FastifyRequest): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.invitation;
  if (value === undefined) return undefined;
  if (typeof value === 'string' && INVITATION_TOKEN.test(value)) return value;
  throw new DomainException(ErrorCode.VALIDATION_FAILED, 'The invitation link is incomplete', [
    { path: 'invitation', message: 'The invitation link is incomplete' },
  ]);
}

const joinPath = (token: string, outcome: 'google=1' | 'error=google') =>
  `/join?token=${encodeURIComponent(token)}&${outcome}`;

function parseState(value: string | undefined): GoogleLoginState | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as GoogleLoginState;
    return typeof parsed.state === 'string' &&
      typeof parsed.nonce === 'string' &&
      typeof parsed.codeVerifier === 'string' &&
      (parsed.invitation === undefined || typeof parsed.invitation === 'string')
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
 *
 * Started from an invitation (`?invitation=<token>`), Google's answer makes no account and no
 * session: it leaves a short-lived proof of the Google email in a cookie only
 * `POST /api/invitations/accept` receives, and returns to `/join?token=…&google=1`, whose accept
 * checks the email against the invitation's (or to `/join?token=…&error=google`).
 */
@Controller()
export class GoogleAuthController {
  private readonly logger = new Logger(GoogleAuthController.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly google: GoogleOidcService,
    private readonly proofs: GoogleJoinProofs,
  ) {}

  @Route(apiRoutes.auth.google)
  async start(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    this.google.assertEnabled();
    const invitation = invitationOf(request);
    let started: Awaited<ReturnType<GoogleOidcService['start']>>;
    try {
      started = await this.google.start(invitation);
    } catch (error) {
      // Google unreachable or misconfigured: back to the page it started from, which says so.
      this.logger.error(`Google sign-in could not start: ${(error as Error).message}`);
      reply.header('cache-control', 'no-store').redirect(this.failurePage(invitation), 302);
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
      if (saved.invitation) {
        const email = await this.google.verifiedEmail(query, saved);
        reply.setCookie(GOOGLE_JOIN_COOKIE, await this.proofs.issue(email, saved.invitation), {
          ...this.cookieBase(GOOGLE_JOIN_PATH),
          maxAge: this.proofs.ttlSeconds,
        });
        reply.redirect(this.google.publicUrl(joinPath(saved.invitation, 'google=1')), 302);
        return;
      }
      const session = await this.google.finish(query, saved);
      reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
        ...this.cookieBase(REFRESH_COOKIE_PATH),
        maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400,
      });
      reply.redirect(this.google.publicUrl('/dashboard'), 302);
    } catch (error) {
      this.logger.warn(`Google sign-in failed: ${(error as Error).message}`);
      reply.redirect(this.failurePage(saved?.invitation), 302);
    }
  }

  /** Where a failed Google sign-in returns: the Auth screen, or the invitation's /join page. */
  private failurePage(invitation: string | undefined): string {
    return this.google.publicUrl(
      invitation ? joinPath(invitation, 'error=google') : '/auth?error=google',
    );
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
