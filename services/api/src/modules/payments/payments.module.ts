import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BookingsModule } from '../bookings/index.js';
import { BusinessModule } from '../business/index.js';
import { CatalogModule } from '../catalog/index.js';
import { OutboxModule } from '../outbox/index.js';
import { WebhookEventsModule } from '../webhooks/index.js';
import { PaymentsController, PaymentsPublicController } from './controllers/payments.controller.js';
import {
  BookingPaymentEntity,
  ConnectedAccountEntity,
  PaymentCustomerEntity,
  PaymentEventEntity,
  PaymentPolicyEntity,
} from './entities/payment-tables.entity.js';
import { PaymentHoldsQueue } from './jobs/payment-holds.queue.js';
import { PaymentHoldsRunner } from './jobs/payment-holds.runner.js';
import { BookingPaymentsService } from './services/booking-payments.service.js';
import { ConnectAccountsService } from './services/connect-accounts.service.js';
import { FeePaymentsService } from './services/fee-payments.service.js';
import { PaymentCharges } from './services/payment-charges.service.js';
import { PaymentEventsService } from './services/payment-events.service.js';
import { PaymentPoliciesService } from './services/payment-policies.service.js';
import { PaymentRecordsService } from './services/payment-records.service.js';
import { PaymentWebhooks } from './services/payment-webhooks.service.js';
import { PaymentsStripe } from './services/payments-stripe.service.js';

/**
 * No-show protection (decision 39): Stripe Connect accounts, payment policies, bookings' deposits,
 * saved cards, refunds and fees, and Stripe's events about them. The booking flows call
 * BookingPaymentsService; the platform webhook hands payment events to PaymentEventsService.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      ConnectedAccountEntity,
      PaymentPolicyEntity,
      PaymentCustomerEntity,
      BookingPaymentEntity,
      PaymentEventEntity,
    ]),
    BusinessModule,
    CatalogModule,
    BookingsModule,
    OutboxModule,
    WebhookEventsModule,
  ],
  controllers: [PaymentsController, PaymentsPublicController],
  providers: [
    PaymentsStripe,
    ConnectAccountsService,
    PaymentPoliciesService,
    BookingPaymentsService,
    PaymentEventsService,
    PaymentRecordsService,
    FeePaymentsService,
    PaymentCharges,
    PaymentWebhooks,
    PaymentHoldsQueue,
    PaymentHoldsRunner,
  ],
  exports: [
    BookingPaymentsService,
    PaymentEventsService,
    PaymentPoliciesService,
    PaymentRecordsService,
    ConnectAccountsService,
  ],
})
export class PaymentsModule {}
