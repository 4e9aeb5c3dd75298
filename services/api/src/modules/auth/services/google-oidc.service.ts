import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import * as oidc from 'openid-client';
import { DataSource, type EntityManager } from 'typeorm';
import { AuthMessages, ErrorCode } from '@slotwise/contracts';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { UserEntity } from '../entities/user.entity.js';
import { publicLink } from '../../../core/http/public-url.js';
import { type IssuedSession, SessionService } from './session.service.js';

/** What the browser keeps (httpOnly cookie) between the redirect to Google and the callback. */
export interface GoogleLoginState {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Started from /join: the invitation's token, to return there (no account is made here). */
  invitation?: string;
}

export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';

/**
 * The account of an email Google verified: created without a password when new; an existing one
 * that was never verified loses the password someone set on it (Google proved who owns the
 * address) and becomes verified.
 */
export async function googleAccount(
  em: EntityManager,
  email: string,
  now: Date,
): Promise<UserEntity> {
  await em
    .createQueryBuilder()
    .insert()
    .into(UserEntity)
    .values({ email, passwordHash: null, emailVerifiedAt: now })
    .orIgnore()
    .execute();
  const found = await em.findOneOrFail(UserEntity, {
    where: { email },
    lock: { mode: 'pessimistic_write' },
  });
  if (!found.emailVerifiedAt) {
    await em.update(UserEntity, { id: found.id }, { emailVerifiedAt: now, passwordHash: null });
    Object.assign(found, { emailVerifiedAt: now, passwordHash: null });
  }
  return found;
}

/** Google sign-in through OpenID Connect (authorization code with PKCE, state and nonce). */
@Injectable()
export class GoogleOidcService {
  private readonly logger = new Logger(GoogleOidcService.name);
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly sessions: SessionService,
  ) {}

  get enabled(): boolean {
    return !!(this.config.GOOGLE_CLIENT_ID && this.config.GOOGLE_CLIENT_SECRET);
  }

  publicUrl(path: string): string {
    return publicLink(this.config.PUBLIC_URL, path);
  }

  /** The discovered issuer, fetched once (and again after a failure). */
  /** 404 'Google sign-in is not configured on this server.' unless both settings are there. */
  assertEnabled(): void {
    if (!this.enabled) {
      throw new DomainException(ErrorCode.NOT_FOUND, AuthMessages.googleNotConfigured);
    }
  }

  private discover(): Promise<oidc.Configuration> {
    this.assertEnabled();
    if (!this.configuration) {
      const issuer = new URL(this.config.GOOGLE_ISSUER);
      // Plain http only for a local test issuer, never in production.
      const insecure = issuer.protocol === 'http:' && this.config.NODE_ENV !== 'production';
      this.configuration = oidc
        .discovery(
          issuer,
          this.config.GOOGLE_CLIENT_ID!,
          this.config.GOOGLE_CLIENT_SECRET!,
          undefined,
          insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          this.configuration = null;
          throw error;
        });
    }
    return this.configuration;
  }

  /** Where to send the browser, and the state to keep in a cookie until it comes back. */
  async start(invitation?: string): Promise<{ url: string; state: GoogleLoginState }> {
    const configuration = await this.discover();
    const state: GoogleLoginState = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      ...(invitation ? { invitation } : {}),
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.publicUrl(GOOGLE_CALLBACK_PATH),
      scope: 'openid email',
      response_type: 'code',
      state: state.state,
      nonce: state.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(state.codeVerifier),
      code_challenge_method: 'S256',
      prompt: 'select_account',
    });
    return { url: url.href, state };
  }

  /**
   * Completes the sign-in: only a Google-verified email is accepted. A new email becomes an
   * account without a password; an existing one is signed in. An existing account that was never
   * verified loses the password someone set on it (Google proved who owns the address).
   */
  async finish(query: string, saved: GoogleLoginState): Promise<IssuedSession> {
    const email = await this.verifiedEmail(query, saved);
    const now = toDate(this.clock.now());
    const user = await this.dataSource.transaction((em) => googleAccount(em, email, now));
    this.logger.log(`Google sign-in for user ${user.id}`);
    return this.sessions.start(user);
  }

  /** Google's answer checked (state, nonce, PKCE): the email Google verified, in lower case. */
  async verifiedEmail(query: string, saved: GoogleLoginState): Promise<string> {
    const configuration = await this.discover();
    const callbackUrl = new URL(`${this.publicUrl(GOOGLE_CALLBACK_PATH)}?${query}`);
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: saved.codeVerifier,
      expectedState: saved.state,
      expectedNonce: saved.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email || claims?.email_verified !== true) {
      throw new DomainException(ErrorCode.UNAUTHORIZED, 'Google did not confirm an email address');
    }
    return email;
  }
}
