import { z } from 'zod';
import {
  AU_REGIONS,
  DURATION_STEP_MINUTES,
  MAX_DURATION_MINUTES,
  SLOT_INTERVALS,
} from './booking-rules.js';
import { AU_TIME_ZONES, BookingSlugSchema, TimeZoneMessages } from './business.js';
import { IdParamSchema } from './ids.js';
import { CONFIRMATION_REQUEST_HOURS } from './sms-confirmation.js';
import { MAX_BUFFER_MINUTES } from './service.js';

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .nullish()
    .transform((v) => (v ? v : null));

/** An optional email address: blank means none. */
const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.email('Please enter a valid email address').nullable());

/** An optional web address (an image's): blank means none; anything else must be http(s). */
const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(1000, `${label} must be 1000 characters or fewer`)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isWebAddress(v), {
      message: `${label} must be a web address starting with https:// or http://`,
    });

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** PATCH /api/business/{id} and /api/businesses/{id}: the Settings → General fields. */
export const UpdateBusinessRequestSchema = z
  .object({
    name: z.string().trim().min(1, 'Business Name is required').max(120),
    description: optionalText(2000, 'Description'),
    phone: optionalText(30, 'Phone number'),
    email: optionalEmail,
    address: optionalText(300, 'Address'),
    website: optionalText(300, 'Website URL'),
    logo: optionalUrl('Logo URL'),
    region: z.enum(AU_REGIONS, { error: 'Choose a state or territory' }),
    /**
     * The business's IANA zone, one of AU_TIME_ZONES. Bookings keep their instants when it
     * changes; only their local labels do.
     */
    timeZone: z.enum(AU_TIME_ZONES, { error: TimeZoneMessages.invalid }),
    minNoticeMinutes: z
      .number({ error: 'Minimum notice must be a number of minutes' })
      .int('Minimum notice must be whole minutes')
      .min(0, 'Minimum notice cannot be negative')
      .max(30 * 24 * 60, 'Minimum notice can be 30 days at most'),
    maxAdvanceDays: z
      .number({ error: 'Booking ahead must be a number of days' })
      .int('Booking ahead must be whole days')
      .min(1, 'Customers must be able to book at least 1 day ahead')
      .max(730, 'Booking ahead can be 730 days at most'),
    cancelCutoffMinutes: z
      .number({ error: 'The cut-off must be a number of minutes' })
      .int('The cut-off must be whole minutes')
      .min(0, 'The cut-off cannot be negative')
      .max(30 * 24 * 60, 'The cut-off can be 30 days at most'),
    /** Minutes between the start times offered, whatever the services' durations. */
    slotInterval: z
      .number({ error: 'Choose how often start times are offered' })
      .refine(
        (v) => (SLOT_INTERVALS as readonly number[]).includes(v),
        `Start times can be every ${SLOT_INTERVALS.join(', ')} minutes`,
      ),
    /** The booking link; old ones keep leading to the business. */
    slug: BookingSlugSchema,
    /** Off: hidden from the directory, and the booking page is not found by the public. */
    publishingEnabled: z.boolean({ error: 'Choose on or off' }),
    /**
     * The owner keeps the weekly hours the business has (the setup's 'Keep These Hours'): until the
     * hours are confirmed, here or by saving them, the business is not published.
     */
    hoursConfirmed: z.literal(true, { error: 'hoursConfirmed can only be true' }),
    /** On: staff see everyone's appointments, read-only (their own stay theirs to change). */
    staffSeeWholeDiary: z.boolean({ error: 'Choose on or off' }),
    /** Hours before an appointment its customer is asked to confirm by SMS; null: never. */
    confirmationRequestHours: z
      .number({ error: 'Choose when customers are asked to confirm' })
      .refine(
        (v) => (CONFIRMATION_REQUEST_HOURS as readonly number[]).includes(v),
        `Customers can be asked ${CONFIRMATION_REQUEST_HOURS.join(', ')} hours before, or never`,
      )
      .nullable(),
  })
  .partial();
export type UpdateBusinessRequest = z.input<typeof UpdateBusinessRequestSchema>;

const duration = z
  .number({ error: 'Validation Error: Please fill in all required fields.' })
  .int('Duration must be a whole number of minutes')
  .min(DURATION_STEP_MINUTES, `Duration must be at least ${DURATION_STEP_MINUTES} minutes`)
  .max(MAX_DURATION_MINUTES, 'Duration must be 12 hours or less')
  .multipleOf(
    DURATION_STEP_MINUTES,
    `Duration must be in steps of ${DURATION_STEP_MINUTES} minutes`,
  );
const priceCents = z
  .number({ error: 'Validation Error: Please fill in all required fields.' })
  .int('Price must be in whole cents')
  .min(0, 'Price cannot be negative')
  .max(10_000_000, 'Price is too high');

const buffer = (label: string) =>
  z
    .number({ error: `${label} must be a number of minutes` })
    .int(`${label} must be whole minutes`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_BUFFER_MINUTES, `${label} can be ${MAX_BUFFER_MINUTES} minutes at most`);

const serviceFields = z.object({
  name: z
    .string({ error: 'Validation Error: Please fill in all required fields.' })
    .trim()
    .min(1, 'Validation Error: Please fill in all required fields.')
    .max(120),
  description: optionalText(2000, 'Description'),
  duration,
  price: priceCents,
  isActive: z.boolean(),
  bufferBeforeMinutes: buffer('Buffer before'),
  bufferAfterMinutes: buffer('Buffer after'),
});

/** POST /api/services (price in integer cents, duration in minutes). */
export const CreateServiceRequestSchema = serviceFields.extend({
  businessId: IdParamSchema('businessId'),
  isActive: serviceFields.shape.isActive.default(true),
  bufferBeforeMinutes: serviceFields.shape.bufferBeforeMinutes.default(0),
  bufferAfterMinutes: serviceFields.shape.bufferAfterMinutes.default(0),
});
export type CreateServiceRequest = z.input<typeof CreateServiceRequestSchema>;

/** PATCH /api/services/{id}: only the fields sent change (no defaults, so nothing is reset). */
export const UpdateServiceRequestSchema = serviceFields.partial();
export type UpdateServiceRequest = z.input<typeof UpdateServiceRequestSchema>;

/** POST /api/staff: the owner's staff form plus the services the person offers. */
export const CreateStaffRequestSchema = z.object({
  businessId: IdParamSchema('businessId'),
  firstName: z
    .string({ error: 'First name and last name are required.' })
    .trim()
    .min(1, 'First name and last name are required.')
    .max(60),
  lastName: z
    .string({ error: 'First name and last name are required.' })
    .trim()
    .min(1, 'First name and last name are required.')
    .max(60),
  title: optionalText(80, 'Title'),
  email: optionalEmail,
  phone: optionalText(30, 'Phone number'),
  bio: optionalText(2000, 'Bio'),
  profileImage: optionalUrl('Profile image URL'),
  serviceIds: z.array(IdParamSchema('serviceId')).max(100).default([]),
});
export type CreateStaffRequest = z.input<typeof CreateStaffRequestSchema>;

/** PATCH /api/staff/{id} */
export const UpdateStaffRequestSchema = CreateStaffRequestSchema.omit({
  businessId: true,
}).partial();
export type UpdateStaffRequest = z.input<typeof UpdateStaffRequestSchema>;
