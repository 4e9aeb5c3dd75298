import { z } from 'zod';
import { documentedAs } from './documented-as.js';
import { ID_JSON_SCHEMA, IdParamSchema } from './ids.js';

export const StaffMemberSchema = z.object({
  id: z.number().int().positive(),
  businessId: z.number().int().positive(),
  /** Full name: first and last joined by a space. */
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  position: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
  isActive: z.boolean(),
  /** Ids of the services this person offers. */
  serviceIds: z.array(z.number().int().positive()),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffListSchema = z.array(StaffMemberSchema);

export const StaffQuerySchema = z.object({
  serviceId: IdParamSchema('serviceId').optional(),
});

export const StaffRemovalMessages = {
  chooseSomeone: 'Choose the staff member who takes over these bookings',
  chooseAnother: 'Choose another active staff member to take over these bookings',
  clashesWith: (name: string) => `Clashes with another booking of ${name}`,
} as const;

/**
 * DELETE /api/staff/{id}: what becomes of the person's upcoming bookings. Needed only when they
 * have any (else 409 STAFF_HAS_BOOKINGS): `reassign` moves every one to the staff member `to`, or
 * none of them when any clashes; `cancel` cancels them and texts each customer.
 */
export const UPCOMING_BOOKING_DECISIONS = ['reassign', 'cancel'] as const;
export type UpcomingBookingDecision = (typeof UPCOMING_BOOKING_DECISIONS)[number];

/**
 * Documented as the two forms it accepts, so the document says that `to` comes with
 * `upcoming=reassign` and only with it (openapi.ts shows a union as one exploded query object).
 */
const REMOVE_STAFF_QUERY_FORMS = {
  oneOf: [
    {
      type: 'object',
      properties: { upcoming: { const: 'reassign' }, to: ID_JSON_SCHEMA },
      required: ['upcoming', 'to'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: { upcoming: { const: 'cancel' } },
      additionalProperties: false,
    },
  ],
};

const removeStaffQuery = z
  .object({
    upcoming: z
      .enum(UPCOMING_BOOKING_DECISIONS, { error: "upcoming must be 'reassign' or 'cancel'" })
      .optional(),
    to: IdParamSchema('to')
      .optional()
      .describe('Who takes the bookings: required with upcoming=reassign, refused otherwise'),
  })
  .superRefine((query, ctx) => {
    if (query.upcoming === 'reassign' && query.to === undefined) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: StaffRemovalMessages.chooseSomeone });
    }
    if (query.upcoming !== 'reassign' && query.to !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to goes with upcoming=reassign' });
    }
  });
export const RemoveStaffQuerySchema = documentedAs(removeStaffQuery, REMOVE_STAFF_QUERY_FORMS);
export type RemoveStaffQuery = z.input<typeof RemoveStaffQuerySchema>;

/** 409 STAFF_HAS_BOOKINGS: the person still has bookings to come. */
export function staffHasBookingsMessage(count: number): string {
  return `This staff member has ${count} upcoming ${count === 1 ? 'booking' : 'bookings'}. Reassign or cancel them first.`;
}

/** 409 STAFF_REASSIGN_CLASH: some bookings cannot go to `name`, so nothing changed. */
export function staffReassignClashMessage(count: number, name: string): string {
  const clash = count === 1 ? '1 booking clashes' : `${count} bookings clash`;
  return `${clash} with ${name}'s other bookings, so nothing was moved or deleted. Choose someone else, or cancel them.`;
}

/** 'Jane Smith' → first 'Jane', last 'Smith': split at the first space, the rest is the last. */
export function splitFullName(full: string): { firstName: string; lastName: string } {
  const trimmed = full.trim().replace(/\s+/g, ' ');
  const at = trimmed.indexOf(' ');
  if (at === -1) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, at), lastName: trimmed.slice(at + 1) };
}
