import { Module } from '@nestjs/common';
import { OutboxModule } from '../outbox/index.js';
import { WebhookEventsModule } from '../webhooks/index.js';
import { PaymentRetryRelay } from './jobs/payment-retry.relay.js';
import { PaymentCharges } from './services/payment-charges.service.js';
import { PaymentWebhooks } from './services/payment-webhooks.service.js';
import { PaymentsStripe } from './services/payments-stripe.service.js';

/**
 * The worker's side of payments: fees and refunds whose process died before Stripe answered.
 * Only what sending them needs (not the payments module, whose owner routes would register the
 * API's sign-in strategy in the worker).
 */
@Module({
  imports: [OutboxModule, WebhookEventsModule],
  providers: [PaymentsStripe, PaymentWebhooks, PaymentCharges, PaymentRetryRelay],
})
export class PaymentsWorkerModule {}
