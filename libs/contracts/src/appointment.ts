import { z } from 'zod';
import { instantSchema } from './dates.js';
import { IdSchema } from './ids.js';
import { BookingPaymentSchema, PAYMENT_RECORD_STATES, PolicyAcceptanceSchema } from './payments.js';
import { INVALID_PHONE_MESSAGE, isPlausiblePhoneNumber } from './phone.js';

/**
 * The spec's four, `no_show` (the client did not come; counted on the client) and
 * `pending_payment` (held up to 10 minutes until Stripe confirms the deposit or the saved card;
 * it blocks its slot; only the API sets it).
 */
export const APPOINTMENT_STATUSES = [
  'pending',
  'confirmed',
  'completed',
  'cancelled',
  'no_show',
  'pending_payment',
] as const;
export const AppointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof AppointmentStatusSchema>;

export const NotificationPreferencesSchema = z.object({
  email: z.boolean(),
  sms: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** The longest note a booking takes (the form counts down to it, the API refuses more). */
export const APPOINTMENT_NOTES_MAX = 1000;
const NOTES_TOO_LONG = `Notes must be ${APPOINTMENT_NOTES_MAX} characters or fewer`;

/** An optional email address: blank means none. */
const optionalEmail = z
  .string()
  .trim()
  .max(254, 'Email address is too long')
  .meta({ format: 'email' })
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.email('Please enter a valid email address').nullable());

/** The booking form, with its exact messages. */
export const BookingFormSchema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters').max(120, 'Name is too long'),
  phone: z
    .string()
    .trim()
    .min(5, 'Phone number is required')
    .max(30, 'Phone number is too long')
    .refine(isPlausiblePhoneNumber, INVALID_PHONE_MESSAGE),
  /** Given, the confirmation also goes by email with a calendar invite. */
  email: optionalEmail,
  notes: z.string().max(APPOINTMENT_NOTES_MAX, NOTES_TOO_LONG).optional(),
});
export type BookingForm = z.infer<typeof BookingFormSchema>;

const PLACEHOLDER_EMAIL_DOMAIN = 'sms-only.slotwise.invalid';

/**
 * What booking pages sent before the form asked for an email: an address built from the phone. The
 * API still takes it and stores no email for it.
 */
export function placeholderEmailForPhone(phone: string): string {
  return `${phone.replace(/\s+/g, '')}@${PLACEHOLDER_EMAIL_DOMAIN}`;
}
export function isPlaceholderEmail(email: string | null | undefined): boolean {
  return !!email && email.toLowerCase().endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`);
}

const positiveId = IdSchema;

export const CONFIRMATION_STATES = ['queued', 'not_configured', 'not_sent'] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];

/** POST /api/appointments: the public booking request. */
export const CreateAppointmentRequestSchema = z
  .object({
    businessId: positiveId('businessId'),
    serviceId: positiveId('serviceId'),
    staffMemberId: positiveId('staffMemberId').nullish(),
    firstName: z
      .string({ error: 'firstName is required' })
      .trim()
      .min(1, 'Name must be at least 2 characters')
      .max(60, 'First name is too long'),
    lastName: z.string().trim().max(60, 'Last name is too long').default(''),
    /** A real address adds an email confirmation; null, blank or a placeholder: none. */
    email: optionalEmail,
    phone: z
      .string({ error: 'Phone number is required' })
      .trim()
      .min(5, 'Phone number is required')
      .max(30, 'Phone number is too long')
      .regex(/^\+?[\d\s().-]+$/, 'Please enter a valid phone number'),
    /** The chosen slot's `start`: an ISO-8601 instant. */
    date: instantSchema('date'),
    /** Minutes; informative only, the service's own duration is authoritative. */
    duration: z
      .number()
      .int()
      .positive()
      .max(24 * 60)
      .optional(),
    notes: z.string().max(APPOINTMENT_NOTES_MAX, NOTES_TOO_LONG).nullish(),
    notificationPreferences: NotificationPreferencesSchema.default({ email: false, sms: true }),
    /**
     * The service's payment policy exactly as shown (`policySummary`): required when the service
     * asks for a deposit or a card; a different text (the policy changed) is refused.
     */
    acceptedPolicy: PolicyAcceptanceSchema.nullish(),
  })
  .refine((v) => `${v.firstName} ${v.lastName}`.trim().length >= 2, {
    message: 'Name must be at least 2 characters',
    path: ['firstName'],
  })
  // The refinement, as the OpenAPI document says it: two characters of first name, or a last name.
  .meta({
    anyOf: [
      { properties: { firstName: { type: 'string', pattern: '\\S.*\\S' } } },
      { properties: { lastName: { type: 'string', pattern: '\\S' } }, required: ['lastName'] },
    ],
  });
export type CreateAppointmentRequest = z.input<typeof CreateAppointmentRequestSchema>;
export type CreateAppointmentInput = z.output<typeof CreateAppointmentRequestSchema>;

export const CreateAppointmentResponseSchema = z.object({
  appointment: z.object({
    id: z.number().int().positive(),
    date: z.string(),
    end: z.string(),
    status: AppointmentStatusSchema,
    staffMemberId: z.number().int().positive().nullable(),
    notes: z.string().nullable(),
  }),
  customer: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string(),
  }),
  service: z.object({
    id: z.number().int().positive(),
    name: z.string(),
    duration: z.number().int().positive(),
    price: z.number().int().nonnegative(),
  }),
  staff: z
    .object({
      id: z.number().int().positive(),
      name: z.string(),
      position: z.string().nullable(),
    })
    .nullable(),
  /**
   * What became of the confirmations, so the page never says a message went when it did not:
   * 'queued' (the provider will send it), 'not_configured' (this server has no provider for the
   * channel), 'not_sent' (no SMS: not an Australian mobile; no email: none given).
   */
  confirmations: z
    .object({
      sms: z.enum(CONFIRMATION_STATES),
      email: z.enum(CONFIRMATION_STATES),
    })
    .optional(),
  /**
   * Present when the policy asks for a payment: the appointment is `pending_payment` and the page
   * confirms this with Stripe's Payment Element; the confirmations go once Stripe's webhook says so.
   */
  payment: BookingPaymentSchema.optional(),
});
export type CreateAppointmentResponse = z.infer<typeof CreateAppointmentResponseSchema>;

/**
 * GET /api/appointments/{id}/payment-status?clientSecret=: the booking page's poll while a held
 * booking waits for Stripe's webhook (the Payment Element's client secret authorises the read).
 * 'expired': the hold ended unpaid and the slot was freed.
 */
export const HeldBookingStatusSchema = z.object({
  status: z.enum([...APPOINTMENT_STATUSES, 'expired']),
  /** The hold's end (ISO UTC) while it waits; null once decided. */
  expiresAt: z.string().nullable(),
  payment: z.object({
    kind: z.enum(['deposit', 'card_on_file']),
    amount: z.number().int().nonnegative(),
    state: z.enum(PAYMENT_RECORD_STATES),
    /** Stripe's own status of the intent, as last heard. */
    stripeStatus: z.string().nullable(),
  }),
});
export type HeldBookingStatus = z.infer<typeof HeldBookingStatusSchema>;
export const HeldBookingStatusQuerySchema = z.object({
  clientSecret: z.string().trim().min(10).max(300),
});
