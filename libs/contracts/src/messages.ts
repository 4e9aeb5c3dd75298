import { EmailSchema } from './auth.js';
import { z } from 'zod';
import { IdParamSchema } from './ids.js';

/** Channels of the outbox: SMS through Twilio, email through SMTP. */
export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/**
 * A message's delivery state. pending: written, waiting for its time or the relay; queued: handed
 * to the queue; sending: a worker holds it; sent: the provider accepted it; delivered: the provider
 * confirmed delivery (Twilio status callback); failed: given up, with a reason; not_configured:
 * kept with its full text because no provider is set up; cancelled: withdrawn before
 * sending (a reminder of a cancelled or moved appointment).
 */
export const OUTBOX_STATUSES = [
  'pending',
  'queued',
  'sending',
  'sent',
  'delivered',
  'failed',
  'not_configured',
  'cancelled',
] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'Waiting to be sent',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  not_configured: 'Not sent: no provider configured',
  cancelled: 'Withdrawn',
};

/** GET /api/dev/outbox (only with DEV_OUTBOX=true): captured messages, newest first. */
export const DevOutboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNELS),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  kind: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  /** Why it failed or was not sent, when it was not. */
  lastError: z.string().nullable(),
  /** When it may go out (a reminder's time); ISO instant. */
  notBefore: z.string(),
  createdAt: z.string(),
});
export type DevOutboxMessage = z.infer<typeof DevOutboxMessageSchema>;

/** GET /api/dev/outbox's filter. */
export const DevOutboxQuerySchema = z.object({
  /** Only messages to this address (compared lowercase). */
  to: z.string().trim().toLowerCase().max(254).optional(),
});

/**
 * Kinds of manual send (POST /api/test-email and /api/test-sms): 'reminder' reminds the customer
 * of `appointmentId`; 'test' is the Testing Tools page's test message to the owner.
 */
export const MANUAL_MESSAGE_TYPES = ['reminder', 'test'] as const;
export type ManualMessageType = (typeof MANUAL_MESSAGE_TYPES)[number];

const manualType = z
  .enum(MANUAL_MESSAGE_TYPES, { error: "type must be 'reminder' or 'test'" })
  .default('reminder');

/** A reminder (the default type) names its appointment: checked by zod, */
type ManualSendFields = { type: ManualMessageType; appointmentId?: number };
const reminderNeedsAppointment = (b: ManualSendFields) =>
  b.type !== 'reminder' || b.appointmentId !== undefined;
const REMINDER_ISSUE = {
  path: ['appointmentId'],
  message: 'appointmentId is required for a reminder',
};
/** … and said in the OpenAPI document (JSON Schema keeps no refinement). */
const REMINDER_NEEDS_APPOINTMENT = {
  if: { properties: { type: { const: 'test' } }, required: ['type'] },
  else: { properties: { appointmentId: true }, required: ['appointmentId'] },
};

/** A manual send to `recipient`'s address: a reminder of `appointmentId`, or a test. */
const manualSend = <R extends z.ZodRawShape>(recipient: R) =>
  z
    .object({
      ...recipient,
      type: manualType,
      appointmentId: IdParamSchema('appointmentId').optional(),
    })
    .refine((b) => reminderNeedsAppointment(b as ManualSendFields), REMINDER_ISSUE)
    .meta(REMINDER_NEEDS_APPOINTMENT);

/** POST /api/test-email */
export const TestEmailRequestSchema = manualSend({ email: EmailSchema });
export type TestEmailRequest = z.input<typeof TestEmailRequestSchema>;

/** A phone number as people type it: digits with optional +, spaces, dashes, dots and brackets. */
export const PhoneNumberSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(5, 'Phone number is required')
  .max(30, 'Phone number is too long')
  .regex(/^\+?[\d\s().-]+$/, 'Please enter a valid phone number');

/** POST /api/test-sms */
export const TestSmsRequestSchema = manualSend({ phoneNumber: PhoneNumberSchema });
export type TestSmsRequest = z.input<typeof TestSmsRequestSchema>;

/** A message's channel and delivery state, with `message` saying that state in words. */
const messageState = {
  channel: z.enum(OUTBOX_CHANNELS),
  status: z.enum(OUTBOX_STATUSES),
  /** Why it failed or was not sent, when it was not. */
  error: z.string().nullable(),
  message: z.string(),
};

/**
 * Answer of both manual sends: the outbox message that carries it and its true state at answer
 * time ('pending' while it waits for the delivery worker; 'not_configured' at once when the server
 * has no provider for the channel), with `message` saying that state in words.
 */
export const ManualMessageResponseSchema = z.object({
  ok: z.literal(true),
  messageId: z.number().int(),
  ...messageState,
});
export type ManualMessageResponse = z.infer<typeof ManualMessageResponseSchema>;

/** GET /api/messages/{id} (owner): where one of the business's messages is now. */
export const MessageStatusSchema = z.object({
  id: z.number().int(),
  ...messageState,
});
export type MessageStatus = z.infer<typeof MessageStatusSchema>;

/** GET /api/messaging-status (owner): whether this server has a provider for each channel. */
export const MessagingStatusSchema = z.object({ sms: z.boolean(), email: z.boolean() });
export type MessagingStatus = z.infer<typeof MessagingStatusSchema>;

/** Nothing more will happen to a message in these states (a sent SMS may still be delivered). */
export const SETTLED_OUTBOX_STATUSES: readonly OutboxStatus[] = [
  'sent',
  'delivered',
  'failed',
  'not_configured',
  'cancelled',
];

const CHANNEL_WORDS: Record<OutboxChannel, string> = { sms: 'SMS', email: 'email' };

/** 'SMS is not set up on this server' / 'Email is not set up on this server'. */
export function notSetUpText(channel: OutboxChannel): string {
  return `${channel === 'sms' ? 'SMS' : 'Email'} is not set up on this server`;
}

/**
 * Whether an hourly SMS cap holds the message back: it waits (status 'pending' with the cap's
 * reason as its error) and goes out by itself once the hour allows. A pending message has an
 * error for no other reason.
 */
export function isHeldByCap(message: Pick<MessageStatus, 'status' | 'error'>): boolean {
  return message.status === 'pending' && !!message.error;
}

/**
 * A message's state as the owner reads it ('Queued — waiting for the SMS provider', 'Sent',
 * 'Failed: {reason}', 'Not sent: SMS is not set up on this server', and for a message an hourly
 * SMS cap holds back 'Waiting — {why}'). Nothing says "sent" before the provider has accepted
 * the message.
 */
export function messageStateText(
  channel: OutboxChannel,
  status: OutboxStatus,
  error: string | null = null,
): string {
  const word = CHANNEL_WORDS[channel];
  switch (status) {
    case 'pending':
      if (isHeldByCap({ status, error })) return `Waiting — ${error}`;
      return `Queued — waiting for the ${word} provider`;
    case 'queued':
      return `Queued — waiting for the ${word} provider`;
    case 'sending':
      return `Sending — handing it to the ${word} provider`;
    case 'sent':
      return 'Sent';
    case 'delivered':
      return 'Delivered';
    case 'failed':
      return `Failed: ${error || 'the provider refused it'}`;
    case 'not_configured':
      return `Not sent: ${word} is not set up on this server`;
    case 'cancelled':
      return 'Not sent: withdrawn before sending';
  }
}

export const MessageTexts = {
  customerHasNoEmail: 'Customer has no email address',
  customerHasNoPhone: 'Customer has no phone number',
  noPhoneFromList: 'No phone number available for this customer',
  smsCapPhone: 'Too many text messages to this number in the last hour. Please try again later.',
  smsCapBusiness:
    'Your business has reached its hourly text message limit. Please try again later.',
  /** Why an SMS waits (status 'pending') after a cap held it back; it goes out later by itself. */
  smsHeldPhone:
    'held back by the hourly limit of texts to this number; it goes out by itself once the hour allows',
  smsHeldBusiness:
    "held back by the business's hourly text message limit; it goes out by itself once the hour allows",
  notConfigured: 'not sent: no provider configured',
  /** Owners' manual sends (Send Email/SMS, Testing Tools) per business per hour: 429. */
  manualSendCap:
    'You have sent the most manual messages allowed in an hour. Please try again later.',
  /** A reminder (manual send) of an appointment that is cancelled: 409. */
  reminderOfCancelled:
    'This appointment is cancelled, so there is nothing to remind the customer of.',
  /** A reminder (manual send) of an appointment that has started or is completed: 400. */
  reminderOfPast: 'This appointment has already taken place.',
} as const;
