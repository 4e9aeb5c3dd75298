import { z } from 'zod';
import { calendarDateSchema, DATE_RANGE_TEXT, instantSchema } from './dates.js';
import { IdParamSchema } from './ids.js';
import { DEFAULT_SLOT_DURATION } from './booking-rules.js';

export {
  SLOT_DURATIONS,
  DEFAULT_SLOT_DURATION,
  SLOT_INTERVALS,
  DEFAULT_SLOT_INTERVAL,
  type SlotInterval,
  DURATION_STEP_MINUTES,
  MAX_DURATION_MINUTES,
  MIN_NOTICE_MINUTES,
  MAX_BOOKING_DAYS_AHEAD,
  CANCEL_CUTOFF_MINUTES,
  AU_REGIONS,
  DEFAULT_REGION,
  type AuRegion,
} from './booking-rules.js';

/** One weekday's opening intervals, as the business's and a staff member's hours answer them. */
export const DayIntervalsSchema = z.object({
  /** 0 Sunday … 6 Saturday. */
  dayOfWeek: z.number().int().min(0).max(6),
  isOpen: z.boolean(),
  /**
   * The first interval ('HH:MM', 24:00 is midnight), for clients that know one pair only ('' when
   * the day has none).
   */
  openTime: z.string(),
  closeTime: z.string(),
  /** Every opening interval of the day, sorted; the gaps between them are breaks. */
  intervals: z.array(z.object({ openTime: z.string(), closeTime: z.string() })),
});

/** One weekday of a business's hours (GET/PUT /api/business/{id}/availability). */
export const AvailabilitySchema = z.object({
  businessId: z.number().int().positive(),
  ...DayIntervalsSchema.shape,
  slotDuration: z.number().int().positive(),
});
export type Availability = z.infer<typeof AvailabilitySchema>;

/** The default template's hours: also the spec's pair for a closed day saved without any. */
export const DEFAULT_OPEN_TIME = '09:00';
export const DEFAULT_CLOSE_TIME = '17:00';

/** The default weekly template: Mon–Fri 09:00–17:00, weekend closed, 30-minute slots. */
export function defaultWeeklyHours(): Omit<Availability, 'businessId'>[] {
  return [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    isOpen: dayOfWeek >= 1 && dayOfWeek <= 5,
    openTime: DEFAULT_OPEN_TIME,
    closeTime: DEFAULT_CLOSE_TIME,
    intervals: [{ openTime: DEFAULT_OPEN_TIME, closeTime: DEFAULT_CLOSE_TIME }],
    slotDuration: DEFAULT_SLOT_DURATION,
  }));
}

/**
 * `date` is the day to list, in the business's zone: 'YYYY-MM-DD' (what our front end sends), or an
 * ISO timestamp (the spec's form), read as the business-local day that instant falls on.
 */
export const AvailableTimesQuerySchema = z.object({
  date: z.union([calendarDateSchema('date'), instantSchema('date')], {
    error: (iss) =>
      iss.input === undefined
        ? 'date is required'
        : `date must be YYYY-MM-DD or an ISO timestamp, on ${DATE_RANGE_TEXT}`,
  }),
  serviceId: IdParamSchema('serviceId'),
  staffId: IdParamSchema('staffId').optional(),
  nocache: z.string().optional(),
});
export type AvailableTimesQuery = z.infer<typeof AvailableTimesQuerySchema>;

export const AvailableTimeSchema = z.object({
  /** Display text in the business's zone, e.g. '9:30 AM'. */
  time: z.string(),
  /** The slot's start as an ISO-8601 UTC instant; send it back as the booking's `date`. */
  start: z.string(),
  /**
   * The zone's abbreviation at that instant ('AEDT', 'AEST'): on the day the clocks go back, the
   * repeated hour is offered twice, once per real instant, and this tells the two apart.
   */
  timeZoneName: z.string(),
});
export type AvailableTime = z.infer<typeof AvailableTimeSchema>;
export const AvailableTimeListSchema = z.array(AvailableTimeSchema);
