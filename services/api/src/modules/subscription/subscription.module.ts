import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BusinessModule } from '../business/index.js';
import { CatalogModule } from '../catalog/index.js';
import { OutboxModule } from '../outbox/index.js';
import { PaymentsModule } from '../payments/index.js';
import { StaffModule } from '../staff/index.js';
import { StripeWebhookController } from './controllers/stripe-webhook.controller.js';
import { SubscriptionConfigController } from './controllers/subscription-config.controller.js';
import { SubscriptionsController } from './controllers/subscriptions.controller.js';
import { StripeCustomerEntity } from './entities/stripe-customer.entity.js';
import { StripeEventEntity } from './entities/stripe-event.entity.js';
import { SubscriptionEntity } from './entities/subscription.entity.js';
import { PlanLimitsService } from './services/plan-limits.service.js';
import { StripeGateway } from './services/stripe-gateway.service.js';
import { StripeWebhookService } from './services/stripe-webhook.service.js';
import { SubscriptionSyncService } from './services/subscription-sync.service.js';
import { SubscriptionsService } from './services/subscriptions.service.js';

/**
 * Stripe Billing: the owner's subscription calls and Stripe's webhooks (the `stripe_customers`,
 * `subscriptions` and `stripe_events` tables); the plan they decide is applied through the
 * business, catalog, staff and outbox modules.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([StripeCustomerEntity, SubscriptionEntity, StripeEventEntity]),
    BusinessModule,
    CatalogModule,
    StaffModule,
    OutboxModule,
    PaymentsModule,
  ],
  controllers: [SubscriptionConfigController, SubscriptionsController, StripeWebhookController],
  providers: [
    StripeGateway,
    PlanLimitsService,
    SubscriptionSyncService,
    SubscriptionsService,
    StripeWebhookService,
  ],
})
export class SubscriptionModule {}
