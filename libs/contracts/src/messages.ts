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

/**
 * Kinds of manual send (POST /api/test-email and /api/test-sms): 'reminder' reminds the customer
 * of `appointmentId`; 'test' is the Testing Tools page's test message to the owner.
 */
export const MANUAL_MESSAGE_TYPES = ['reminder', 'test'] as const;
export type ManualMessageType = (typeof MANUAL_MESSAGE_TYPES)[number];

const manualType = z
  .enum(MANUAL_MESSAGE_TYPES, { error: "type must be 'reminder' or 'test'" })
  .default('reminder');

/** POST /api/test-email */
export const TestEmailRequestSchema = z
  .object({
    email: z
      .string({ error: 'Please enter a valid email address' })
      .trim()
      .toLowerCase()
      .pipe(z.email('Please enter a valid email address').max(254, 'Email address is too long')),
    type: manualType,
    appointmentId: IdParamSchema('appointmentId').optional(),
  })
  .refine((b) => b.type !== 'reminder' || b.appointmentId !== undefined, {
    path: ['appointmentId'],
    message: 'appointmentId is required for a reminder',
  });
export type TestEmailRequest = z.input<typeof TestEmailRequestSchema>;

/** A phone number as people type it: digits with optional +, spaces, dashes, dots and brackets. */
export const PhoneNumberSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(5, 'Phone number is required')
  .max(30, 'Phone number is too long')
  .regex(/^\+?[\d\s().-]+$/, 'Please enter a valid phone number');

/** POST /api/test-sms */
export const TestSmsRequestSchema = z
  .object({
    phoneNumber: PhoneNumberSchema,
    type: manualType,
    appointmentId: IdParamSchema('appointmentId').optional(),
  })
  .refine((b) => b.type !== 'reminder' || b.appointmentId !== undefined, {
    path: ['appointmentId'],
    message: 'appointmentId is required for a reminder',
  });
export type TestSmsRequest = z.input<typeof TestSmsRequestSchema>;

/** Answer of both manual sends: the outbox message that will carry it, and its state now. */
export const ManualMessageResponseSchema = z.object({
  ok: z.literal(true),
  messageId: z.number().int(),
  status: z.enum(OUTBOX_STATUSES),
});
export type ManualMessageResponse = z.infer<typeof ManualMessageResponseSchema>;

export const MessageTexts = {
  customerHasNoEmail: 'Customer has no email address',
  customerHasNoPhone: 'Customer has no phone number',
  noPhoneFromList: 'No phone number available for this customer',
  smsCapPhone: 'Too many text messages to this number in the last hour. Please try again later.',
  smsCapBusiness:
    'Your business has reached its hourly text message limit. Please try again later.',
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
