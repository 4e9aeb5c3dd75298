import {
  type CalendarDay,
  LOCALE,
  type OwnerAppointment,
  addDays,
  addMonths,
  calendarDayDate,
  startOfWeek,
} from '@slotwise/contracts';

export type CalendarView = 'day' | 'week' | 'month';

/** What every calendar view draws: the appointments by day, in the business's zone. */
export interface CalendarViewProps {
  perDay: ReadonlyMap<CalendarDay, OwnerAppointment[]>;
  timeZone: string;
  onOpen: (appointment: OwnerAppointment) => void;
}

/** The day grid's rows: the hours 9 AM to 5 PM (earlier and later ones join the first and last). */
export const DAY_HOURS = [9, 10, 11, 12, 13, 14, 15, 16, 17] as const;
/** The month view lists at most 3 appointments a day, then '+N more'. */
export const MONTH_MAX_PER_DAY = 3;

/** The days the view shows: one; Sunday to Saturday; or whole weeks covering the month. */
export function visibleDays(view: CalendarView, anchor: CalendarDay): CalendarDay[] {
  if (view === 'day') return [anchor];
  if (view === 'week') return Array.from({ length: 7 }, (_, i) => addDays(startOfWeek(anchor), i));
  const first = `${anchor.slice(0, 7)}-01`;
  const last = addDays(addMonths(first, 1), -1);
  const start = startOfWeek(first);
  const end = addDays(startOfWeek(last), 6);
  const days: CalendarDay[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) days.push(d);
  return days;
}

export function shift(view: CalendarView, anchor: CalendarDay, direction: 1 | -1): CalendarDay {
  if (view === 'day') return addDays(anchor, direction);
  if (view === 'week') return addDays(anchor, 7 * direction);
  return addMonths(anchor, direction);
}

/**
 * The request window for the visible days: widened by 14 hours on each side, which covers every
 * zone's offset, so no zone arithmetic is needed here; appointments are then placed by their
 * business-local day, and the few outside the view are simply not drawn.
 */
export function requestWindow(days: readonly CalendarDay[]): { from: string; to: string } {
  const from = new Date(`${days[0]}T00:00:00Z`).getTime() - 14 * 3600_000;
  const to = new Date(`${addDays(days[days.length - 1]!, 1)}T00:00:00Z`).getTime() + 14 * 3600_000;
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

const partsCache = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string) {
  let f = partsCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsCache.set(timeZone, f);
  }
  return f;
}

/** The business-local day and hour of an instant. */
export function localParts(instant: string, timeZone: string): { day: string; hour: number } {
  const parts = partsFormat(timeZone).formatToParts(new Date(instant));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) % 24 };
}

/** Appointments by business-local day, earliest first within a day. */
export function byDay(
  list: readonly OwnerAppointment[],
  timeZone: string,
): Map<string, OwnerAppointment[]> {
  const map = new Map<string, OwnerAppointment[]>();
  const sorted = [...list].sort((x, y) => Date.parse(x.date) - Date.parse(y.date));
  for (const a of sorted) {
    const { day } = localParts(a.date, timeZone);
    const bucket = map.get(day);
    if (bucket) bucket.push(a);
    else map.set(day, [a]);
  }
  return map;
}

/** The day grid's row: its hour, with earlier and later appointments in the first and last row. */
export function dayRow(instant: string, timeZone: string): number {
  const { hour } = localParts(instant, timeZone);
  return Math.min(Math.max(hour, DAY_HOURS[0]), DAY_HOURS[DAY_HOURS.length - 1]!);
}

const labelFormats = {
  day: new Intl.DateTimeFormat(LOCALE, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }),
  short: new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', day: 'numeric', month: 'short' }),
  month: new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', month: 'long', year: 'numeric' }),
  weekday: new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', weekday: 'short' }),
};

export function periodLabel(view: CalendarView, anchor: CalendarDay): string {
  if (view === 'day') return labelFormats.day.format(calendarDayDate(anchor));
  if (view === 'month') return labelFormats.month.format(calendarDayDate(anchor));
  const days = visibleDays('week', anchor);
  const first = days[0]!;
  const last = days[6]!;
  return `${labelFormats.short.format(calendarDayDate(first))} – ${labelFormats.short.format(calendarDayDate(last))} ${last.slice(0, 4)}`;
}

export const weekdayLabel = (day: CalendarDay) => labelFormats.weekday.format(calendarDayDate(day));
export const dayOfMonth = (day: CalendarDay) => Number(day.slice(8, 10));

export function hourLabel(hour: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12} ${suffix}`;
}
