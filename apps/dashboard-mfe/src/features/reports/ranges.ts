/** Report ranges: business-local dates 'YYYY-MM-DD', both ends included. */
export interface DateRange {
  from: string;
  to: string;
}

export const PRESETS = [
  { value: 'thisWeek', label: 'This week' },
  { value: 'lastWeek', label: 'Last week' },
  { value: 'thisMonth', label: 'This month' },
  { value: 'lastMonth', label: 'Last month' },
  { value: 'last30', label: 'Last 30 days' },
  { value: 'last90', label: 'Last 90 days' },
  { value: 'thisYear', label: 'This year' },
] as const;
export type Preset = (typeof PRESETS)[number]['value'];

const DAY = 86_400_000;

/** Today's date in the business's zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
}

function toMs(date: string): number {
  return Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10));
}

function toDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return toDate(toMs(date) + days * DAY);
}

/** The range a preset names, from `today` (weeks start on Monday). */
export function presetRange(preset: Preset, today: string): DateRange {
  const weekday = (new Date(toMs(today)).getUTCDay() + 6) % 7;
  const monday = addDays(today, -weekday);
  const month = today.slice(0, 8);
  switch (preset) {
    case 'thisWeek':
      return { from: monday, to: addDays(monday, 6) };
    case 'lastWeek':
      return { from: addDays(monday, -7), to: addDays(monday, -1) };
    case 'thisMonth': {
      const next = new Date(toMs(`${month}01`));
      next.setUTCMonth(next.getUTCMonth() + 1);
      return { from: `${month}01`, to: toDate(next.getTime() - DAY) };
    }
    case 'lastMonth': {
      const last = addDays(`${month}01`, -1);
      return { from: `${last.slice(0, 8)}01`, to: last };
    }
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  }
}

/** Days in the range, both ends included. */
export function rangeDays(range: DateRange): number {
  return Math.round((toMs(range.to) - toMs(range.from)) / DAY) + 1;
}
