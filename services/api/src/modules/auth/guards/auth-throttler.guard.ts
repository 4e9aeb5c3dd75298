import { type ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { ErrorCode } from '@slotwise/contracts';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { REFRESH_COOKIE } from '../auth.constants.js';
import { sha256Hex } from '../../../core/crypto/secure-token.js';

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

interface ThrottledRequest {
  ip?: string;
  body?: { email?: unknown; token?: unknown };
  cookies?: Record<string, string | undefined>;
}

/**
 * Counts attempts per client IP and per subject: the email address (register, login, forgot
 * password), the refresh cookie (refresh, change password) or the link's token (verify-email,
 * reset password). So many owners behind one office IP do not share one budget, while guessing
 * at one account is limited.
 */
@Injectable()
export class AuthThrottlerGuard extends ThrottlerGuard {
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
    return `${String(ip)}|${subject}`;
  }

  protected override async throwThrottlingException(): Promise<void> {
    throw new DomainException(ErrorCode.RATE_LIMITED, RATE_LIMITED_MESSAGE);
  }
}
