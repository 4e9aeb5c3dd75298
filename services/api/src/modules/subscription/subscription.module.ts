import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BusinessModule } from '../business/business.module.js';
import { StripeWebhookController } from './controllers/stripe-webhook.controller.js';
import { SubscriptionsController } from './controllers/subscriptions.controller.js';
import { StripeCustomerEntity } from './entities/stripe-customer.entity.js';
import { StripeEventEntity } from './entities/stripe-event.entity.js';
import { SubscriptionEntity } from './entities/subscription.entity.js';
import { PlanLimitsService } from './services/plan-limits.service.js';
import { StripeGateway } from './services/stripe-gateway.service.js';
import { StripeWebhookService } from './services/stripe-webhook.service.js';
import { SubscriptionSyncService } from './services/subscription-sync.service.js';
import { SubscriptionsService } from './services/subscriptions.service.js';

/** Stripe Billing (issue 6, decision 18): the owner's subscription calls and Stripe's webhooks. */
@Module({
  imports: [
    TypeOrmModule.forFeature([StripeCustomerEntity, SubscriptionEntity, StripeEventEntity]),
    BusinessModule,
  ],
  controllers: [SubscriptionsController, StripeWebhookController],
  providers: [
    StripeGateway,
    PlanLimitsService,
    SubscriptionSyncService,
    SubscriptionsService,
    StripeWebhookService,
  ],
})
export class SubscriptionModule {}
