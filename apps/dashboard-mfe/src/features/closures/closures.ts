import {
  type Closure,
  type SpecialHours,
  calendarDayDate,
  formatLongDate,
} from '@slotwise/contracts';
import { formatIntervals } from '../hours';

/** 'Fri, 5 Mar 2027' for a calendar day 'YYYY-MM-DD'. */
export const dayText = (day: string) => formatLongDate(calendarDayDate(day), 'UTC');

/** 'Fri, 5 Mar 2027' or 'Thu, 24 Dec 2026 – Fri, 1 Jan 2027'. */
export function closureDates(closure: Pick<Closure, 'from' | 'to'>): string {
  return closure.to === closure.from
    ? dayText(closure.from)
    : `${dayText(closure.from)} – ${dayText(closure.to)}`;
}

/** '9:00 AM – 1:00 PM', or 'Closed all day' for a date without hours. */
export function specialHoursText(special: Pick<SpecialHours, 'intervals'>): string {
  return special.intervals.length === 0 ? 'Closed all day' : formatIntervals(special.intervals);
}

/** Closures not over by `today` (the business's calendar day), soonest first. */
export function upcomingClosures(list: readonly Closure[], today: string): Closure[] {
  return list.filter((c) => c.to >= today).sort((a, b) => a.from.localeCompare(b.from));
}

/** Special hours from `today` on, soonest first. */
export function upcomingSpecialHours(list: readonly SpecialHours[], today: string): SpecialHours[] {
  return list.filter((s) => s.date >= today).sort((a, b) => a.date.localeCompare(b.date));
}
