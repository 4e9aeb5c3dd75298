import { z } from 'zod';
import { queryIntSchema } from './ids.js';
import { AppointmentStatusSchema, NotificationPreferencesSchema } from './appointment.js';
import { INVALID_PHONE_MESSAGE } from './phone.js';

/**
 * The owner's clients (decision 35): one record per business, phone number (E.164) and name (case,
 * spaces and accents ignored). A booking with a known number and name lands on that client and
 * changes nothing stored; the same number with another name is another client, shown as sharing
 * the number. Each appointment keeps the name, email and phone it was booked with. Owners merge
 * and split clients on purpose.
 */

export const CUSTOMER_NOT_FOUND_MESSAGE = 'Client not found';
export const CUSTOMER_PHONE_TAKEN_MESSAGE =
  'Another client already has this phone number and name. Merge the two clients instead.';
export const CUSTOMER_MERGE_SELF_MESSAGE = 'Choose another client to merge with.';
export const CUSTOMER_SPLIT_MESSAGE =
  "Choose some, not all, of this client's appointments to move to a new client.";
/** The owner's private notes on a client (never shown to the client). */
export const CUSTOMER_NOTES_MAX = 2000;
/** Most clients one page of the list may ask for. */
export const MAX_CUSTOMERS_PAGE = 100;
/** Past visits the detail lists (the counts and the total cover every visit). */
export const CUSTOMER_PAST_VISITS_SHOWN = 50;

const instant = z.string();

/** One client in the owner's list. */
export const CustomerSummarySchema = z.object({
  id: z.number().int().positive(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  /** E.164 ('+61412345678'), or as typed for a number from before numbers were checked. */
  phone: z.string(),
  /** Past visits: bookings that have begun and were neither cancelled nor a no-show. */
  visits: z.number().int().nonnegative(),
  /** Bookings still to come (not cancelled), counted apart from the visits. */
  upcomingVisits: z.number().int().nonnegative(),
  /** Other clients of the business with the same phone number (another person sharing it). */
  sharesNumberWith: z.array(z.object({ id: z.number().int().positive(), name: z.string() })),
  /** Start of the latest such booking that has begun, ISO-8601 UTC. */
  lastVisit: instant.nullable(),
  /** Start of the soonest such booking still to come. */
  nextVisit: instant.nullable(),
  createdAt: instant,
});
export type CustomerSummary = z.infer<typeof CustomerSummarySchema>;
export const CustomerListSchema = z.array(CustomerSummarySchema);

/** One booking of the client, as their history shows it. */
export const CustomerVisitSchema = z.object({
  id: z.number().int().positive(),
  date: instant,
  end: instant,
  status: AppointmentStatusSchema,
  service: z.object({ id: z.number().int().positive(), name: z.string() }),
  staff: z.object({ id: z.number().int().positive(), name: z.string() }).nullable(),
  /** The service's price in cents. */
  price: z.number().int().nonnegative(),
});
export type CustomerVisit = z.infer<typeof CustomerVisitSchema>;

/** GET /api/customers/:id: the client, their history and the owner's notes. */
export const CustomerDetailSchema = CustomerSummarySchema.extend({
  notes: z.string().nullable(),
  notificationPreferences: NotificationPreferencesSchema,
  noShows: z.number().int().nonnegative(),
  cancellations: z.number().int().nonnegative(),
  /** Cents: the prices of the completed visits. */
  totalSpent: z.number().int().nonnegative(),
  /** Bookings from now on, soonest first (cancelled ones included, with their status). */
  upcoming: z.array(CustomerVisitSchema),
  /** Bookings that have begun, newest first, the latest CUSTOMER_PAST_VISITS_SHOWN. */
  past: z.array(CustomerVisitSchema),
});
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

const queryInt = queryIntSchema;

/**
 * GET /api/business/:id/customers: by name (first, last, ignoring case). `q` matches a name or
 * an email containing it, or a phone number containing its digits, typed in the local form
 * ('0412 345 678') or the international one ('+61 412').
 */
export const CustomersQuerySchema = z.object({
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .max(100, 'Search must be 100 characters or fewer')
    .optional()
    .transform((v) => (v ? v : undefined)),
  limit: queryInt('limit', 1, MAX_CUSTOMERS_PAGE).default(50),
  offset: queryInt('offset', 0, 1_000_000).default(0),
});
export type CustomersQueryInput = z.input<typeof CustomersQuerySchema>;
export type CustomersQuery = z.output<typeof CustomersQuerySchema>;

/** A phone number as people type it: digits with an optional +, spaces, dashes, dots, brackets. */
export const CustomerPhoneSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(30, 'Phone number is too long')
  .regex(/^\+?[\d\s().-]+$/, INVALID_PHONE_MESSAGE);

/**
 * PATCH /api/customers/:id: what the owner may change. The phone is checked and stored as E.164
 * by the API (400 when it cannot be a real number, 409 when another client of the business has
 * it). An empty email or notes clears them.
 */
export const UpdateCustomerRequestSchema = z
  .object({
    firstName: z
      .string({ error: 'First name is required' })
      .trim()
      .min(1, 'First name is required')
      .max(60, 'First name is too long')
      .optional(),
    lastName: z.string().trim().max(60, 'Last name is too long').optional(),
    email: z
      .string()
      .trim()
      .max(254, 'Email is too long')
      .meta({ format: 'email' })
      .nullish()
      .transform((v) => (v ? v : null))
      .pipe(z.email('Please enter a valid email address').nullable())
      .optional(),
    phone: CustomerPhoneSchema.optional(),
    notes: z
      .string()
      .max(CUSTOMER_NOTES_MAX, `Notes must be ${CUSTOMER_NOTES_MAX} characters or fewer`)
      .nullish()
      .transform((v) => (v?.trim() ? v.trim() : null))
      .optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    message: 'Nothing to update: send firstName, lastName, email, phone or notes',
  });
export type UpdateCustomerRequest = z.input<typeof UpdateCustomerRequestSchema>;
export type UpdateCustomerInput = z.output<typeof UpdateCustomerRequestSchema>;

/**
 * POST /api/customers/:id/merge: the other client's appointments move to this one, which keeps
 * its own details (the other's notes are added to its notes); the other client is removed. Each
 * appointment keeps the name it was booked with.
 */
export const MergeCustomerRequestSchema = z.object({
  otherCustomerId: z
    .number({ error: 'otherCustomerId must be a client id' })
    .int('otherCustomerId must be a client id')
    .positive('otherCustomerId must be a client id'),
});
export type MergeCustomerRequest = z.input<typeof MergeCustomerRequestSchema>;

/**
 * POST /api/customers/:id/split: these appointments of the client (some, not all) move to a new
 * client named as the first of them was booked (same phone). Answers the new client.
 */
export const SplitCustomerRequestSchema = z.object({
  appointmentIds: z
    .array(
      z
        .number({ error: 'appointmentIds must be appointment ids' })
        .int('appointmentIds must be appointment ids')
        .positive('appointmentIds must be appointment ids'),
      { error: 'appointmentIds must be a list of appointment ids' },
    )
    .min(1, 'Choose at least one appointment to move')
    .max(500, 'Choose at most 500 appointments'),
});
export type SplitCustomerRequest = z.input<typeof SplitCustomerRequestSchema>;
