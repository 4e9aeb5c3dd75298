import { localParts, zonedInstant } from '../owner';
import {
  type Availability,
  type CalendarDay,
  LOCALE,
  type OwnerAppointment,
  addDays,
  addMonths,
  calendarDayDate,
  clockMinutes,
  formatClockTime,
  formatTime,
  timeZoneAbbreviation,
  weekday,
} from '@slotwise/contracts';

export type CalendarView = 'day' | 'week' | 'month';

/** What every calendar view draws: the appointments by day, in the business's zone. */
export interface CalendarViewProps {
  perDay: ReadonlyMap<CalendarDay, OwnerAppointment[]>;
  timeZone: string;
  onOpen: (appointment: OwnerAppointment) => void;
}

/** How many appointments each day holds in all (the month grid shows only the first few). */
export type DayTotals = ReadonlyMap<CalendarDay, number>;

/** The Monday that starts `day`'s week: the diary's weeks run Monday to Sunday, as the customer
 * calendar's and Australian businesses' do. */
export const mondayOf = (day: CalendarDay): CalendarDay => addDays(day, -((weekday(day) + 6) % 7));

/** The days the view shows: one; Monday to Sunday; or whole weeks covering the month. */
export function visibleDays(view: CalendarView, anchor: CalendarDay): CalendarDay[] {
  if (view === 'day') return [anchor];
  if (view === 'week') return Array.from({ length: 7 }, (_, i) => addDays(mondayOf(anchor), i));
  const first = `${anchor.slice(0, 7)}-01`;
  const last = addDays(addMonths(first, 1), -1);
  const start = mondayOf(first);
  const end = addDays(mondayOf(last), 6);
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
 * The request window for the visible days (a month's whole grid, its greyed days included):
 * widened by 14 hours on each side, which covers every zone's offset, so no zone arithmetic is
 * needed here; appointments are then placed by their business-local day, and the few outside the
 * view are simply not drawn.
 */
export function requestWindow(days: readonly CalendarDay[]): { from: string; to: string } {
  const from = new Date(`${days[0]}T00:00:00Z`).getTime() - 14 * 3600_000;
  const to = new Date(`${addDays(days[days.length - 1]!, 1)}T00:00:00Z`).getTime() + 14 * 3600_000;
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/** Appointments by business-local day, earliest first within a day. */
export function byDay(
  list: readonly OwnerAppointment[],
  timeZone: string,
): Map<CalendarDay, OwnerAppointment[]> {
  const map = new Map<CalendarDay, OwnerAppointment[]>();
  const sorted = list
    .map((a) => ({ a, ms: Date.parse(a.date) }))
    .sort((x, y) => x.ms - y.ms || x.a.id - y.a.id);
  for (const { a } of sorted) {
    const { day } = localParts(a.date, timeZone);
    const bucket = map.get(day);
    if (bucket) bucket.push(a);
    else map.set(day, [a]);
  }
  return map;
}

/** The totals of days whose appointments are all at hand. */
export function totalsOf(perDay: ReadonlyMap<CalendarDay, readonly OwnerAppointment[]>): DayTotals {
  return new Map([...perDay].map(([day, list]) => [day, list.length]));
}

/** How many appointments these days hold. */
export function countOn(totals: DayTotals, days: readonly CalendarDay[]): number {
  return days.reduce((n, d) => n + (totals.get(d) ?? 0), 0);
}

/** Minutes after the business's midnight: [start, end). */
export interface MinuteRange {
  start: number;
  end: number;
}

/** Opening and closing when the day's hours are unknown or the business is closed that day. */
export const FALLBACK_HOURS: MinuteRange = { start: 9 * 60, end: 17 * 60 };

/** The weekday's opening intervals (none when closed or unknown). */
export function openingIntervals(
  weekly: readonly Availability[] | undefined,
  day: CalendarDay,
  exceptions?: DayExceptions,
): MinuteRange[] {
  // A closure shuts the date; special hours replace the weekday's.
  if (exceptions?.closures.some((c) => c.from <= day && day <= c.to)) return [];
  const special = exceptions?.specialHours.find((s) => s.date === day);
  if (special) {
    return special.intervals.map((i) => ({
      start: clockMinutes(i.openTime),
      end: clockMinutes(i.closeTime),
    }));
  }
  const hours = weekly?.find((d) => d.dayOfWeek === weekday(day));
  if (!hours?.isOpen) return [];
  // An answer without the intervals list still names its first (and only) interval.
  const intervals = hours.intervals ?? [{ openTime: hours.openTime, closeTime: hours.closeTime }];
  return intervals.map((i) => ({
    start: clockMinutes(i.openTime),
    end: clockMinutes(i.closeTime),
  }));
}

/** The dates whose hours are not the weekday's: closures and special hours, with their reasons. */
export interface DayExceptions {
  closures: readonly { from: string; to: string; reason?: string | null }[];
  specialHours: readonly {
    date: string;
    intervals: { openTime: string; closeTime: string }[];
    reason?: string | null;
  }[];
}

const pad2 = (n: number) => String(n).padStart(2, '0');
/** Minutes after midnight → '9:30 AM' (1440, the midnight that ends the day: '12:00 AM'). */
export const minuteClock = (minutes: number) =>
  formatClockTime(`${pad2(Math.floor(minutes / 60) % 24)}:${pad2(minutes % 60)}`);

const weekdayLong = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', weekday: 'long' });

/**
 * What the day grid says of a day's hours: a closure's or special day's reason ('Closed: Staff
 * training'), 'Closed on Sundays' for the weekday's own closing, 'Open 24 hours' for a whole day,
 * else the intervals.
 */
export function dayHoursText(
  weekly: readonly Availability[] | undefined,
  day: CalendarDay,
  exceptions?: DayExceptions,
): string {
  const closure = exceptions?.closures.find((c) => c.from <= day && day <= c.to);
  const special = exceptions?.specialHours.find((s) => s.date === day);
  const open = openingIntervals(weekly, day, exceptions);
  if (closure || (special && open.length === 0)) {
    const reason = closure ? closure.reason : special?.reason;
    return reason ? `Closed: ${reason}` : 'Closed all day';
  }
  if (open.length === 0) return `Closed on ${weekdayLong.format(calendarDayDate(day))}s`;
  const hours =
    open.length === 1 && open[0]!.start === 0 && open[0]!.end >= 24 * 60
      ? 'Open 24 hours'
      : `Open ${open.map((i) => `${minuteClock(i.start)} – ${minuteClock(i.end)}`).join(', ')}`;
  return special?.reason ? `${hours} (${special.reason})` : hours;
}

/** The zone's abbreviations at the start and the end of a business-local day. */
function dayZones(day: CalendarDay, timeZone: string): [string, string] {
  return [
    timeZoneAbbreviation(zonedInstant(day, '00:00', timeZone), timeZone),
    timeZoneAbbreviation(zonedInstant(day, '24:00', timeZone), timeZone),
  ];
}

/** Whether the clocks change on that business-local day (daylight saving starts or ends). */
export function clocksChangeOn(day: CalendarDay, timeZone: string): boolean {
  const [start, end] = dayZones(day, timeZone);
  return start !== end;
}

/** 'Times in AEDT'; on a day the clocks change, 'Times in AEDT, then AEST (the clocks change)'. */
export function zoneNote(day: CalendarDay, timeZone: string): string {
  const [start, end] = dayZones(day, timeZone);
  return start === end
    ? `Times in ${start}`
    : `Times in ${start}, then ${end} (the clocks change today)`;
}

/**
 * An appointment's time as the diary shows it: '2:30 AM', or on a day the clocks change, with the
 * abbreviation that applies ('2:30 AM AEDT'), since the same clock time then happens twice (or
 * not at all).
 */
export function diaryTime(instant: string, timeZone: string): string {
  const time = formatTime(instant, timeZone);
  return clocksChangeOn(localParts(instant, timeZone).day, timeZone)
    ? `${time} ${timeZoneAbbreviation(instant, timeZone)}`
    : time;
}

/** An appointment's minutes on its own local day; an end on a later day is midnight (1440). */
export function minutesOnDay(a: OwnerAppointment, day: CalendarDay, timeZone: string): MinuteRange {
  const s = localParts(a.date, timeZone);
  const e = localParts(a.end, timeZone);
  const start = s.hour * 60 + s.minute;
  const end = e.day > day ? 24 * 60 : e.hour * 60 + e.minute;
  return { start, end: Math.max(end, start + 1) };
}

/**
 * The day grid's hour rows: from the first opening to the last closing (9 AM to 5 PM on a closed
 * day), stretched to every appointment drawn, so none is hidden or put in another hour's row.
 */
export function dayHours(
  open: readonly MinuteRange[],
  appointments: readonly OwnerAppointment[],
  day: CalendarDay,
  timeZone: string,
): number[] {
  let start = open[0]?.start ?? FALLBACK_HOURS.start;
  let end = open.at(-1)?.end ?? FALLBACK_HOURS.end;
  for (const a of appointments) {
    const m = minutesOnDay(a, day, timeZone);
    start = Math.min(start, m.start);
    end = Math.max(end, m.end);
  }
  const first = Math.floor(start / 60);
  const last = Math.ceil(end / 60) - 1;
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/**
 * The hour rows of a grid of several days (the week): from the earliest first row of any of them
 * to the latest last one, so every day's hours and bookings fit.
 */
export function gridHours(
  columns: readonly {
    day: CalendarDay;
    open: readonly MinuteRange[];
    appointments: readonly OwnerAppointment[];
  }[],
  timeZone: string,
): number[] {
  let first = 24;
  let last = -1;
  for (const c of columns) {
    const hours = dayHours(c.open, c.appointments, c.day, timeZone);
    first = Math.min(first, hours[0] ?? first);
    last = Math.max(last, hours.at(-1) ?? last);
  }
  if (last < first) return [];
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** Whether any of the hour is inside the opening intervals. */
export const isOpenHour = (hour: number, open: readonly MinuteRange[]) =>
  open.some((i) => i.start < (hour + 1) * 60 && i.end > hour * 60);

/** A column of the day grid: one staff member, the bookings of no current one, or everyone's. */
export interface DayColumn {
  key: string;
  kind: 'staff' | 'unassigned' | 'all';
  /** The staff member of a 'staff' column. */
  staffId: number | null;
  name: string;
  position: string | null;
  appointments: OwnerAppointment[];
}

/**
 * With `staff` (the current team), a column per member plus 'Unassigned' for bookings of nobody
 * or of a member no longer in the team, when there are any; without, one column for all.
 */
export function dayColumns(
  list: readonly OwnerAppointment[],
  staff: readonly { id: number; name: string; position: string | null }[] | null,
): DayColumn[] {
  if (!staff || staff.length === 0) {
    return [
      {
        key: 'all',
        kind: 'all',
        staffId: null,
        name: 'Appointments',
        position: null,
        appointments: [...list],
      },
    ];
  }
  const columns = new Map<number, DayColumn>(
    staff.map((m) => [
      m.id,
      {
        key: `staff-${m.id}`,
        kind: 'staff',
        staffId: m.id,
        name: m.name,
        position: m.position,
        appointments: [],
      },
    ]),
  );
  const unassigned: OwnerAppointment[] = [];
  for (const a of list) {
    const column = a.staffMemberId === null ? undefined : columns.get(a.staffMemberId);
    if (column) column.appointments.push(a);
    else unassigned.push(a);
  }
  const result = [...columns.values()];
  if (unassigned.length > 0) {
    result.push({
      key: 'unassigned',
      kind: 'unassigned',
      staffId: null,
      name: 'Unassigned',
      position: null,
      appointments: unassigned,
    });
  }
  return result;
}

const labelFormats = {
  day: new Intl.DateTimeFormat(LOCALE, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }),
  dayOfWeek: new Intl.DateTimeFormat(LOCALE, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
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
/** 'Tuesday 5 January'. */
export const dayLabel = (day: CalendarDay) => labelFormats.dayOfWeek.format(calendarDayDate(day));
export const dayOfMonth = (day: CalendarDay) => Number(day.slice(8, 10));

export function hourLabel(hour: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12} ${suffix}`;
}
