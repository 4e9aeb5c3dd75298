import { z } from 'zod';
import { PlanId } from './plans.js';

/**
 * Billing: Stripe Billing with the Payment Element. The plan comes from Stripe's webhooks only,
 * never from the browser; these are the shapes of the owner's subscription calls.
 */
export const SubscriptionMessages = {
  /** A message containing 'Configuration error' is shown as is. */
  notConfigured:
    'Configuration error: online payments are not set up on this server yet. Please try again later.',
  /** A missing price id reads 'No price ID configured'. */
  noPriceId: 'No price ID configured',
  webhookNotConfigured: 'Configuration error: the Stripe webhook secret is not set',
  wrongPrice: 'This price is not available. Please choose the Professional plan.',
  alreadySubscribed: 'Your business is already on the Professional plan.',
  paymentOutstanding:
    'Stripe is still retrying the last payment of your subscription. Please try again later or contact support.',
  noActiveSubscription: 'There is no active subscription to change.',
  notCancelling: 'Your subscription is not set to cancel, so there is nothing to reactivate.',
  alreadyCancelling: 'Your subscription is already set to cancel at the end of the billing period.',
  providerFailed: 'The payment provider could not complete the request. Please try again.',
  webhookSignature: 'Invalid Stripe webhook signature',
  /** The default message for a failed Subscribe page set-up. */
  initFailed: 'Failed to initialize payment. Please try again.',
  /** A message about the product ID becomes this. */
  invalidProduct: 'Invalid payment configuration. Please contact support.',
} as const;

/** What the Subscribe page shows for a failed set-up. */
export function paymentSetupErrorMessage(message: string | null | undefined): string {
  if (!message) return SubscriptionMessages.initFailed;
  if (message.includes('Configuration error') || message.includes('No price ID configured')) {
    return message;
  }
  if (/product ID/i.test(message)) return SubscriptionMessages.invalidProduct;
  return SubscriptionMessages.initFailed;
}

/** GET /api/subscription-config: what the Payment Element needs. */
export const SubscriptionConfigSchema = z.object({
  priceId: z.string().min(1),
  publishableKey: z.string().min(1),
});
export type SubscriptionConfig = z.infer<typeof SubscriptionConfigSchema>;

export const CreateSubscriptionRequestSchema = z.object({
  priceId: z
    .string({ error: SubscriptionMessages.noPriceId })
    .trim()
    .min(1, SubscriptionMessages.noPriceId)
    .max(255),
});
export type CreateSubscriptionRequest = z.infer<typeof CreateSubscriptionRequestSchema>;

export const CreateSubscriptionResponseSchema = z.object({
  clientSecret: z.string().min(1),
  subscriptionId: z.string().min(1),
});
export type CreateSubscriptionResponse = z.infer<typeof CreateSubscriptionResponseSchema>;

/** Stripe's subscription statuses, plus 'none' when the business never subscribed. */
export const SubscriptionStatusValue = z.enum([
  'none',
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'paused',
  'canceled',
  'incomplete',
  'incomplete_expired',
]);
export type SubscriptionStatusValue = z.infer<typeof SubscriptionStatusValue>;

export const PausedItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type PausedItem = z.infer<typeof PausedItemSchema>;

export const SubscriptionStatusSchema = z.object({
  status: SubscriptionStatusValue,
  /** The plan whose limits apply now: Professional only while a Professional subscription is active. */
  plan: z.enum([PlanId.FREE, PlanId.PROFESSIONAL]),
  /** Epoch seconds: the next billing date, or the end date when cancelAtPeriodEnd. */
  currentPeriodEnd: z.number().int().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Professional without a Stripe subscription (the demo businesses): nothing to bill or cancel. */
  complimentary: z.boolean(),
  /**
   * Staff and services beyond the Free plan's limits, paused (not deleted) when a subscription
   * lapsed; upgrading again brings them back.
   */
  paused: z.object({ staff: z.array(PausedItemSchema), services: z.array(PausedItemSchema) }),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const StripeWebhookResponseSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
});
export type StripeWebhookResponse = z.infer<typeof StripeWebhookResponseSchema>;

/** Professional counts as active only when status is active and plan Professional. */
export function isProfessionalActive(s: Pick<SubscriptionStatus, 'status' | 'plan'>): boolean {
  return s.status === 'active' && s.plan === PlanId.PROFESSIONAL;
}
