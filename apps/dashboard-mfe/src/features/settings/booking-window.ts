import { type Choice } from '../owner';

const HOUR = 60;
const DAY = 24 * HOUR;

/** '30 minutes', '1 hour', '2 days': a span of minutes in the largest whole unit. */
export function minutesText(minutes: number): string {
  const [size, unit] =
    minutes > 0 && minutes % DAY === 0
      ? [minutes / DAY, 'day']
      : minutes > 0 && minutes % HOUR === 0
        ? [minutes / HOUR, 'hour']
        : [minutes, 'minute'];
  return `${size} ${unit}${size === 1 ? '' : 's'}`;
}

/** '1 week', '3 months', '45 days'. */
export function daysText(days: number): string {
  if (days % 365 === 0) return days === 365 ? '1 year' : `${days / 365} years`;
  if (days % 30 === 0 && days >= 30) return days === 30 ? '1 month' : `${days / 30} months`;
  if (days % 7 === 0) return days === 7 ? '1 week' : `${days / 7} weeks`;
  return days === 1 ? '1 day' : `${days} days`;
}

const minuteChoices = (values: readonly number[], zero: string): Choice[] =>
  values.map((m) => ({ value: String(m), label: m === 0 ? zero : minutesText(m) }));

// The spans both the notice and the cancel cutoff offer, from an hour to a week.
const HOURS_TO_A_WEEK = [
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  3 * DAY,
  7 * DAY,
];

/** How soon before a time customers can still book it online (minutes). */
export const NOTICE_CHOICES = minuteChoices(
  [0, 15, 30, 4 * HOUR, ...HOURS_TO_A_WEEK].sort((a, b) => a - b),
  'No minimum',
);

/** How far ahead customers can book (days). */
export const ADVANCE_CHOICES: Choice[] = [7, 14, 30, 60, 90, 180, 365, 730].map((d) => ({
  value: String(d),
  label: daysText(d),
}));

/** Until when the customer's links cancel or move a booking (minutes before its start). */
export const CUTOFF_CHOICES: Choice[] = [0, ...HOURS_TO_A_WEEK].map((m) => ({
  value: String(m),
  label: cutoffText(m),
}));

/** 'Up to the start', '2 hours before'. */
export function cutoffText(minutes: number): string {
  return minutes === 0 ? 'Up to the start' : `${minutesText(minutes)} before`;
}

/** A saved value the choices lack (set through the API) is offered with its own words. */
export function withSaved(choices: readonly Choice[], value: string, label: string): Choice[] {
  return choices.some((c) => c.value === value) ? [...choices] : [...choices, { value, label }];
}
