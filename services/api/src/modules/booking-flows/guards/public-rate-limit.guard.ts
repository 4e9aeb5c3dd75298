import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { clientKey } from '../../../core/throttling/client-key.js';
import { RateLimitService } from '../../../core/throttling/rate-limit.service.js';
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

/** A per-client limit of the public routes, counted in Redis so every API process shares it. */
@Injectable()
abstract class PublicRateLimitGuard implements CanActivate {
  constructor(
    private readonly rateLimits: RateLimitService,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
  ) {}

  abstract canActivate(context: ExecutionContext): Promise<boolean>;

  /** Counts one hit of `key`; over the limit, the request is refused (429) with `message`. */
  protected async limit(
    context: ExecutionContext,
    name: string,
    points: number,
    durationSec: number,
    key: string,
    message: string,
  ): Promise<void> {
    const wait = await this.rateLimits.hit({ name, points, durationSec }, key);
    if (wait !== null) throwRateLimited(context, wait, message);
  }
}

/**
 * Public bookings (POST /api/appointments): BOOKING_RATE_LIMIT_PER_IP per client IP per 10
 * minutes and BOOKING_RATE_LIMIT_PER_PHONE per phone number per hour. Without them one client
 * can fill a diary and spend the business's hourly SMS budget in seconds.
 */
@Injectable()
export class BookingRateLimitGuard extends PublicRateLimitGuard {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<PublicRequest>();
    const perIp = this.config.BOOKING_RATE_LIMIT_PER_IP;
    await this.limit(
      context,
      'booking-ip',
      perIp,
      10 * 60,
      clientKey(req.ip),
      BOOKING_RATE_LIMITED_MESSAGE,
    );
    // However it is typed ('0412…', '+61 412…'): one number, one budget. A number that is not
    // one is refused by validation after this guard.
    const phone =
      typeof req.body?.phone === 'string' ? normalisePhone(req.body.phone.slice(0, 40)) : null;
    if (phone) {
      const perPhone = this.config.BOOKING_RATE_LIMIT_PER_PHONE;
      await this.limit(
        context,
        'booking-phone',
        perPhone,
        60 * 60,
        phone,
        PHONE_RATE_LIMITED_MESSAGE,
      );
    }
    return true;
  }
}

/**
 * The customer's links (cancel, reschedule and its details): SELF_SERVICE_RATE_LIMIT_PER_IP per
 * client IP per 10 minutes; also slows guessing at link tokens.
 */
@Injectable()
export class SelfServiceRateLimitGuard extends PublicRateLimitGuard {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<PublicRequest>();
    const perIp = this.config.SELF_SERVICE_RATE_LIMIT_PER_IP;
    await this.limit(
      context,
      'self-service-ip',
      perIp,
      10 * 60,
      clientKey(req.ip),
      SELF_SERVICE_RATE_LIMITED_MESSAGE,
    );
    return true;
  }
}
