// What other modules may use of the subscription module (Stripe Billing's tables).
export { SubscriptionModule } from './subscription.module.js';
export { StripeCustomerEntity } from './entities/stripe-customer.entity.js';
export { StripeEventEntity } from './entities/stripe-event.entity.js';
export { SubscriptionEntity } from './entities/subscription.entity.js';
