import type {
  CreateSubscriptionRequest,
  CreateSubscriptionResponse,
  StripeWebhookResponse,
  SubscriptionConfig,
  SubscriptionStatus,
} from '../subscription.js';
import { route } from './route.js';

export const subscriptionRoutes = {
  config: route<SubscriptionConfig>()('GET', 'subscription-config'),
  create: route<CreateSubscriptionResponse, CreateSubscriptionRequest>()(
    'POST',
    'create-subscription',
  ),
  status: route<SubscriptionStatus>()('GET', 'subscription-status'),
  cancel: route<SubscriptionStatus>()('POST', 'cancel-subscription'),
  reactivate: route<SubscriptionStatus>()('POST', 'reactivate-subscription'),
  webhook: route<StripeWebhookResponse>()('POST', 'stripe/webhook'),
} as const;
