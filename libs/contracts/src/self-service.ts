import { z } from 'zod';
import { CONFIRMATION_STATES } from './appointment.js';
import { instantSchema } from './dates.js';
import { CancellationOutcomeSchema } from './payments.js';

/** Texts of the customers' cancel and reschedule links (expired or used links are refused). */
export const SelfServiceMessages = {
  noToken: 'Invalid cancellation link. No token provided.',
  cancelLinkInvalid: 'This cancellation link is invalid or has expired.',
  rescheduleLinkInvalid: 'This reschedule link is invalid or has expired.',
  alreadyCancelled: 'This appointment has already been cancelled.',
  tooLateToChange:
    'This booking can no longer be changed online. Please contact the business directly.',
  cancelled: 'Your appointment has been cancelled.',
  rescheduled: 'Your appointment has been rescheduled.',
  cancelFailed: 'An error occurred while cancelling your appointment.',
  unexpected: 'An unexpected error occurred. Please try again or contact the business directly.',
  /** Another request holds the booking (a cancel, a reschedule, a storm of clicks on one link). */
  bookingBusy: 'This booking is being changed. Please try again.',
} as const;

/** A link token: 32 random bytes in base64url are 43 characters; anything far off is refused. */
export const LinkTokenSchema = z.string().trim().min(16).max(200);

/** GET /api/cancel-appointment?token=: what the cancel page shows once the booking is cancelled. */
export const CancelAppointmentResponseSchema = z.object({
  message: z.string(),
  appointmentDetails: z.object({
    service: z.string(),
    /** The appointment's start, ISO UTC. */
    date: z.string(),
    business: z.string(),
    /** The business's IANA zone, to show the date as the business sees it. */
    timeZone: z.string(),
  }),
  /** What cancelling did to the money (absent: no payment involved). */
  cancellation: CancellationOutcomeSchema.optional(),
});
export type CancelAppointmentResponse = z.infer<typeof CancelAppointmentResponseSchema>;

/** POST /api/cancel-appointment: the cancel page's button (the token in the body, not the URL). */
export const CancelAppointmentRequestSchema = z.object({ token: LinkTokenSchema });
export type CancelAppointmentRequest = z.infer<typeof CancelAppointmentRequestSchema>;

/**
 * GET /api/reschedule?token= and GET /api/cancel-appointment/details?token=: the booking a
 * link points at.
 */
export const RescheduleDetailsSchema = z.object({
  appointmentId: z.number(),
  /** Current start and end, ISO UTC. */
  date: z.string(),
  end: z.string(),
  service: z.object({
    id: z.number(),
    name: z.string(),
    duration: z.number(),
    price: z.number().nullable(),
  }),
  /** The staff member keeps the booking when it moves; null when the business itself is booked. */
  staffMemberId: z.number().nullable(),
  staffName: z.string().nullable(),
  business: z.object({
    id: z.number(),
    slug: z.string(),
    name: z.string(),
    timeZone: z.string(),
    /** The booking window, to explain a date outside it. */
    minNoticeMinutes: z.number(),
    maxAdvanceDays: z.number(),
  }),
  /** Cancel details only: what cancelling now would do to the money, told before the button. */
  cancellation: CancellationOutcomeSchema.optional(),
});
export type RescheduleDetails = z.infer<typeof RescheduleDetailsSchema>;

/** POST /api/reschedule. */
export const RescheduleRequestSchema = z.object({
  token: LinkTokenSchema,
  /** The new slot's start, ISO (one of the available times' `start`). */
  date: instantSchema('date'),
});
export type RescheduleRequest = z.infer<typeof RescheduleRequestSchema>;

export const RescheduleResponseSchema = RescheduleDetailsSchema.extend({
  message: z.string(),
  /**
   * What became of the SMS with the fresh links, so the page never says it went when it did not:
   * 'queued' (the provider will send it), 'not_configured' (this server cannot send SMS),
   * 'not_sent' (not an Australian mobile).
   */
  sms: z.enum(CONFIRMATION_STATES),
});
export type RescheduleResponse = z.infer<typeof RescheduleResponseSchema>;
