import { z } from 'zod';

/**
 * The events an owner's webhook endpoint can subscribe to (decision 42). The payment.* ones are
 * written only on Stripe's word, in the transaction that records it (docs/integrations.md).
 */
export const WEBHOOK_EVENT_TYPES = [
  'booking.created',
  'booking.rescheduled',
  'booking.cancelled',
  'booking.status_changed',
  'booking.no_show',
  'client.created',
  'client.updated',
  'payment.succeeded',
  'payment.card_saved',
  'payment.failed',
  'payment.refunded',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only by 'Send test event'; never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** A delivery's state: waiting for its next try, being sent, delivered (2xx) or given up. */
export const WEBHOOK_DELIVERY_STATUSES = [
  'pending',
  'queued',
  'sending',
  'succeeded',
  'failed',
] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The Standard Webhooks schedule: the delay before each attempt, in seconds (8 attempts). */
export const WEBHOOK_RETRY_SCHEDULE_SEC = [
  0,
  5,
  5 * 60,
  30 * 60,
  2 * 3600,
  5 * 3600,
  10 * 3600,
  10 * 3600,
] as const;

/** How long deliveries are kept in the log. */
export const WEBHOOK_LOG_DAYS = 30;

export const WEBHOOK_LIMITS = { url: 2000, description: 200, perBusiness: 20 } as const;

const EventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Unknown event type' }), {
    error: 'events must be a list of event types',
  })
  .min(1, 'Choose at least one event')
  .transform((events) => [...new Set(events)]);

const UrlSchema = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(WEBHOOK_LIMITS.url, `URL must be at most ${WEBHOOK_LIMITS.url} characters`)
  .pipe(z.url({ protocol: /^https?$/, error: 'Enter a full https:// URL' }));

const DescriptionSchema = z
  .string()
  .trim()
  .max(
    WEBHOOK_LIMITS.description,
    `Description must be at most ${WEBHOOK_LIMITS.description} characters`,
  );

export const CreateWebhookRequestSchema = z.object({
  url: UrlSchema,
  events: EventsSchema,
  description: DescriptionSchema.optional(),
});
export type CreateWebhookRequest = z.input<typeof CreateWebhookRequestSchema>;
export type CreateWebhookInput = z.output<typeof CreateWebhookRequestSchema>;

export const UpdateWebhookRequestSchema = z
  .object({
    url: UrlSchema.optional(),
    events: EventsSchema.optional(),
    description: DescriptionSchema.optional(),
    /** true re-enables a disabled endpoint (its failure streak starts again). */
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change');
export type UpdateWebhookRequest = z.input<typeof UpdateWebhookRequestSchema>;
export type UpdateWebhookInput = z.output<typeof UpdateWebhookRequestSchema>;

export const WebhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  /** `whsec_…`: the receiver verifies signatures with it (Standard Webhooks). */
  secret: z.string(),
  enabled: z.boolean(),
  /** Why it was disabled: '410 Gone', 'Failing for 5 days' or 'Disabled by the owner'. */
  disabledReason: z.string().nullable(),
  /** Since when every delivery has failed; null while it works. */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;
export const WebhookEndpointListSchema = z.array(WebhookEndpointSchema);

export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The `webhook-id` header: the same on every retry and resend. */
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The last attempt's HTTP status; null when no answer came (refused, timed out). */
  responseCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  payload: z.unknown(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveryListSchema = z.array(WebhookDeliverySchema);
