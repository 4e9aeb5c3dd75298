import { z } from 'zod';
import { instantSchema } from './dates.js';
import { HistoryEntrySchema } from './activity.js';
import { PaymentRecordSchema } from './payments.js';
import { documentedAs } from './documented-as.js';
import { IdParamSchema, IdSchema, queryIntSchema } from './ids.js';
import { SmsReplySchema } from './sms-confirmation.js';
import {
  APPOINTMENT_STATUSES,
  AppointmentStatusSchema,
  NotificationPreferencesSchema,
} from './appointment.js';

/** One appointment as the owner's dashboard reads it. */
export const OwnerAppointmentSchema = z.object({
  id: z.number().int().positive(),
  /** Start, ISO-8601 UTC. */
  date: z.string(),
  /** End, ISO-8601 UTC. */
  end: z.string(),
  status: AppointmentStatusSchema,
  notes: z.string().nullable(),
  staffMemberId: z.number().int().positive().nullable(),
  staff: z
    .object({ id: z.number().int().positive(), name: z.string(), position: z.string().nullable() })
    .nullable(),
  service: z.object({
    id: z.number().int().positive(),
    name: z.string(),
    /** Minutes. */
    duration: z.number().int().nonnegative(),
    /** Cents. */
    price: z.number().int().nonnegative(),
    description: z.string().nullable(),
  }),
  /** As booked (decision 35): the client record may have been renamed or merged since. */
  customer: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    notificationPreferences: NotificationPreferencesSchema,
  }),
  /** Who changed it and when, oldest first (created, moved, cancelled, status, fee). */
  history: z.array(HistoryEntrySchema),
  /**
   * When the customer confirmed by replying Y to the SMS request (ISO-8601 UTC); null: not. The
   * API always answers it; optional so fixtures and older answers without it still parse.
   */
  customerConfirmedAt: z.string().nullable().optional(),
  /** The customer's SMS replies about it, oldest first (always answered by the API). */
  smsReplies: z.array(SmsReplySchema).optional(),
  /** Its charges and refunds with their Stripe state (absent where the list does not load them). */
  payments: z.array(PaymentRecordSchema).optional(),
});
export type OwnerAppointment = z.infer<typeof OwnerAppointmentSchema>;
export const OwnerAppointmentListSchema = z.array(OwnerAppointmentSchema);

/** What the owner can set: every status but `pending_payment`, which only Stripe's flow sets. */
export const OWNER_SETTABLE_STATUSES = APPOINTMENT_STATUSES.filter(
  (s): s is Exclude<(typeof APPOINTMENT_STATUSES)[number], 'pending_payment'> =>
    s !== 'pending_payment',
);

/** Status compared without regard to case. */
export const StatusInputSchema = documentedAs(
  z
    .string({ error: 'status must be a string' })
    .trim()
    .toLowerCase()
    .pipe(
      z.enum(OWNER_SETTABLE_STATUSES, {
        error: 'status must be one of pending, confirmed, completed, cancelled, no_show',
      }),
    ),
  // Documented as the statuses themselves (any case is taken too).
  { type: 'string', enum: [...OWNER_SETTABLE_STATUSES] },
);

/** Statuses that say what happened, so they wait until the appointment has started. */
export const STATUSES_AFTER_START = ['completed', 'no_show'] as const;
export const NOT_STARTED_MESSAGE =
  'An appointment can be marked completed or no-show only once it has started.';
export const OUTSIDE_HOURS_MESSAGE =
  'This time is outside the opening hours. Confirm to book it anyway.';

/**
 * Why an owner's booking or move cannot simply go ahead. The API lists every one that applies as
 * the error's `issues`, each with `path` 'reasons.<reason>' and the reason's text: 409
 * OUTSIDE_HOURS when all of them are hours reasons (the owner may confirm with
 * `outsideHours: true`), else 409 BOOKING_REFUSED (confirming changes nothing).
 */
export const BOOKING_REFUSAL_REASONS = [
  'outside_hours',
  'not_on_shift',
  'on_leave',
  'closed',
  'service_not_offered',
  'overlaps',
] as const;
export type BookingRefusalReason = (typeof BOOKING_REFUSAL_REASONS)[number];
/** The reasons an owner may book or move anyway, after confirming. */
export const CONFIRMABLE_REFUSAL_REASONS: readonly BookingRefusalReason[] = [
  'outside_hours',
  'not_on_shift',
];
export const BOOKING_REFUSAL_TEXT: Record<BookingRefusalReason, string> = {
  outside_hours: 'Outside the opening hours',
  not_on_shift: 'Not on shift then (outside their working hours)',
  on_leave: 'On leave then (time off)',
  closed: 'The business is closed then (closure or special hours)',
  service_not_offered: 'Does not offer this service',
  overlaps: 'Overlaps another booking',
};
export const BOOKING_REFUSED_MESSAGE = 'This time cannot be booked.';
/** The issue path a reason is listed under. */
export const refusalReasonPath = (reason: BookingRefusalReason) => `reasons.${reason}`;
/** The reasons an error's issues list, in their order (none when it lists none). */
export function refusalReasons(
  issues: readonly { path: string }[] | undefined,
): BookingRefusalReason[] {
  return BOOKING_REFUSAL_REASONS.filter((r) =>
    (issues ?? []).some((i) => i.path === refusalReasonPath(r)),
  );
}

const isoInstant = instantSchema;

/** Most rows one page of the owner's list may ask for. */
export const MAX_APPOINTMENTS_PAGE = 500;

const queryInt = queryIntSchema;

/** `q`: a search, blank meaning none. */
const searchText = z
  .string({ error: 'q must be text' })
  .trim()
  .max(100, 'Search must be 100 characters or fewer')
  .optional()
  .transform((v) => (v ? v : undefined));

/** 'confirmed,pending' (or repeated): the statuses to keep, compared without regard to case. */
const STATUS_WORD = '(?:pending|confirmed|completed|cancelled|no_show)';
const statusList = documentedAs(
  z
    .union([z.string(), z.array(z.string())], { error: 'status must be a list of statuses' })
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    )
    .pipe(z.array(StatusInputSchema)),
  // Documented in its plainest form (the server also takes any case, spaces and repeated keys).
  {
    type: 'string',
    pattern: `^${STATUS_WORD}(?:,${STATUS_WORD})*$`,
    description:
      'Statuses to keep, comma-separated: pending, confirmed, completed, cancelled, no_show',
  },
);

/**
 * GET /api/business/:id/appointments: newest first. Without any parameter every appointment of
 * the business (the spec's behaviour). `from`/`to`: only those overlapping [from, to) (the
 * calendar). `q`: a customer's name, email or phone (digits, any format) as booked or as the
 * client is now, or a service name, containing it, ignoring case;
 * `status`: only these statuses; `limit`/`offset`: one page (the table's 'Load more').
 */
export const OwnerAppointmentsQuerySchema = z
  .object({
    from: isoInstant('from').optional(),
    to: isoInstant('to').optional(),
    q: searchText,
    status: statusList.optional(),
    limit: queryInt('limit', 1, MAX_APPOINTMENTS_PAGE).optional(),
    offset: queryInt('offset', 0, 1_000_000).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    message: 'from must be before to',
    path: ['to'],
  });
export type OwnerAppointmentsQuery = z.output<typeof OwnerAppointmentsQuerySchema>;

const ownerId = IdSchema;

/**
 * PATCH /api/appointments/:id: the fields an owner may change. `date` (new start) and
 * `staffMemberId` move the appointment (null: no staff member, the business itself); the customer
 * gets the "moved" SMS with fresh links unless `notifyCustomer` is false. A move outside the
 * opening or working hours needs `outsideHours: true` (409 OUTSIDE_HOURS otherwise).
 */
export const UpdateAppointmentRequestSchema = z
  .object({
    status: StatusInputSchema.optional(),
    notes: z.string().max(1000, 'Notes must be 1000 characters or fewer').nullable().optional(),
    date: isoInstant('date').optional(),
    staffMemberId: ownerId('staffMemberId').nullable().optional(),
    notifyCustomer: z.boolean().default(true),
    outsideHours: z.boolean().default(false),
  })
  .refine(
    (v) =>
      v.status !== undefined ||
      v.notes !== undefined ||
      v.date !== undefined ||
      v.staffMemberId !== undefined,
    { message: 'Nothing to update: send status, notes, date or staffMemberId' },
  );
export type UpdateAppointmentRequest = z.input<typeof UpdateAppointmentRequestSchema>;
export type UpdateAppointmentInput = z.output<typeof UpdateAppointmentRequestSchema>;

/** Appointments the diary's month grid shows on a day before '+N more'. */
export const MONTH_PREVIEW_PER_DAY = 3;
/** The longest span one appointment-days request may cover (a month grid is 42 days). */
export const MAX_APPOINTMENT_DAYS_SPAN_DAYS = 62;

/**
 * GET /api/business/:id/appointment-days: the month grid's data. Appointments overlapping
 * [from, to), grouped by the business-local day they start on: each day's first `perDay` (earliest
 * first) and how many there are in all, so a busy month sends a few rows per day, not thousands.
 * `staffId`: one staff member's only; `q` and `status` narrow them as in the list.
 */
export const AppointmentDaysQuerySchema = z
  .object({
    from: isoInstant('from'),
    to: isoInstant('to'),
    perDay: queryInt('perDay', 1, 50).default(MONTH_PREVIEW_PER_DAY),
    staffId: IdParamSchema('staffId').optional(),
    q: searchText,
    status: statusList.optional(),
  })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), {
    message: 'from must be before to',
    path: ['to'],
  })
  .refine(
    (q) => Date.parse(q.to) - Date.parse(q.from) <= MAX_APPOINTMENT_DAYS_SPAN_DAYS * 24 * 3_600_000,
    {
      message: `from and to must be at most ${MAX_APPOINTMENT_DAYS_SPAN_DAYS} days apart`,
      path: ['to'],
    },
  );
export type AppointmentDaysQuery = z.output<typeof AppointmentDaysQuerySchema>;

export const AppointmentDaySchema = z.object({
  /** The business-local date, YYYY-MM-DD. */
  date: z.string(),
  /** Every appointment starting that day that matches the query. */
  total: z.number().int().nonnegative(),
  /** The day's first ones, earliest first. */
  appointments: OwnerAppointmentListSchema,
});
export type AppointmentDay = z.infer<typeof AppointmentDaySchema>;
export const AppointmentDaysSchema = z.object({
  /** Days with at least one appointment, in date order. */
  days: z.array(AppointmentDaySchema),
});
export type AppointmentDays = z.infer<typeof AppointmentDaysSchema>;

/** GET /api/business/:id/appointment-counts: on the business's own day, in its time zone. */
export const AppointmentCountsSchema = z.object({
  today: z.number().int().nonnegative(),
  confirmed: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
});
export type AppointmentCounts = z.infer<typeof AppointmentCountsSchema>;

export function sameStatusMessage(status: string): string {
  return `This appointment is already ${status}.`;
}
export const APPOINTMENT_NOT_FOUND_MESSAGE = 'Appointment not found';

const clientText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

/**
 * POST /api/business/:id/appointments: the owner books a phone or walk-in client, an existing one
 * (`customerId`) or a new one (`customer`). The public booking window does not apply; opening and
 * working hours do unless `outsideHours` is true (409 OUTSIDE_HOURS otherwise); another booking of
 * the resource never may (409). The confirmation SMS with the links goes unless `notifyCustomer`
 * is false. Without `staffMemberId` a free staff member offering the service is picked.
 */
export const OwnerCreateAppointmentRequestSchema = z
  .object({
    serviceId: ownerId('serviceId'),
    staffMemberId: ownerId('staffMemberId').nullish(),
    date: isoInstant('date'),
    customerId: ownerId('customerId').optional(),
    customer: z
      .object({
        firstName: clientText('First name', 60),
        lastName: z.string().trim().max(60, 'Last name is too long').default(''),
        // Optional: a walk-in may give a name only (no texts then; the diary shows the name).
        phone: z
          .string()
          .trim()
          .max(30, 'Phone number is too long')
          .refine(
            (v) => v === '' || /^\+?[\d\s().-]+$/.test(v),
            'Please enter a valid phone number',
          )
          .default(''),
        email: z
          .string()
          .trim()
          .max(254)
          .meta({ format: 'email' })
          .nullish()
          .transform((v) => (v ? v : null))
          .pipe(z.email('Please enter a valid email address').nullable()),
      })
      .optional(),
    notes: z
      .string()
      .max(1000, 'Notes must be 1000 characters or fewer')
      .nullish()
      .transform((v) => (v?.trim() ? v.trim() : null)),
    notifyCustomer: z.boolean().default(true),
    outsideHours: z.boolean().default(false),
  })
  .refine((v) => (v.customerId === undefined) !== (v.customer === undefined), {
    message: 'Choose a client or enter a new one',
    path: ['customer'],
  })
  // The refinement, as the OpenAPI document says it: exactly one of the two.
  .meta({
    oneOf: [
      { properties: { customerId: true }, required: ['customerId'] },
      { properties: { customer: true }, required: ['customer'] },
    ],
  });
export type OwnerCreateAppointmentRequest = z.input<typeof OwnerCreateAppointmentRequestSchema>;
export type OwnerCreateAppointmentInput = z.output<typeof OwnerCreateAppointmentRequestSchema>;
