import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { RepeatingService } from '../../../core/timers/repeating-task.js';
import { PaymentCharges } from '../services/payment-charges.service.js';
import { PaymentsStripe } from '../services/payments-stripe.service.js';

/**
 * In the worker, every PAYMENT_RETRY_INTERVAL_MS: fee and refund rows left 'pending' without
 * Stripe's answer for PAYMENT_RETRY_AFTER_MS (their process died between writing the row and
 * Stripe's answer) are sent again with the same Idempotency-Key, so Stripe answers the first
 * request's result if it had gone through, and the answer is applied as the first attempt would
 * have (PaymentCharges.retryStalePayments; a claim with SKIP LOCKED keeps two workers
 * from retrying the same row).
 */
@Injectable()
export class PaymentRetryRelay extends RepeatingService {
  private readonly logger = new Logger('PaymentRetry');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly payments: PaymentCharges,
    private readonly stripe: PaymentsStripe,
  ) {
    super(config.PAYMENT_RETRY_INTERVAL_MS);
  }

  async tick(): Promise<void> {
    if (!this.stripe.configured) return;
    try {
      const retried = await this.payments.retryStalePayments(this.config.PAYMENT_RETRY_AFTER_MS);
      if (retried) this.logger.log(`Sent ${retried} unanswered fee or refund request(s) again`);
    } catch (error) {
      this.logger.warn(`Retry pass failed: ${error instanceof Error ? error.message : error}`);
    }
  }
}
