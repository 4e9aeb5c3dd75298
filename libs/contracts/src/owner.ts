import { z } from 'zod';
import { SLOT_DURATIONS } from './booking-rules.js';
import { IdParamSchema } from './ids.js';

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

/** PATCH /api/business/{id} and /api/businesses/{id}: the Settings → General fields. */
export const UpdateBusinessRequestSchema = z
  .object({
    name: z.string().trim().min(1, 'Business Name is required').max(120),
    description: optionalText(2000, 'Description'),
    phone: optionalText(30, 'Phone number'),
    email: optionalEmail,
    address: optionalText(300, 'Address'),
    website: optionalText(300, 'Website URL'),
    logo: optionalText(1000, 'Logo URL'),
  })
  .partial();
export type UpdateBusinessRequest = z.input<typeof UpdateBusinessRequestSchema>;

const duration = z
  .number({ error: 'Validation Error: Please fill in all required fields.' })
  .int('Duration must be a whole number of minutes')
  .min(15, 'Duration must be at least 15 minutes')
  .max(8 * 60, 'Duration must be 8 hours or less')
  .refine((v) => v % 15 === 0, 'Duration must be in steps of 15 minutes');
const priceCents = z
  .number({ error: 'Validation Error: Please fill in all required fields.' })
  .int('Price must be in whole cents')
  .min(0, 'Price cannot be negative')
  .max(10_000_000, 'Price is too high');

/** POST /api/services (price in integer cents, duration in minutes). */
export const CreateServiceRequestSchema = z.object({
  businessId: IdParamSchema('businessId'),
  name: z
    .string({ error: 'Validation Error: Please fill in all required fields.' })
    .trim()
    .min(1, 'Validation Error: Please fill in all required fields.')
    .max(120),
  description: optionalText(2000, 'Description'),
  duration,
  price: priceCents,
  isActive: z.boolean().default(true),
});
export type CreateServiceRequest = z.input<typeof CreateServiceRequestSchema>;

/** PATCH /api/services/{id} */
export const UpdateServiceRequestSchema = CreateServiceRequestSchema.omit({
  businessId: true,
}).partial();
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
  profileImage: optionalText(1000, 'Profile image URL'),
  serviceIds: z.array(IdParamSchema('serviceId')).max(100).default([]),
});
export type CreateStaffRequest = z.input<typeof CreateStaffRequestSchema>;

/** PATCH /api/staff/{id} */
export const UpdateStaffRequestSchema = CreateStaffRequestSchema.omit({
  businessId: true,
}).partial();
export type UpdateStaffRequest = z.input<typeof UpdateStaffRequestSchema>;

/** Opening and closing choices: every 30 minutes from 07:00 to 22:00. */
export const HOURS_TIME_CHOICES: readonly string[] = Array.from({ length: 31 }, (_, i) => {
  const minutes = 7 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

export const DayHoursSchema = z
  .object({
    dayOfWeek: z.number().int().min(0).max(6),
    isOpen: z.boolean(),
    openTime: z
      .string()
      .refine((v) => HOURS_TIME_CHOICES.includes(v), 'Choose a time between 7:00 AM and 10:00 PM'),
    closeTime: z
      .string()
      .refine((v) => HOURS_TIME_CHOICES.includes(v), 'Choose a time between 7:00 AM and 10:00 PM'),
    slotDuration: z
      .number()
      .refine(
        (v) => (SLOT_DURATIONS as readonly number[]).includes(v),
        'Choose a listed appointment duration',
      ),
  })
  .refine((d) => !d.isOpen || d.closeTime > d.openTime, {
    message: 'Closing time must be after opening time',
    path: ['closeTime'],
  });
export type DayHours = z.infer<typeof DayHoursSchema>;

/** PUT /api/business/{id}/availability: all seven days, one each. */
export const WeeklyHoursRequestSchema = z
  .array(DayHoursSchema)
  .length(7, 'Send all seven days')
  .refine((days) => new Set(days.map((d) => d.dayOfWeek)).size === 7, 'Each day of the week once');
export type WeeklyHoursRequest = z.input<typeof WeeklyHoursRequestSchema>;
