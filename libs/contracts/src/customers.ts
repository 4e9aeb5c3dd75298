import { z } from 'zod';
import { queryIntSchema } from './ids.js';
import { AppointmentStatusSchema, NotificationPreferencesSchema } from './appointment.js';
import { INVALID_PHONE_MESSAGE } from './phone.js';

/**
 * The owner's clients: one record per business and phone number (E.164). A booking from a number
 * the business already knows lands on that client. Booking online, the customer brings their
 * name, email and preferences up to date; the owner's "new client" only fills in a blank last
 * name or email. A blank field never wipes a stored one.
 */

export const CUSTOMER_NOT_FOUND_MESSAGE = 'Client not found';
export const CUSTOMER_PHONE_TAKEN_MESSAGE = 'Another client already has this phone number.';
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
  /** Bookings kept or to come: neither cancelled nor a no-show. */
  visits: z.number().int().nonnegative(),
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
