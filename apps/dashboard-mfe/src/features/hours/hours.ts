import {
  type Availability,
  DEFAULT_SLOT_DURATION,
  type WeeklyHoursRequest,
  defaultWeeklyHours,
} from '@slotwise/contracts';
import { type Interval, hasIntervalErrors, sortIntervals } from './intervals';

export const DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Cards run Monday to Sunday, the way Australian businesses read their week. */
export const DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** One weekday as the Business Hours tab edits it. */
export interface DayDraft {
  dayOfWeek: number;
  isOpen: boolean;
  /** Kept while the day is closed, so opening it again brings its hours back. */
  intervals: Interval[];
  slotDuration: number;
}

/** A saved day's intervals; an older answer with one pair only is read as one interval. */
export function savedIntervals(day: {
  intervals?: readonly Interval[];
  openTime: string;
  closeTime: string;
}): Interval[] {
  const list =
    day.intervals && day.intervals.length > 0
      ? day.intervals
      : day.openTime && day.closeTime
        ? [{ openTime: day.openTime, closeTime: day.closeTime }]
        : [];
  return list.map((i) => ({
    openTime: i.openTime.slice(0, 5),
    closeTime: i.closeTime.slice(0, 5),
  }));
}

/** Seven days, one per weekday, from what the API has (missing days fall back to the template). */
export function toDrafts(saved: readonly Availability[] | undefined): DayDraft[] {
  return defaultWeeklyHours().map((fallback) => {
    const row = saved?.find((d) => d.dayOfWeek === fallback.dayOfWeek) ?? fallback;
    return {
      dayOfWeek: row.dayOfWeek,
      isOpen: row.isOpen,
      intervals: savedIntervals(row),
      slotDuration: row.slotDuration || DEFAULT_SLOT_DURATION,
    };
  });
}

/** Closed days are never invalid: their hours are kept but not used. */
export function dayInvalid(day: { isOpen: boolean; intervals: readonly Interval[] }): boolean {
  return day.isOpen && (day.intervals.length === 0 || hasIntervalErrors(day.intervals));
}

export function hasErrors(days: readonly { isOpen: boolean; intervals: readonly Interval[] }[]) {
  return days.some(dayInvalid);
}

/**
 * A day's intervals as the API takes them: sorted. A closed day's kept hours are sent only when
 * valid, since the API checks them even on a closed day.
 */
export function requestIntervals(day: { isOpen: boolean; intervals: readonly Interval[] }) {
  if (!day.isOpen && hasIntervalErrors(day.intervals)) return [];
  return sortIntervals(day.intervals);
}

/** PUT /api/business/{id}/availability's body. */
export function toRequest(days: readonly DayDraft[]): WeeklyHoursRequest {
  return days.map((d) => ({
    dayOfWeek: d.dayOfWeek,
    isOpen: d.isOpen,
    intervals: requestIntervals(d),
    slotDuration: d.slotDuration,
  }));
}

/** 'Apply to All Days': the chosen day's hours and duration on every other day (open state kept). */
export function applyToAll<T extends { dayOfWeek: number; intervals: Interval[] }>(
  days: readonly T[],
  fromDay: number,
): T[] {
  const source = days.find((d) => d.dayOfWeek === fromDay);
  if (!source) return [...days];
  return days.map((d) =>
    d.dayOfWeek === fromDay
      ? d
      : {
          ...d,
          intervals: source.intervals.map((i) => ({ ...i })),
          ...('slotDuration' in source ? { slotDuration: source.slotDuration } : {}),
        },
  );
}

export function updateDay<T extends { dayOfWeek: number }>(
  days: readonly T[],
  dayOfWeek: number,
  change: Partial<T>,
): T[] {
  return days.map((d) => (d.dayOfWeek === dayOfWeek ? { ...d, ...change } : d));
}
