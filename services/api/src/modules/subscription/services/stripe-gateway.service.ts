import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import Stripe from 'stripe';
import { ErrorCode, SubscriptionMessages } from '@slotwise/contracts';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { callStripe, newStripeClient } from '../../../core/stripe/stripe-support.js';

export interface BillingSetup {
  stripe: Stripe;
  priceId: string;
  publishableKey: string;
}

export function isStripeMissingResource(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.code === 'resource_missing';
}

/**
 * The one Stripe client. Without keys the product still runs: every billing call
 * answers the spec's configuration error instead.
 */
@Injectable()
export class StripeGateway implements OnModuleInit {
  private readonly logger = new Logger('Stripe');
  private readonly client: Stripe | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.client = config.STRIPE_SECRET_KEY
      ? newStripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_URL)
      : null;
  }

  /** Said once at start-up, so whoever runs `npm start` knows why /subscribe cannot take payments. */
  onModuleInit(): void {
    if (!this.configured) {
      this.logger.warn(
        'Payments are not configured: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_PRICE_ID ' +
          "(and STRIPE_WEBHOOK_SECRET) to take subscriptions; until then /subscribe shows 'Unable to Process Payment'.",
      );
    }
  }

  get configured(): boolean {
    return Boolean(
      this.client && this.config.STRIPE_PUBLISHABLE_KEY && this.config.STRIPE_PRICE_ID,
    );
  }

  /** The SDK with the Professional price and the publishable key, or the configuration error. */
  setup(): BillingSetup {
    if (!this.client || !this.config.STRIPE_PUBLISHABLE_KEY) {
      throw new DomainException(
        ErrorCode.PAYMENTS_NOT_CONFIGURED,
        SubscriptionMessages.notConfigured,
      );
    }
    if (!this.config.STRIPE_PRICE_ID) {
      throw new DomainException(ErrorCode.PAYMENTS_NOT_CONFIGURED, SubscriptionMessages.noPriceId);
    }
    return {
      stripe: this.client,
      priceId: this.config.STRIPE_PRICE_ID,
      publishableKey: this.config.STRIPE_PUBLISHABLE_KEY,
    };
  }

  /** What webhooks need: the SDK (to re-read subscriptions) and the signing secret. */
  webhookSetup(): { stripe: Stripe; secret: string; priceId: string | undefined } {
    if (!this.client || !this.config.STRIPE_WEBHOOK_SECRET) {
      throw new DomainException(
        ErrorCode.PAYMENTS_NOT_CONFIGURED,
        SubscriptionMessages.webhookNotConfigured,
      );
    }
    return {
      stripe: this.client,
      secret: this.config.STRIPE_WEBHOOK_SECRET,
      priceId: this.config.STRIPE_PRICE_ID,
    };
  }

  /** Runs a Stripe request; Stripe's refusals and outages become a 502 in our error shape. */
  call<T>(what: string, request: () => Promise<T>): Promise<T> {
    return callStripe(this.logger, what, request);
  }
}
