/**
 * Calendar days as 'YYYY-MM-DD' strings, the form the API and the front ends exchange dates in.
 * Arithmetic runs on UTC noon, so neither the browser's zone nor a daylight-saving change can move
 * a day; which instant a day starts at is the business's zone's business, not these helpers'.
 */
export type CalendarDay = string;

const pad = (n: number) => String(n).padStart(2, '0');
const toUtcNoon = (day: CalendarDay) => new Date(`${day}T12:00:00Z`);
const fromUtc = (d: Date): CalendarDay => d.toISOString().slice(0, 10);

export function addDays(day: CalendarDay, n: number): CalendarDay {
  const d = toUtcNoon(day);
  d.setUTCDate(d.getUTCDate() + n);
  return fromUtc(d);
}

/** The first day of the month `n` months after `day`'s. */
export function addMonths(day: CalendarDay, n: number): CalendarDay {
  const d = toUtcNoon(`${day.slice(0, 7)}-01`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return fromUtc(d);
}

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (day: CalendarDay): number => toUtcNoon(day).getUTCDay();

/** The Sunday that starts `day`'s week (weeks start on Sunday). */
export const startOfWeek = (day: CalendarDay): CalendarDay => addDays(day, -weekday(day));

/** The UTC-noon Date of a day, for formatting it with `timeZone: 'UTC'`. */
export const calendarDayDate = toUtcNoon;

/** A date picker's Date (local midnight) → 'YYYY-MM-DD'. */
export function dateToDay(date: Date): CalendarDay {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'YYYY-MM-DD' → a local Date at midnight, as date pickers expect. */
export function dayToDate(day: CalendarDay): Date {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}
