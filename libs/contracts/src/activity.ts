import { z } from 'zod';
import { queryIntSchema } from './ids.js';

/**
 * Who made a change: a customer through their booking link or the public page, a signed-in
 * person (today the owner; later any member: `userId` and the name they go by), or Slotwise
 * itself (the worker, automatic changes).
 */
export const ACTOR_KINDS = ['customer', 'user', 'system'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];
export const ActorSchema = z.object({
  kind: z.enum(ACTOR_KINDS),
  /** The signed-in person's account (uuid); null for customers and the system. */
  userId: z.string().nullable(),
  /** The name shown: the person's, the customer's as booked, or 'Slotwise'. */
  name: z.string(),
});
export type Actor = z.infer<typeof ActorSchema>;

/** What happened to a booking. `fee` is a no-show or late-cancellation fee charged. */
export const BOOKING_CHANGE_KINDS = [
  'created',
  'moved',
  'cancelled',
  'status',
  'no_show',
  'notes',
  'fee',
] as const;
export type BookingChangeKind = (typeof BOOKING_CHANGE_KINDS)[number];

/** What else the activity log records besides bookings. */
export const ACTIVITY_SUBJECTS = ['appointment', 'hours', 'service', 'staff', 'member'] as const;
export type ActivitySubject = (typeof ACTIVITY_SUBJECTS)[number];

/** One change of one appointment, as its dialog lists it (oldest first). */
export const HistoryEntrySchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(BOOKING_CHANGE_KINDS),
  actor: ActorSchema,
  /** ISO-8601 UTC. */
  at: z.string(),
  /** What changed, briefly: the new time, the new status, the fee in cents. */
  details: z.record(z.string(), z.unknown()),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** One entry of Settings → Activity. */
export const ActivityEntrySchema = z.object({
  id: z.number().int().positive(),
  subject: z.enum(ACTIVITY_SUBJECTS),
  /**
   * The row it is about (appointment, service, staff member; for hours the staff member whose own
   * hours changed, null for the business's).
   */
  subjectId: z.number().int().positive().nullable(),
  /** created, updated, deleted, or a booking change's kind. */
  action: z.string(),
  /** A sentence for people: 'Haircut updated', 'Weekly hours changed'. */
  summary: z.string(),
  actor: ActorSchema,
  at: z.string(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ActivityPageSchema = z.object({
  entries: z.array(ActivityEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.number().int().positive().nullable(),
});
export type ActivityPage = z.infer<typeof ActivityPageSchema>;

export const MAX_ACTIVITY_PAGE = 100;
/** GET /api/business/:id/activity: newest first, `limit` at a time, older than `before`. */
export const ActivityQuerySchema = z.object({
  before: queryIntSchema('before', 1, Number.MAX_SAFE_INTEGER).optional(),
  limit: queryIntSchema('limit', 1, MAX_ACTIVITY_PAGE).default(50),
});
export type ActivityQueryInput = z.input<typeof ActivityQuerySchema>;
export type ActivityQuery = z.output<typeof ActivityQuerySchema>;

/**
 * One event of GET /api/business/:id/events (text/event-stream): its SSE `id` is the activity
 * entry's id (for Last-Event-ID), its `event` is `booking`, its `data` this JSON.
 */
export const LiveBookingEventSchema = z.object({
  id: z.number().int().positive(),
  appointmentId: z.number().int().positive(),
  kind: z.enum(BOOKING_CHANGE_KINDS),
  /** The booking as it now stands (ISO-8601 UTC). */
  startsAt: z.string(),
  endsAt: z.string(),
  staffId: z.number().int().positive().nullable(),
  status: z.string(),
  actor: ActorSchema,
  at: z.string(),
});
export type LiveBookingEvent = z.infer<typeof LiveBookingEventSchema>;

/** The SSE event names the stream sends. */
export const LIVE_EVENT = { booking: 'booking', ready: 'ready' } as const;
/** Seconds between the stream's heartbeats (a comment line), below proxies' idle timeouts. */
export const LIVE_HEARTBEAT_SECONDS = 15;
