/**
 * The slot engine, pure: no I/O, `now` passed in, so it is unit-tested on daylight-saving days and
 * property-tested.
 *
 * For one business-local calendar day:
 * - The business's opening intervals (the weekday's, or the date's special hours; none when closed)
 *   give the slot grid: starts step by the day's slot duration from each interval's opening time,
 *   in wall-clock minutes.
 * - Each resource works inside the business's intervals, narrowed to its own intervals when it has
 *   them, minus its time off.
 * - A slot blocks its resource for the service plus its buffers; that whole blocked range must lie
 *   inside the resource's working time and overlap none of its bookings' blocked ranges.
 * - Starts before `now + minNotice` and days beyond `maxAdvanceDays` are not offered.
 *
 * Wall-clock times become instants in the business's IANA zone:
 * - An interval runs from the first instant its opening time shows on the clock to the last instant
 *   its closing time shows ('24:00' is the next midnight). A boundary inside the spring-forward gap
 *   is the transition itself.
 * - A slot start that does not exist (the skipped hour) is not offered; one that happens twice (the
 *   repeated hour) is offered once per real instant.
 */
import { Temporal } from 'temporal-polyfill';
import { type DayStatus, formatClockTime } from '@slotwise/contracts';

/** A wall-clock interval in minutes after midnight (0–1440). */
export interface ClockInterval {
  open: number;
  close: number;
}

/** Epoch milliseconds [start, end). */
export interface Span {
  start: number;
  end: number;
}

export interface ResourceDay {
  /** 'staff:<id>' or 'business:<id>', as in the database's resource_key. */
  key: string;
  /** The resource's own intervals that day (empty: not working); null: the business's hours. */
  ownIntervals: readonly ClockInterval[] | null;
  /** Time off. */
  away: readonly Span[];
  /** Blocked ranges (buffers included) of its non-cancelled bookings. */
  bookings: readonly Span[];
}

export interface BookingWindow {
  minNoticeMinutes: number;
  maxAdvanceDays: number;
}

export interface ServiceTiming {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
}

export interface DaySlotsInput {
  /** The business-local calendar day. */
  date: Temporal.PlainDate;
  timeZone: string;
  now: Temporal.Instant;
  window: BookingWindow;
  service: ServiceTiming;
  /** The business's intervals that day (empty: closed), after closures and special hours. */
  businessIntervals: readonly ClockInterval[];
  /** Minutes between slot starts. */
  slotDuration: number;
  resources: readonly ResourceDay[];
}

export interface DaySlot {
  start: Temporal.Instant;
  end: Temporal.Instant;
  /** The range the booking blocks its resource for: the service with its buffers. */
  blocked: Span;
  /** 'HH:MM' on the business's clock. */
  wallTime: string;
  /** Display text, e.g. '9:30 AM'. */
  time: string;
  /** Resources whose working time holds the whole blocked range, in the given order. */
  workingResources: string[];
  /** Those of them with no booking overlapping it. */
  freeResources: string[];
}

export interface DaySlotsResult {
  /** Every start some resource works at and notice allows, free or not, in time order. */
  slots: DaySlot[];
  status: DayStatus;
}

const MINUTE = 60_000;

/** 'HH:MM' (00:00–24:00; seconds ignored) → minutes after midnight, or null when malformed. */
export function parseClock(hhmm: string): number | null {
  const m = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(hhmm);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
}

/** Contract intervals → clock intervals; malformed or empty ones are dropped. */
export function toClockIntervals(
  intervals: readonly { openTime: string; closeTime: string }[],
): ClockInterval[] {
  const result: ClockInterval[] = [];
  for (const i of intervals) {
    const open = parseClock(i.openTime);
    const close = parseClock(i.closeTime);
    if (open !== null && close !== null && close > open) result.push({ open, close });
  }
  return result.sort((a, b) => a.open - b.open);
}

/** Temporal's dayOfWeek is 1 Monday … 7 Sunday; ours is 0 Sunday … 6 Saturday. */
export function weekdayIndex(date: Temporal.PlainDate): number {
  return date.dayOfWeek % 7;
}

/** Today's date in the zone. */
export function todayIn(timeZone: string, now: Temporal.Instant): Temporal.PlainDate {
  return now.toZonedDateTimeISO(timeZone).toPlainDate();
}

/**
 * Reads the available-times `date` parameter: 'YYYY-MM-DD' is a business-local day; an ISO
 * timestamp is read as the business-local day that instant falls on. Throws RangeError when invalid.
 */
export function resolveBusinessDate(input: string, timeZone: string): Temporal.PlainDate {
  if (/^\d{4}-\d{2}-\d{2}$/.test(input)) {
    return Temporal.PlainDate.from(input, { overflow: 'reject' });
  }
  let instant: Temporal.Instant;
  try {
    instant = Temporal.Instant.from(input);
  } catch {
    // The spec's front end may send what Date#toISOString or similar produced; accept what Date can read.
    const ms = Date.parse(input);
    if (Number.isNaN(ms)) throw new RangeError(`Invalid date: ${input}`);
    instant = Temporal.Instant.fromEpochMilliseconds(ms);
  }
  return instant.toZonedDateTimeISO(timeZone).toPlainDate();
}

function wallDateTime(date: Temporal.PlainDate, minutes: number): Temporal.PlainDateTime {
  const day = minutes >= 1440 ? date.add({ days: 1 }) : date;
  const m = minutes % 1440;
  return day.toPlainDateTime({ hour: Math.floor(m / 60), minute: m % 60 });
}

/** Every instant (0, 1 or 2) at which the business's clock shows this wall time. */
export function wallInstants(
  date: Temporal.PlainDate,
  minutes: number,
  timeZone: string,
): Temporal.ZonedDateTime[] {
  const wall = wallDateTime(date, minutes);
  const earlier = wall.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  // In the spring-forward gap the resolved clock differs from the one asked for.
  if (!earlier.toPlainDateTime().equals(wall)) return [];
  const later = wall.toZonedDateTime(timeZone, { disambiguation: 'later' });
  return later.epochMilliseconds === earlier.epochMilliseconds ? [earlier] : [earlier, later];
}

/** The first (`edge` 'open') or last ('close') instant the clock shows the time; in a gap, the transition. */
function boundary(
  date: Temporal.PlainDate,
  minutes: number,
  timeZone: string,
  edge: 'open' | 'close',
): number {
  const found = wallInstants(date, minutes, timeZone);
  if (found.length > 0) return (edge === 'open' ? found[0]! : found.at(-1)!).epochMilliseconds;
  // In a gap 'earlier' lands before the change; 'later' lands on it for the gap's first minute,
  // and 'previous' from the change itself would find the one before.
  const before = wallDateTime(date, minutes).toZonedDateTime(timeZone, {
    disambiguation: 'earlier',
  });
  const transition = before.getTimeZoneTransition('next');
  return (transition ?? before).epochMilliseconds;
}

/** A day's clock intervals as real spans (sorted, overlapping ones merged). */
export function toSpans(
  date: Temporal.PlainDate,
  intervals: readonly ClockInterval[],
  timeZone: string,
): Span[] {
  return mergeSpans(
    intervals.map((i) => ({
      start: boundary(date, i.open, timeZone, 'open'),
      end: boundary(date, i.close, timeZone, 'close'),
    })),
  );
}

/** Sorted, with touching or overlapping spans joined. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const s of sorted) {
    const last = merged.at(-1);
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  return merged;
}

/** The parts of both. */
export function intersectSpans(a: readonly Span[], b: readonly Span[]): Span[] {
  const result: Span[] = [];
  for (const x of a) {
    for (const y of b) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (end > start) result.push({ start, end });
    }
  }
  return mergeSpans(result);
}

/** The parts of `spans` outside every one of `holes`. */
export function subtractSpans(spans: readonly Span[], holes: readonly Span[]): Span[] {
  let rest = mergeSpans(spans);
  for (const hole of holes) {
    const next: Span[] = [];
    for (const s of rest) {
      if (hole.end <= s.start || hole.start >= s.end) {
        next.push(s);
        continue;
      }
      if (hole.start > s.start) next.push({ start: s.start, end: hole.start });
      if (hole.end < s.end) next.push({ start: hole.end, end: s.end });
    }
    rest = next;
  }
  return rest;
}

export function spansOverlap(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}

function contains(spans: readonly Span[], inner: Span): boolean {
  return spans.some((s) => s.start <= inner.start && inner.end <= s.end);
}

/** Whether the date is inside the booking window (today up to `maxAdvanceDays` ahead). */
export function withinAdvance(
  date: Temporal.PlainDate,
  timeZone: string,
  now: Temporal.Instant,
  window: BookingWindow,
): boolean {
  const today = todayIn(timeZone, now);
  return (
    Temporal.PlainDate.compare(date, today) >= 0 &&
    Temporal.PlainDate.compare(date, today.add({ days: window.maxAdvanceDays })) <= 0
  );
}

/** Each resource's working time that day. */
export function workingSpans(
  input: Pick<DaySlotsInput, 'date' | 'timeZone' | 'businessIntervals'> & {
    resources: readonly Pick<ResourceDay, 'key' | 'ownIntervals' | 'away'>[];
  },
): Map<string, Span[]> {
  const business = toSpans(input.date, input.businessIntervals, input.timeZone);
  return new Map(
    input.resources.map((r) => {
      const own =
        r.ownIntervals === null ? business : toSpans(input.date, r.ownIntervals, input.timeZone);
      return [r.key, subtractSpans(intersectSpans(business, own), r.away)];
    }),
  );
}

/** The day's slots for the service and why there are none when there are none. */
export function daySlots(input: DaySlotsInput): DaySlotsResult {
  const { date, timeZone, now, window, service, slotDuration } = input;
  const duration = service.durationMinutes;
  if (!Number.isInteger(duration) || duration <= 0 || !(slotDuration > 0)) {
    return { slots: [], status: 'closed' };
  }
  if (!withinAdvance(date, timeZone, now, window)) return { slots: [], status: 'outside_window' };

  const working = workingSpans(input);
  const earliest = now.epochMilliseconds + window.minNoticeMinutes * MINUTE;
  const seen = new Set<number>();
  const slots: DaySlot[] = [];
  let worked = false;
  for (const interval of input.businessIntervals) {
    for (let minute = interval.open; minute < interval.close; minute += slotDuration) {
      for (const zoned of wallInstants(date, minute, timeZone)) {
        const start = zoned.epochMilliseconds;
        if (seen.has(start)) continue;
        seen.add(start);
        const end = start + duration * MINUTE;
        const blocked = {
          start: start - service.bufferBeforeMinutes * MINUTE,
          end: end + service.bufferAfterMinutes * MINUTE,
        };
        const workingResources = input.resources
          .filter((r) => contains(working.get(r.key) ?? [], blocked))
          .map((r) => r.key);
        if (workingResources.length === 0) continue;
        worked = true;
        if (start < earliest) continue;
        const freeResources = workingResources.filter((key) => {
          const resource = input.resources.find((r) => r.key === key)!;
          return !resource.bookings.some((b) => spansOverlap(b, blocked));
        });
        const wallTime = `${String(zoned.hour).padStart(2, '0')}:${String(zoned.minute).padStart(2, '0')}`;
        slots.push({
          start: Temporal.Instant.fromEpochMilliseconds(start),
          end: Temporal.Instant.fromEpochMilliseconds(end),
          blocked,
          wallTime,
          time: formatClockTime(wallTime),
          workingResources,
          freeResources,
        });
      }
    }
  }
  slots.sort((a, b) => Temporal.Instant.compare(a.start, b.start));
  let status: DayStatus = 'available';
  if (!worked) status = 'closed';
  else if (slots.length === 0) status = 'outside_window';
  else if (!slots.some((s) => s.freeResources.length > 0)) status = 'fully_booked';
  return { slots, status };
}

/** The instant as the wire format: ISO-8601 UTC with milliseconds, as Date#toISOString writes it. */
export function toIsoString(instant: Temporal.Instant): string {
  return new Date(instant.epochMilliseconds).toISOString();
}
