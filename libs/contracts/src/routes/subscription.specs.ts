import { z } from 'zod';
import { ErrorCode } from '../error-codes.js';
import {
  CreateSubscriptionRequestSchema,
  CreateSubscriptionResponseSchema,
  StripeWebhookResponseSchema,
  SubscriptionConfigSchema,
  SubscriptionStatusSchema,
} from '../subscription.js';
import { defineRoutes, ownerRoute } from './route-spec.js';
import { subscriptionRoutes } from './subscription.routes.js';

/** A Stripe event as Stripe sends it (Slotwise re-reads the subscription it names). */
const StripeEventSchema = z.object({ id: z.string(), type: z.string() }).loose();

export const subscriptionSpecs = defineRoutes(subscriptionRoutes, {
  tag: { name: 'Billing', description: 'The Professional plan through Stripe Billing.' },
  routes: {
    config: {
      summary: "Stripe's publishable key and the Professional price",
      errors: [ErrorCode.PAYMENTS_NOT_CONFIGURED],
      noDatabase: true,
      response: SubscriptionConfigSchema,
    },
    create: ownerRoute(
      [
        ErrorCode.PAYMENTS_NOT_CONFIGURED,
        ErrorCode.PAYMENT_PROVIDER_ERROR,
        ErrorCode.SUBSCRIPTION_CONFLICT,
      ],
      'Start a Professional subscription',
      CreateSubscriptionResponseSchema,
      {
        description:
          "Answers the first invoice's confirmation secret for Stripe.js; the plan changes only when Stripe's webhook says so.",
        status: 200,
        request: {
          body: CreateSubscriptionRequestSchema,
          example: { priceId: 'price_1PfProfessionalMonthly' },
        },
      },
    ),
    status: {
      summary: "The business's plan and subscription",
      access: 'owner',
      response: SubscriptionStatusSchema,
    },
    cancel: ownerRoute(
      [
        ErrorCode.PAYMENTS_NOT_CONFIGURED,
        ErrorCode.PAYMENT_PROVIDER_ERROR,
        ErrorCode.SUBSCRIPTION_CONFLICT,
      ],
      'Cancel the subscription at the end of the period',
      SubscriptionStatusSchema,
      { status: 200 },
    ),
    reactivate: ownerRoute(
      [
        ErrorCode.PAYMENTS_NOT_CONFIGURED,
        ErrorCode.PAYMENT_PROVIDER_ERROR,
        ErrorCode.SUBSCRIPTION_CONFLICT,
      ],
      'Keep a subscription that was set to cancel',
      SubscriptionStatusSchema,
      { status: 200 },
    ),
    webhook: {
      summary: "Stripe's events",
      description:
        'Each event is handled once; the subscription is re-read from Stripe, so repeated and out-of-order deliveries converge.',
      status: 200,
      access: 'signature',
      errors: [ErrorCode.PAYMENTS_NOT_CONFIGURED, ErrorCode.PAYMENT_PROVIDER_ERROR],
      response: StripeWebhookResponseSchema,
      request: {
        body: StripeEventSchema,
        headers: { 'stripe-signature': "Stripe's signature of the exact body bytes" },
        example: { id: 'evt_1PfExample', type: 'customer.subscription.updated' },
      },
    },
  },
});
