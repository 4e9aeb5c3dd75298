import { z } from 'zod';
import { AppointmentStatusSchema, NotificationPreferencesSchema } from './appointment.js';

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
  customer: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    notificationPreferences: NotificationPreferencesSchema,
  }),
});
export type OwnerAppointment = z.infer<typeof OwnerAppointmentSchema>;
export const OwnerAppointmentListSchema = z.array(OwnerAppointmentSchema);

/** Status compared without regard to case. */
export const StatusInputSchema = z
  .string({ error: 'status must be a string' })
  .trim()
  .toLowerCase()
  .pipe(
    z.enum(['pending', 'confirmed', 'completed', 'cancelled'], {
      error: 'status must be one of pending, confirmed, completed, cancelled',
    }),
  );

const isoInstant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be an ISO-8601 date and time` });

/** Most rows one page of the owner's list may ask for. */
export const MAX_APPOINTMENTS_PAGE = 500;

/** A whole number from a query string, digits only (a number is accepted too). */
const queryInt = (field: string, min: number, max: number) =>
  z
    .union(
      [z.string().regex(/^\d+$/, `${field} must be a whole number`).transform(Number), z.number()],
      {
        error: `${field} must be a whole number`,
      },
    )
    .pipe(
      z
        .number()
        .int(`${field} must be a whole number`)
        .min(min, `${field} must be at least ${min}`)
        .max(max, `${field} must be at most ${max}`),
    );

/** 'confirmed,pending' (or repeated): the statuses to keep, compared without regard to case. */
const statusList = z
  .union([z.string(), z.array(z.string())], { error: 'status must be a list of statuses' })
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  )
  .pipe(z.array(StatusInputSchema));

/**
 * GET /api/business/:id/appointments: newest first. Without any parameter every appointment of
 * the business (the spec's behaviour). `from`/`to`: only those overlapping [from, to) (the
 * calendar). `q`: customer first or last name or service name containing it, ignoring case;
 * `status`: only these statuses; `limit`/`offset`: one page (the table's 'Load more').
 */
export const OwnerAppointmentsQuerySchema = z
  .object({
    from: isoInstant('from').optional(),
    to: isoInstant('to').optional(),
    q: z
      .string({ error: 'q must be text' })
      .trim()
      .max(100, 'Search must be 100 characters or fewer')
      .optional()
      .transform((v) => (v ? v : undefined)),
    status: statusList.optional(),
    limit: queryInt('limit', 1, MAX_APPOINTMENTS_PAGE).optional(),
    offset: queryInt('offset', 0, 1_000_000).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    message: 'from must be before to',
    path: ['to'],
  });
export type OwnerAppointmentsQuery = z.output<typeof OwnerAppointmentsQuerySchema>;

/** PATCH /api/appointments/:id: the fields an owner may change. */
export const UpdateAppointmentRequestSchema = z
  .object({
    status: StatusInputSchema.optional(),
    notes: z.string().max(1000, 'Notes must be 1000 characters or fewer').nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.notes !== undefined, {
    message: 'Nothing to update: send status or notes',
  });
export type UpdateAppointmentRequest = z.input<typeof UpdateAppointmentRequestSchema>;
export type UpdateAppointmentInput = z.output<typeof UpdateAppointmentRequestSchema>;

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
