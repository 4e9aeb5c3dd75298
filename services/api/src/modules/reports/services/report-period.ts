import { Temporal } from 'temporal-polyfill';
import { DEFAULT_LATE_CANCEL_MINUTES, reportRangeDays } from '@slotwise/contracts';
import type { BusinessEntity } from '../../business/index.js';

/** A range of business-local dates, both ends included. */
export interface Period {
  from: string;
  to: string;
}

/** The period of equal length that ends the day before `period` starts. */
export function previousPeriod(period: Period): Period {
  const days = reportRangeDays(period.from, period.to);
  const from = Temporal.PlainDate.from(period.from);
  return {
    from: from.subtract({ days }).toString(),
    to: from.subtract({ days: 1 }).toString(),
  };
}

/**
 * Minutes before the start inside which a cancellation is late: the business's own cut-off for
 * changes (the time after which clients can no longer cancel themselves), or 24 hours when it
 * has none.
 */
export function lateCancelMinutes(business: BusinessEntity): number {
  return business.cancelCutoffMinutes > 0
    ? business.cancelCutoffMinutes
    : DEFAULT_LATE_CANCEL_MINUTES;
}

/**
 * SQL for the instants a period covers, in the business's zone: from the first date's midnight to
 * the midnight after the last date (a day across a daylight-saving change is 23 or 25 hours).
 * `$zone`, `$from` and `$to` are the placeholders of the zone and the two dates.
 */
export function periodBoundsSql(
  zone: string,
  from: string,
  to: string,
): { lo: string; hi: string } {
  return {
    lo: `(${from}::date::timestamp AT TIME ZONE ${zone})`,
    hi: `((${to}::date + 1)::timestamp AT TIME ZONE ${zone})`,
  };
}

/** Kept appointments: the client came or is expected (neither cancelled nor a no-show). */
export const KEPT = `status NOT IN ('cancelled', 'no_show')`;
