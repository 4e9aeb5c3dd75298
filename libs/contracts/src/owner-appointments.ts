import { z } from 'zod';
import { AppointmentStatusSchema, NotificationPreferencesSchema } from './appointment.js';

/** One appointment as the owner's dashboard reads it (spec section 3, appointment owner side). */
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

const isoInstant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be an ISO-8601 date and time` });

/** GET /api/business/:id/appointments[?from=&to=]: appointments overlapping [from, to). */
export const OwnerAppointmentsQuerySchema = z
  .object({ from: isoInstant('from').optional(), to: isoInstant('to').optional() })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    message: 'from must be before to',
    path: ['to'],
  });
export type OwnerAppointmentsQuery = z.output<typeof OwnerAppointmentsQuerySchema>;

/** Status compared without regard to case (spec section 4). */
export const StatusInputSchema = z
  .string({ error: 'status must be a string' })
  .trim()
  .toLowerCase()
  .pipe(
    z.enum(['pending', 'confirmed', 'completed', 'cancelled'], {
      error: 'status must be one of pending, confirmed, completed, cancelled',
    }),
  );

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
