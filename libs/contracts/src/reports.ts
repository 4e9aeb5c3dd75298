import { z } from 'zod';
import { calendarDateSchema } from './dates.js';
import { IdSchema } from './ids.js';

/** The longest range a report or an export covers, in days (both ends included). */
export const MAX_REPORT_DAYS = 366;
export const REPORT_RANGE_TOO_LONG_MESSAGE = `A report covers at most ${MAX_REPORT_DAYS} days`;
export const REPORT_RANGE_ORDER_MESSAGE = "'from' must be on or before 'to'";
/** Rebooking: a client counts as rebooked when they booked again within this many days. */
export const DEFAULT_REBOOK_WITHIN_DAYS = 42;
/** Late cancellation when the business has no cut-off of its own (24 hours). */
export const DEFAULT_LATE_CANCEL_MINUTES = 24 * 60;

function dayNumber(date: string): number {
  return Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86_400_000;
}

/** Days from `from` to `to`, both included. */
export function reportRangeDays(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

const rangeShape = {
  from: calendarDateSchema("'from'"),
  to: calendarDateSchema("'to'"),
};

function checkRange(value: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (value.from > value.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_RANGE_ORDER_MESSAGE });
  } else if (reportRangeDays(value.from, value.to) > MAX_REPORT_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_RANGE_TOO_LONG_MESSAGE });
  }
}

/** A range of business-local dates, both included. */
export const ReportRangeQuerySchema = z.object(rangeShape).superRefine(checkRange);
export type ReportRangeQuery = z.infer<typeof ReportRangeQuerySchema>;
export type ReportRangeQueryInput = z.input<typeof ReportRangeQuerySchema>;

export const ReportSummaryQuerySchema = z
  .object({
    ...rangeShape,
    rebookWithinDays: z.coerce
      .number()
      .int('rebookWithinDays must be a whole number of days')
      .min(1, 'rebookWithinDays must be between 1 and 365')
      .max(365, 'rebookWithinDays must be between 1 and 365')
      .default(DEFAULT_REBOOK_WITHIN_DAYS),
  })
  .superRefine(checkRange);
export type ReportSummaryQuery = z.infer<typeof ReportSummaryQuerySchema>;
export type ReportSummaryQueryInput = z.input<typeof ReportSummaryQuerySchema>;

export const REPORT_INTERVALS = ['day', 'week'] as const;
export const ReportTimeseriesQuerySchema = z
  .object({
    ...rangeShape,
    interval: z
      .enum(REPORT_INTERVALS, { error: "interval must be 'day' or 'week'" })
      .default('day'),
  })
  .superRefine(checkRange);
export type ReportTimeseriesQuery = z.infer<typeof ReportTimeseriesQuerySchema>;
export type ReportTimeseriesQueryInput = z.input<typeof ReportTimeseriesQuerySchema>;

const count = z.number().int().nonnegative();
/** A share between 0 and 1; null when its denominator is 0. */
const rate = z.number().min(0).max(1).nullable();

export const ReportAppointmentCountsSchema = z.object({
  total: count,
  pending: count,
  confirmed: count,
  completed: count,
  cancelled: count,
  noShow: count,
});

/**
 * The money Stripe confirmed in a period, in cents, counted by when Slotwise recorded Stripe's
 * confirmation (docs/reports.md): never a pending, failed or canceled charge or refund.
 */
export const ReportMoneySchema = z.object({
  /** Deposits, late-cancellation fees and no-show fees Stripe took (later refunds included). */
  takenCents: count,
  /** Refunds Stripe made. */
  refundedCents: count,
  /** Late-cancellation and no-show fees Stripe took (a part of takenCents). */
  feesRecoveredCents: count,
});
export type ReportMoney = z.infer<typeof ReportMoneySchema>;

/** Every figure of one period (see docs/reports.md for each definition). */
export const ReportFiguresSchema = z.object({
  from: calendarDateSchema(),
  to: calendarDateSchema(),
  appointments: ReportAppointmentCountsSchema,
  /** Cents: completed appointments at the price they were booked at. */
  expectedRevenueCents: count,
  noShowRate: rate,
  lateCancellations: count,
  lateCancellationRate: rate,
  bookedMinutes: count,
  workingMinutes: count,
  utilisation: z.number().nonnegative().nullable(),
  newClients: count,
  returningClients: count,
  rebookedClients: count,
  rebookingRate: rate,
  onlineBookings: count,
  ownerBookings: count,
  /**
   * Money taken, refunded and fees recovered; null for a role without the payments permission
   * (`payments.manage`: managers and staff do not see the business's money, docs/decisions/025).
   */
  money: ReportMoneySchema.nullable(),
});
export type ReportFigures = z.infer<typeof ReportFiguresSchema>;

export const ReportSummarySchema = z.object({
  timeZone: z.string(),
  /** Minutes before the start within which a cancellation counts as late. */
  lateCancelMinutes: count,
  rebookWithinDays: count,
  current: ReportFiguresSchema,
  /** The period of equal length just before. */
  previous: ReportFiguresSchema,
});
export type ReportSummary = z.infer<typeof ReportSummarySchema>;

/** The counts of a chart's point and of a staff or service table's row. */
const tableRow = {
  appointments: count,
  completed: count,
  noShows: count,
  cancelled: count,
  expectedRevenueCents: count,
  bookedMinutes: count,
};

export const ReportPointSchema = z.object({
  /** The business-local date the day or the week (Monday) starts. */
  start: calendarDateSchema(),
  ...tableRow,
  /** The money Stripe confirmed that day or week; null as in the summary (no payments permission). */
  money: ReportMoneySchema.nullable(),
});
export const ReportTimeseriesSchema = z.object({
  interval: z.enum(REPORT_INTERVALS),
  points: z.array(ReportPointSchema),
});
export type ReportPoint = z.infer<typeof ReportPointSchema>;
export type ReportTimeseries = z.infer<typeof ReportTimeseriesSchema>;

export const StaffReportRowSchema = z.object({
  /** Null: bookings of the business itself (no staff member). */
  staffId: IdSchema('staffId').nullable(),
  name: z.string(),
  ...tableRow,
  workingMinutes: count,
  utilisation: z.number().nonnegative().nullable(),
});
export const StaffReportSchema = z.object({ rows: z.array(StaffReportRowSchema) });
export type StaffReportRow = z.infer<typeof StaffReportRowSchema>;
export type StaffReport = z.infer<typeof StaffReportSchema>;

export const ServiceReportRowSchema = z.object({
  serviceId: IdSchema('serviceId'),
  name: z.string(),
  ...tableRow,
});
export const ServiceReportSchema = z.object({ rows: z.array(ServiceReportRowSchema) });
export type ServiceReportRow = z.infer<typeof ServiceReportRowSchema>;
export type ServiceReport = z.infer<typeof ServiceReportSchema>;

export const ClientsExportQuerySchema = z
  .object({
    from: calendarDateSchema("'from'").optional(),
    to: calendarDateSchema("'to'").optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.from === undefined) !== (value.to === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: "Give both 'from' and 'to', or neither",
      });
    } else if (value.from && value.to) checkRange({ from: value.from, to: value.to }, ctx);
  });
export type ClientsExportQuery = z.infer<typeof ClientsExportQuerySchema>;
export type ClientsExportQueryInput = z.input<typeof ClientsExportQuerySchema>;
