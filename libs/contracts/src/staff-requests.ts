import { z } from 'zod';
import { instantSchema } from './dates.js';
import { refineTimeOff, StaffHoursRequestSchema, StaffHoursSchema } from './schedule.js';

// Issue 25: staff change their own hours and time off as requests the owner or a manager approves.

export const STAFF_REQUEST_KINDS = ['hours', 'time-off'] as const;
export type StaffRequestKind = (typeof STAFF_REQUEST_KINDS)[number];

export const STAFF_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type StaffRequestStatus = (typeof STAFF_REQUEST_STATUSES)[number];

export const StaffRequestMessages = {
  notFound: 'Request not found',
  decided: 'This request has already been decided',
  noStaffRecord: 'Your account is not linked to a staff member of this business',
  ownOnly: 'You can only ask to change your own hours and time off',
} as const;

export const STAFF_REQUEST_STATUS_LABELS: Record<StaffRequestStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  declined: 'Declined',
};

const note = z
  .string()
  .trim()
  .max(120, 'Note must be 120 characters or fewer')
  .nullish()
  .transform((v) => (v ? v : null));

/** The staff member asked for: the caller's own record (the only one a member may name). */
const staffId = z.number().int().positive().max(2_147_483_647).optional();

/**
 * POST /api/business/{id}/staff-requests: a staff member proposes their own weekly hours (all
 * seven days, as `PUT /api/staff/{id}/availability` takes them) or a time-off period (as
 * `POST /api/staff/{id}/time-off`), with an optional note (time off keeps it as its reason).
 */
export const CreateStaffChangeRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('hours'), staffId, days: StaffHoursRequestSchema, note }).strict(),
    refineTimeOff(
      z
        .object({
          kind: z.literal('time-off'),
          staffId,
          start: instantSchema('start'),
          end: instantSchema('end'),
          note,
        })
        .strict(),
    ),
  ],
  { error: 'Kind must be hours or time-off' },
);
export type CreateStaffChangeRequest = z.input<typeof CreateStaffChangeRequestSchema>;

/** POST /api/business/{id}/staff-requests/{requestId}/decline. */
export const DeclineStaffChangeRequestSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .max(300, 'Reason must be 300 characters or fewer')
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .strict();
export type DeclineStaffChangeRequest = z.input<typeof DeclineStaffChangeRequestSchema>;

/** GET /api/business/{id}/staff-requests?status=pending. */
export const StaffChangeRequestQuerySchema = z.object({
  status: z
    .enum(STAFF_REQUEST_STATUSES, { error: 'Status must be pending, approved or declined' })
    .optional(),
});
export type StaffChangeRequestQuery = z.input<typeof StaffChangeRequestQuerySchema>;

export const StaffChangeRequestSchema = z.object({
  id: z.number().int().positive(),
  staffId: z.number().int().positive(),
  staffName: z.string(),
  kind: z.enum(STAFF_REQUEST_KINDS),
  /** The proposed week (`hours`), as `GET /api/staff/{id}/availability` shows a week. */
  days: StaffHoursSchema.shape.days.nullable(),
  /** The time off asked for (`time-off`), ISO-8601 UTC. */
  start: z.string().nullable(),
  end: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(STAFF_REQUEST_STATUSES),
  /** ISO-8601 UTC. */
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The name of the owner or manager who decided. */
  decidedBy: z.string().nullable(),
  declineReason: z.string().nullable(),
});
export type StaffChangeRequest = z.infer<typeof StaffChangeRequestSchema>;
export const StaffChangeRequestListSchema = z.array(StaffChangeRequestSchema);
