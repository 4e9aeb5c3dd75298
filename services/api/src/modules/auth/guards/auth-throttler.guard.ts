import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import { ErrorCode } from '@slotwise/contracts';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { clientKey } from '../../../core/throttling/client-key.js';
import { RateLimitService } from '../../../core/throttling/rate-limit.service.js';
import { throwRateLimited } from '../../../core/throttling/rate-limited.js';
import { REFRESH_COOKIE } from '../auth.constants.js';
import { sha256Hex } from '../../../core/crypto/secure-token.js';

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a minute and try again.';
export const RATE_LIMITED_MESSAGE_IP =
  'Too many attempts from your connection. Please wait 15 minutes and try again.';

interface ThrottledRequest {
  ip?: string;
  body?: { email?: unknown; token?: unknown };
  cookies?: Record<string, string | undefined>;
}

/** AUTH_IP_RATE_LIMIT's window: attempts from one client IP, whatever the account. */
const IP_WINDOW_SEC = 15 * 60;

/**
 * Counts attempts per client IP and subject: the email address (register, login, forgot
 * password), the refresh cookie (refresh, change password) or the link's token (verify-email,
 * reset password), AUTH_RATE_LIMIT a minute. So guessing at one account from one address is
 * limited, while the right password from another address still signs in (nobody can lock an
 * owner out). And per client IP alone, AUTH_IP_RATE_LIMIT per 15 minutes across every account:
 * one client trying many emails (password spraying) is stopped too. Refresh has no IP budget: the
 * shell calls it on every page load. The client IP is the socket's, or X-Forwarded-For's when
 * TRUST_PROXY names the proxy it came through.
 */
@Injectable()
export class AuthThrottlerGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly rateLimits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(options, storage, reflector);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getHandler().name !== 'refresh') {
      const { ip } = context.switchToHttp().getRequest<ThrottledRequest>();
      const rule = {
        name: 'auth-ip',
        points: this.config.AUTH_IP_RATE_LIMIT,
        durationSec: IP_WINDOW_SEC,
      };
      const wait = await this.rateLimits.hit(rule, clientKey(ip));
      if (wait !== null) throwRateLimited(context, wait, RATE_LIMITED_MESSAGE_IP);
    }
    return super.canActivate(context);
  }

  /**
   * The shell calls refresh on every page load; without a cookie the answer is an immediate 401
   * with no database work, so signed-out visitors are not counted.
   */
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<ThrottledRequest>();
    return context.getHandler().name === 'refresh' && !req.cookies?.[REFRESH_COOKIE];
  }

  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    const { ip, body, cookies } = req as ThrottledRequest;
    const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
    const cookie = cookies?.[REFRESH_COOKIE];
    const token = typeof body?.token === 'string' ? body.token : '';
    const subject = email
      ? `email:${email}`
      : cookie
        ? `session:${sha256Hex(cookie).slice(0, 16)}`
        : token
          ? `token:${sha256Hex(token).slice(0, 16)}`
          : '';
    return `${clientKey(ip)}|${subject}`;
  }

  protected override async throwThrottlingException(): Promise<void> {
    throw new DomainException(ErrorCode.RATE_LIMITED, RATE_LIMITED_MESSAGE);
  }
}
