import { z } from 'zod';
import { SLOT_DURATIONS, SLOT_INTERVALS } from './booking-rules.js';
import { calendarDateSchema, calendarMonthSchema, instantSchema } from './dates.js';
import { AU_TIME_ZONES } from './business.js';
import { DayIntervalsSchema } from './availability.js';
import { IdParamSchema } from './ids.js';

/**
 * A wall-clock time of the business's day, 'HH:MM' from 00:00 to 24:00 (24:00 is the midnight that
 * ends the day), so 24-hour businesses and the daylight-saving hours themselves can be written.
 */
export const ClockTimeSchema = z
  .string()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'Time must be HH:MM between 00:00 and 24:00');

/** 'HH:MM' (00:00–24:00) → minutes after midnight. */
export function clockMinutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/** Minutes after midnight → 'HH:MM' (1440 → '24:00'). */
export function clockText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export const OpeningIntervalSchema = z
  .object({ openTime: ClockTimeSchema, closeTime: ClockTimeSchema })
  .refine((i) => clockMinutes(i.closeTime) > clockMinutes(i.openTime), {
    message: 'Closing time must be after opening time',
    path: ['closeTime'],
  });
export type OpeningInterval = z.infer<typeof OpeningIntervalSchema>;

/** A day's intervals: sorted by opening time and not overlapping (a break is the gap between two). */
export const OpeningIntervalsSchema = z
  .array(OpeningIntervalSchema)
  .max(12, 'At most 12 intervals a day')
  .superRefine((intervals, ctx) => {
    for (let i = 1; i < intervals.length; i += 1) {
      const previous = intervals[i - 1]!;
      const current = intervals[i]!;
      if (clockMinutes(current.openTime) < clockMinutes(previous.closeTime)) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'openTime'],
          message: 'Intervals must be in order and must not overlap',
        });
      }
    }
  });

/** Opening and closing choices on the owner's screens: every 15 minutes from 00:00 to 24:00. */
export const HOURS_TIME_CHOICES: readonly string[] = Array.from({ length: 97 }, (_, i) =>
  clockText(i * 15),
);

/**
 * A day's step between start times: older clients' choices, or one of the business's slot
 * intervals (a week whose open days share one sets the business's interval).
 */
const SLOT_STEPS: readonly number[] = [...new Set([...SLOT_INTERVALS, ...SLOT_DURATIONS])];
const slotDuration = z
  .number()
  .refine((v) => SLOT_STEPS.includes(v), 'Choose a listed appointment duration');

const dayFields = {
  dayOfWeek: z.number().int().min(0).max(6),
  isOpen: z.boolean(),
  openTime: ClockTimeSchema.optional(),
  closeTime: ClockTimeSchema.optional(),
  intervals: OpeningIntervalsSchema.optional(),
};

interface DayInput {
  isOpen: boolean;
  openTime?: string | undefined;
  closeTime?: string | undefined;
  intervals?: OpeningInterval[] | undefined;
}

/** The day's intervals: `intervals`, else the older clients' single pair, else none. */
function dayIntervals(d: DayInput): OpeningInterval[] {
  if (d.intervals) return d.intervals;
  return d.openTime !== undefined && d.closeTime !== undefined
    ? [{ openTime: d.openTime, closeTime: d.closeTime }]
    : [];
}

/** An open day needs hours; a pair, like an interval, must close after it opens. */
function checkDay(d: DayInput, ctx: z.RefinementCtx, emptyMessage: string): void {
  if (d.intervals === undefined) {
    if (d.openTime === undefined || d.closeTime === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['openTime'],
        message: 'Send intervals, or an opening and a closing time',
      });
      return;
    }
    if (d.isOpen && clockMinutes(d.closeTime) <= clockMinutes(d.openTime)) {
      ctx.addIssue({
        code: 'custom',
        path: ['closeTime'],
        message: 'Closing time must be after opening time',
      });
      return;
    }
  }
  if (d.isOpen && dayIntervals(d).length === 0) {
    ctx.addIssue({ code: 'custom', path: ['intervals'], message: emptyMessage });
  }
}

/**
 * One weekday of PUT /api/business/{id}/availability. `intervals` lists the opening intervals;
 * older clients send one `openTime`/`closeTime` pair instead, read as a single interval.
 */
export const DayHoursSchema = z
  .object({ ...dayFields, slotDuration })
  .superRefine((d, ctx) => checkDay(d, ctx, 'Add opening hours'))
  .transform((d) => ({
    dayOfWeek: d.dayOfWeek,
    isOpen: d.isOpen,
    slotDuration: d.slotDuration,
    intervals: dayIntervals(d),
  }));
export type DayHoursInput = z.input<typeof DayHoursSchema>;
export type DayHours = z.output<typeof DayHoursSchema>;

const sevenDays = <T extends z.ZodType<{ dayOfWeek: number }>>(day: T) =>
  z
    .array(day)
    .length(7, 'Send all seven days')
    .refine(
      (days) => new Set(days.map((d) => d.dayOfWeek)).size === 7,
      'Each day of the week once',
    );

/** PUT /api/business/{id}/availability: all seven days, one each. */
export const WeeklyHoursRequestSchema = sevenDays(DayHoursSchema);
export type WeeklyHoursRequest = z.input<typeof WeeklyHoursRequestSchema>;

/** One weekday of a staff member's own hours (no slot step: the business's grid applies). */
export const StaffDayHoursSchema = z
  .object({
    ...dayFields,
    /** Accepted for the same shape as the business's days; the business's step applies. */
    slotDuration: z.number().optional(),
  })
  .superRefine((d, ctx) => checkDay(d, ctx, 'Add working hours'))
  .transform((d) => ({ dayOfWeek: d.dayOfWeek, isOpen: d.isOpen, intervals: dayIntervals(d) }));
export type StaffDayHours = z.output<typeof StaffDayHoursSchema>;

/** PUT /api/staff/{id}/availability: the person's own week, all seven days. */
export const StaffHoursRequestSchema = sevenDays(StaffDayHoursSchema);
export type StaffHoursRequest = z.input<typeof StaffHoursRequestSchema>;

/** GET /api/staff/{id}/availability. Without own hours the person works the business's hours. */
export const StaffHoursSchema = z.object({
  staffId: z.number().int().positive(),
  /** False: `days` are the business's hours, which the person follows. */
  ownHours: z.boolean(),
  days: z.array(DayIntervalsSchema),
});
export type StaffHours = z.infer<typeof StaffHoursSchema>;

const calendarDate = calendarDateSchema();
const reason = z
  .string()
  .trim()
  .max(120, 'Reason must be 120 characters or fewer')
  .nullish()
  .transform((v) => (v ? v : null));

/** POST /api/business/{id}/closures: closed from one date to another, both included. */
export const CreateClosureRequestSchema = z
  .object({ from: calendarDate, to: calendarDate, reason })
  .refine((c) => c.to >= c.from, {
    message: 'The last day must not be before the first',
    path: ['to'],
  })
  .refine(
    (c) => Date.parse(`${c.to}T00:00:00Z`) - Date.parse(`${c.from}T00:00:00Z`) <= 366 * 86_400_000,
    { message: 'A closure can last a year at most', path: ['to'] },
  );
export type CreateClosureRequest = z.input<typeof CreateClosureRequestSchema>;

export const ClosureSchema = z.object({
  id: z.number().int().positive(),
  businessId: z.number().int().positive(),
  from: z.string(),
  to: z.string(),
  reason: z.string().nullable(),
});
export type Closure = z.infer<typeof ClosureSchema>;
export const ClosureListSchema = z.array(ClosureSchema);

/** GET /api/business/{id}/closures/holidays: the public holidays of the business's state ahead. */
export const PublicHolidaySchema = z.object({
  date: z.string(),
  name: z.string(),
  /** A closure already covers the date. */
  closed: z.boolean(),
});
export type PublicHoliday = z.infer<typeof PublicHolidaySchema>;
export const PublicHolidayListSchema = z.array(PublicHolidaySchema);

/** POST /api/business/{id}/special-hours: other intervals for one date (none: closed that day). */
export const SpecialHoursRequestSchema = z.object({
  date: calendarDate,
  intervals: OpeningIntervalsSchema,
  reason,
});
export type SpecialHoursRequest = z.input<typeof SpecialHoursRequestSchema>;

export const SpecialHoursSchema = z.object({
  id: z.number().int().positive(),
  businessId: z.number().int().positive(),
  date: z.string(),
  intervals: z.array(z.object({ openTime: z.string(), closeTime: z.string() })),
  reason: z.string().nullable(),
});
export type SpecialHours = z.infer<typeof SpecialHoursSchema>;
export const SpecialHoursListSchema = z.array(SpecialHoursSchema);

const instant = instantSchema;

/** Time off's rules (a direct edit's and a staff request's): ends after it starts, a year at most. */
export function refineTimeOff<T extends z.ZodType<{ start: string; end: string }>>(schema: T): T {
  return schema
    .refine((t) => Date.parse(t.end) > Date.parse(t.start), {
      message: 'The end must be after the start',
      path: ['end'],
    })
    .refine((t) => Date.parse(t.end) - Date.parse(t.start) <= 366 * 86_400_000, {
      message: 'Time off can last a year at most',
      path: ['end'],
    });
}

/** POST /api/staff/{id}/time-off: a whole day or part of one, as instants. */
export const CreateTimeOffRequestSchema = refineTimeOff(
  z.object({ start: instant('start'), end: instant('end'), reason }),
);
export type CreateTimeOffRequest = z.input<typeof CreateTimeOffRequestSchema>;

export const TimeOffSchema = z.object({
  id: z.number().int().positive(),
  staffId: z.number().int().positive(),
  /** ISO UTC instants. */
  start: z.string(),
  end: z.string(),
  reason: z.string().nullable(),
});
export type TimeOff = z.infer<typeof TimeOffSchema>;
export const TimeOffListSchema = z.array(TimeOffSchema);

/**
 * Why a date offers no times (or 'available' when it does). 'staff_not_working': the business is
 * open, but the staff member asked for (or, without one, everyone offering the service) does not
 * work then (their own hours, time off). 'no_times_left': the business is open, but the service
 * fits in none of its opening intervals (a long service between breaks).
 */
export const DAY_STATUSES = [
  'available',
  'closed',
  'staff_not_working',
  'fully_booked',
  'no_times_left',
  'outside_window',
] as const;
export type DayStatus = (typeof DAY_STATUSES)[number];

export const AvailableDaysQuerySchema = z.object({
  month: calendarMonthSchema('month'),
  serviceId: IdParamSchema('serviceId'),
  staffId: IdParamSchema('staffId').optional(),
});
export type AvailableDaysQuery = z.infer<typeof AvailableDaysQuerySchema>;

/** GET /api/business/slug/{slug}/available-days: every date of the month and whether it has times. */
export const AvailableDaysSchema = z.object({
  month: z.string(),
  timeZone: z.string(),
  /** The dates with at least one free slot, 'YYYY-MM-DD'. */
  availableDates: z.array(z.string()),
  days: z.array(z.object({ date: z.string(), status: z.enum(DAY_STATUSES) })),
});
export type AvailableDays = z.infer<typeof AvailableDaysSchema>;

/**
 * POST /api/business/{id}/availability/affected-bookings: the upcoming bookings a change of hours
 * would leave outside them, asked before the change is saved (bookings are never cancelled by it).
 */
export const AffectedBookingsRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('weekly-hours'), days: WeeklyHoursRequestSchema }),
  z.object({
    kind: z.literal('staff-hours'),
    staffId: IdParamSchema('staffId'),
    /** Null: back to the business's hours. */
    days: StaffHoursRequestSchema.nullable(),
  }),
  z.object({ kind: z.literal('closure'), from: calendarDate, to: calendarDate }),
  z.object({
    kind: z.literal('special-hours'),
    date: calendarDate,
    /** Null: the date's special hours removed, so its weekday's hours apply again. */
    intervals: OpeningIntervalsSchema.nullable(),
  }),
  z.object({
    kind: z.literal('time-off'),
    staffId: IdParamSchema('staffId'),
    start: instant('start'),
    end: instant('end'),
  }),
  /** A new zone: every upcoming booking keeps its instant, so its local time changes. */
  z.object({ kind: z.literal('time-zone'), timeZone: z.enum(AU_TIME_ZONES) }),
]);
export type AffectedBookingsRequest = z.input<typeof AffectedBookingsRequestSchema>;

export const AffectedBookingSchema = z.object({
  id: z.number().int().positive(),
  /** ISO UTC. */
  start: z.string(),
  end: z.string(),
  customerName: z.string(),
  serviceName: z.string(),
  staffName: z.string().nullable(),
});
export type AffectedBooking = z.infer<typeof AffectedBookingSchema>;
export const AffectedBookingListSchema = z.array(AffectedBookingSchema);
