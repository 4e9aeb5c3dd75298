import { Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { ErrorCode } from '@slotwise/contracts';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { clientKey } from '../../../core/throttling/client-key.js';

export const SUPPORT_RATE_LIMITED_MESSAGE =
  'Too many messages. Please wait a minute and try again.';

/** The contact form's budget: AUTH_RATE_LIMIT messages per minute per client IP. */
@Injectable()
export class SupportThrottlerGuard extends ThrottlerGuard {
  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    return `support|${clientKey(req.ip as string | undefined)}`;
  }

  protected override async throwThrottlingException(): Promise<void> {
    throw new DomainException(ErrorCode.RATE_LIMITED, SUPPORT_RATE_LIMITED_MESSAGE);
  }
}
