import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { clientKey } from '../../../core/throttling/client-key.js';
import {
  type RateLimitRule,
  RateLimitService,
} from '../../../core/throttling/rate-limit.service.js';
import { throwRateLimited } from '../../../core/throttling/rate-limited.js';
import { normalisePhone } from '../../customer/index.js';

export const BOOKING_RATE_LIMITED_MESSAGE =
  'Too many bookings from your connection. Please wait a few minutes and try again, or call the business.';
export const PHONE_RATE_LIMITED_MESSAGE =
  'Too many bookings for this phone number. Please try again later, or call the business.';
export const SELF_SERVICE_RATE_LIMITED_MESSAGE =
  'Too many requests from your connection. Please wait a few minutes and try again.';

interface PublicRequest {
  ip?: string;
  body?: { phone?: unknown };
}

/** A public route's limits, counted in Redis so every API process shares them. */
abstract class PublicRateLimitGuard implements CanActivate {
  constructor(
    private readonly rateLimits: RateLimitService,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
  ) {}

  abstract canActivate(context: ExecutionContext): Promise<boolean>;

  /** Counts one hit of `key` against `rule`; over budget, the request is refused (429). */
  protected async limit(
    context: ExecutionContext,
    rule: RateLimitRule,
    key: string,
    message: string,
  ): Promise<void> {
    const wait = await this.rateLimits.hit(rule, key);
    if (wait !== null) throwRateLimited(context, wait, message);
  }

  protected request(context: ExecutionContext): PublicRequest {
    return context.switchToHttp().getRequest<PublicRequest>();
  }
}

/**
 * Public bookings (POST /api/appointments): BOOKING_RATE_LIMIT_PER_IP per client IP per 10
 * minutes and BOOKING_RATE_LIMIT_PER_PHONE per phone number per hour. Without them one client can
 * fill a diary and spend the business's hourly SMS budget in seconds.
 */
@Injectable()
export class BookingRateLimitGuard extends PublicRateLimitGuard {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = this.request(context);
    await this.limit(
      context,
      { name: 'booking-ip', points: this.config.BOOKING_RATE_LIMIT_PER_IP, durationSec: 10 * 60 },
      clientKey(req.ip),
      BOOKING_RATE_LIMITED_MESSAGE,
    );
    // However it is typed ('0412…', '+61 412…'): one number, one budget. A number that is not
    // one is refused by validation after this guard.
    const phone =
      typeof req.body?.phone === 'string' ? normalisePhone(req.body.phone.slice(0, 40)) : null;
    if (phone) {
      await this.limit(
        context,
        {
          name: 'booking-phone',
          points: this.config.BOOKING_RATE_LIMIT_PER_PHONE,
          durationSec: 60 * 60,
        },
        phone,
        PHONE_RATE_LIMITED_MESSAGE,
      );
    }
    return true;
  }
}

/**
 * The customer's links (cancel, reschedule and their details): SELF_SERVICE_RATE_LIMIT_PER_IP per
 * client IP per 10 minutes, shared through Redis; also slows guessing at link tokens.
 */
@Injectable()
export class SelfServiceRateLimitGuard extends PublicRateLimitGuard {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.limit(
      context,
      {
        name: 'self-service-ip',
        points: this.config.SELF_SERVICE_RATE_LIMIT_PER_IP,
        durationSec: 10 * 60,
      },
      clientKey(this.request(context).ip),
      SELF_SERVICE_RATE_LIMITED_MESSAGE,
    );
    return true;
  }
}
