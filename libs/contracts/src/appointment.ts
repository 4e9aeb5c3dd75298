import { z } from 'zod';
import { MAX_ID } from './ids.js';

export const APPOINTMENT_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export const AppointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof AppointmentStatusSchema>;

export const NotificationPreferencesSchema = z.object({
  email: z.boolean(),
  sms: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** The booking form, with its exact messages. */
export const BookingFormSchema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters').max(120, 'Name is too long'),
  phone: z.string().trim().min(5, 'Phone number is required').max(30, 'Phone number is too long'),
  notes: z.string().max(1000, 'Notes must be 1000 characters or fewer').optional(),
});
export type BookingForm = z.infer<typeof BookingFormSchema>;

const PLACEHOLDER_EMAIL_DOMAIN = 'sms-only.slotwise.invalid';

/** No real e-mail is collected on the booking page: a placeholder is built from the phone. */
export function placeholderEmailForPhone(phone: string): string {
  return `${phone.replace(/\s+/g, '')}@${PLACEHOLDER_EMAIL_DOMAIN}`;
}
export function isPlaceholderEmail(email: string | null | undefined): boolean {
  return !!email && email.toLowerCase().endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`);
}

const positiveId = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} must be a positive number`)
    .max(MAX_ID, `${field} is too large`);

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
    email: z.email('Please enter a valid email address').max(254).nullish(),
    phone: z
      .string({ error: 'Phone number is required' })
      .trim()
      .min(5, 'Phone number is required')
      .max(30, 'Phone number is too long')
      .regex(/^\+?[\d\s().-]+$/, 'Please enter a valid phone number'),
    /** The chosen slot's `start`: an ISO-8601 instant. */
    date: z.iso.datetime({ offset: true, error: 'date must be an ISO-8601 date and time' }),
    /** Minutes; informative only, the service's own duration is authoritative. */
    duration: z
      .number()
      .int()
      .positive()
      .max(24 * 60)
      .optional(),
    notes: z.string().max(1000, 'Notes must be 1000 characters or fewer').nullish(),
    notificationPreferences: NotificationPreferencesSchema.default({ email: false, sms: true }),
  })
  .refine((v) => `${v.firstName} ${v.lastName}`.trim().length >= 2, {
    message: 'Name must be at least 2 characters',
    path: ['firstName'],
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
});
export type CreateAppointmentResponse = z.infer<typeof CreateAppointmentResponseSchema>;
