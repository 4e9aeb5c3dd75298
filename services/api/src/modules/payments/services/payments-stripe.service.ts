import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { ErrorCode, PaymentMessages } from '@slotwise/contracts';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { callStripe, newStripeClient } from '../../../core/stripe/stripe-support.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';

/**
 * The Stripe client of bookings' payments (Connect). Needs only the secret and publishable keys
 * (not Billing's price): without them the payments state is 'not_configured' and no booking is
 * ever asked to pay.
 */
@Injectable()
export class PaymentsStripe {
  private readonly logger = new Logger('StripeConnect');
  private readonly client: Stripe | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.client =
      config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY
        ? newStripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_URL)
        : null;
  }

  get configured(): boolean {
    return this.client !== null;
  }

  get publishableKey(): string {
    return this.config.STRIPE_PUBLISHABLE_KEY ?? '';
  }

  get platformFeePercent(): number {
    return this.config.STRIPE_PLATFORM_FEE_PERCENT;
  }

  /** The platform's fee on an amount, rounded half up to the cent. */
  applicationFee(amountCents: number): number {
    return Math.floor((amountCents * Math.round(this.platformFeePercent * 100) + 5000) / 10000);
  }

  /** A page of the platform's Stripe dashboard (its test-mode pages with test keys). */
  dashboardUrl(path: string): string {
    const test = /^(sk|rk)_test_/.test(this.config.STRIPE_SECRET_KEY ?? '');
    return `https://dashboard.stripe.com/${test ? 'test/' : ''}${path}`;
  }

  stripe(): Stripe {
    if (!this.client) {
      throw new DomainException(ErrorCode.PAYMENTS_NOT_CONFIGURED, PaymentMessages.notConfigured);
    }
    return this.client;
  }

  /** The SDK and the Connect endpoint's signing secret. */
  connectWebhookSetup(): { stripe: Stripe; secret: string } {
    if (!this.client || !this.config.STRIPE_CONNECT_WEBHOOK_SECRET) {
      throw new DomainException(
        ErrorCode.PAYMENTS_NOT_CONFIGURED,
        PaymentMessages.connectWebhookNotConfigured,
      );
    }
    return { stripe: this.client, secret: this.config.STRIPE_CONNECT_WEBHOOK_SECRET };
  }

  /** Runs a Stripe request; Stripe's refusals and outages become a 502 in our error shape. */
  call<T>(what: string, request: (stripe: Stripe) => Promise<T>): Promise<T> {
    const stripe = this.stripe();
    return callStripe(this.logger, what, () => request(stripe));
  }
}
