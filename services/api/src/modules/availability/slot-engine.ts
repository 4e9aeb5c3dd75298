/**
 * The slot engine, pure: no I/O, `now` passed in, so it is unit-tested on daylight-saving days and
 * property-tested.
 *
 * For one business-local calendar day:
 * - The business's opening intervals (the weekday's; the date's special hours instead when it has
 *   them; none when a closure covers it) give the slot grid: starts step by the day's slot duration
 *   from each interval's opening time, in wall-clock minutes.
 * - Each resource works inside the business's intervals, narrowed to its own intervals when it has
 *   them, minus its time off.
 * - A slot blocks its resource for the service plus its buffers; that whole blocked range must lie
 *   inside the resource's working time and overlap none of its bookings' blocked ranges.
 * - Starts before `now + minNotice` and days beyond `maxAdvanceDays` are not offered.
 * - A day without slots says why: outside the window, closed (the business's hours hold none of
 *   the grid's slots), nobody working (they do, but none of the resources works any of them: own
 *   hours, time off), or fully booked.
 *
 * Wall-clock times become instants in the business's IANA zone:
 * - An interval runs from the first instant its opening time shows on the clock to the last instant
 *   its closing time shows ('24:00' is the next midnight). A boundary inside the spring-forward gap
 *   is the transition itself.
 * - A slot start that does not exist (the skipped hour) is not offered; one that happens twice (the
 *   repeated hour) is offered once per real instant.
 *
 * Temporal is slow per call (a polyfill), so a day's arithmetic runs on epoch milliseconds: the
 * zone's offsets around the day are read once (`ZoneDay`, kept per zone and date) and each wall
 * time's instants follow from them.
 */
import { Temporal } from 'temporal-polyfill';
import { type DayStatus, formatClockTime, timeZoneAbbreviation } from '@slotwise/contracts';

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

/** What overrides the weekly hours on some business-local dates ('YYYY-MM-DD'). */
export interface DateExceptions {
  /** Closed dates, inclusive ranges. */
  closures: readonly { from: string; to: string }[];
  /** Other intervals for one date (none: closed that date), as the contracts write them. */
  specialHours: ReadonlyMap<string, readonly { openTime: string; closeTime: string }[]>;
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
  /** The business's weekly intervals for the date's weekday (empty: closed that weekday). */
  businessIntervals: readonly ClockInterval[];
  /** Closures and special hours, applied to `businessIntervals` by `businessIntervalsOn`. */
  exceptions?: DateExceptions;
  /** Minutes between slot starts. */
  slotDuration: number;
  resources: readonly ResourceDay[];
}

export interface DaySlot {
  readonly start: Temporal.Instant;
  readonly end: Temporal.Instant;
  /** `start` and `end` in epoch milliseconds. */
  startMs: number;
  endMs: number;
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

/** 'YYYY-MM-DD' already read (dates are immutable, so one object serves every request). */
const calendarDays = new Map<string, Temporal.PlainDate>();
const CALENDAR_DAYS_KEPT = 4096;

/**
 * Reads the available-times `date` parameter: 'YYYY-MM-DD' is a business-local day; an ISO
 * timestamp is read as the business-local day that instant falls on. Throws RangeError when invalid.
 */
export function resolveBusinessDate(input: string, timeZone: string): Temporal.PlainDate {
  if (/^\d{4}-\d{2}-\d{2}$/.test(input)) {
    let date = calendarDays.get(input);
    if (!date) {
      date = Temporal.PlainDate.from(input, { overflow: 'reject' });
      if (calendarDays.size >= CALENDAR_DAYS_KEPT) calendarDays.clear();
      calendarDays.set(input, date);
    }
    return date;
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

/**
 * The first (`edge` 'open') or last ('close') instant the clock shows the time; in a gap, the
 * transition. Temporal throughout: `ZoneDay#boundary` is the fast path and falls back on this.
 */
function temporalBoundary(
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

const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A zone's UTC offsets around one business-local day, read from Temporal once (the offset before
 * the day and each transition near it): wall times of the day and of the next (what `wallDateTime`
 * reaches) then become instants by arithmetic, with the same answers as `wallInstants`.
 */
export class ZoneDay {
  /** The date's midnight read as UTC: wall minute m of the day is `midnight + m * MINUTE`. */
  readonly midnight: number;
  /** The offset (ms) in effect from `from[i]` on; `from[0]` is -Infinity. */
  private readonly from: number[] = [-Infinity];
  private readonly offsets: number[];
  private readonly distinctOffsets: number[];
  private readonly labels = new Map<number, { iso: string; abbreviation: string }>();

  /** `epochDay`: the date as days since 1970-01-01. */
  constructor(
    readonly epochDay: number,
    readonly timeZone: string,
  ) {
    this.midnight = epochDay * DAY;
    // Offsets stay within ±24 h, and wall times reach the end of the next day.
    const first = this.midnight - DAY - HOUR;
    const last = this.midnight + 3 * DAY + HOUR;
    let zoned = Temporal.Instant.fromEpochMilliseconds(first).toZonedDateTimeISO(timeZone);
    this.offsets = [zoned.offsetNanoseconds / 1e6];
    for (;;) {
      const next = zoned.getTimeZoneTransition('next');
      if (!next || next.epochMilliseconds > last) break;
      this.from.push(next.epochMilliseconds);
      this.offsets.push(next.offsetNanoseconds / 1e6);
      zoned = next;
    }
    this.distinctOffsets = [...new Set(this.offsets)];
  }

  get date(): Temporal.PlainDate {
    const d = new Date(this.midnight);
    return new Temporal.PlainDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  }

  /** The UTC offset (ms) at an instant near the day. */
  offsetAt(epochMs: number): number {
    let i = this.from.length - 1;
    while (this.from[i]! > epochMs) i -= 1;
    return this.offsets[i]!;
  }

  /** The wall time's reading as UTC; minutes from 1440 are on the next day, as in `wallDateTime`. */
  private local(minutes: number): number {
    return this.midnight + (minutes >= 1440 ? DAY : 0) + (minutes % 1440) * MINUTE;
  }

  /** Every instant (0, 1 or 2, ascending) at which the clock shows this wall time. */
  instants(minutes: number): number[] {
    const local = this.local(minutes);
    const found: number[] = [];
    for (const offset of this.distinctOffsets) {
      const at = local - offset;
      if (this.offsetAt(at) === offset && !found.includes(at)) found.push(at);
    }
    return found.length > 1 ? found.sort((a, b) => a - b) : found;
  }

  /** The first (`edge` 'open') or last ('close') instant the clock shows the time; in a gap, the transition. */
  boundary(minutes: number, edge: 'open' | 'close'): number {
    const found = this.instants(minutes);
    if (found.length > 0) return edge === 'open' ? found[0]! : found.at(-1)!;
    const local = this.local(minutes);
    for (let i = 1; i < this.from.length; i += 1) {
      const at = this.from[i]!;
      // The clock jumps from at + offsets[i - 1] to at + offsets[i]: the wall times between never show.
      if (at + this.offsets[i - 1]! <= local && local < at + this.offsets[i]!) return at;
    }
    return temporalBoundary(this.date, minutes, this.timeZone, edge);
  }

  /**
   * An instant of the day as the answers show it, kept once made: the wire format (ISO-8601 UTC
   * with milliseconds, as `toIsoString`) and the zone's abbreviation then ('AEDT').
   */
  label(epochMs: number): { iso: string; abbreviation: string } {
    let found = this.labels.get(epochMs);
    if (found === undefined) {
      const at = new Date(epochMs);
      found = { iso: at.toISOString(), abbreviation: timeZoneAbbreviation(at, this.timeZone) };
      this.labels.set(epochMs, found);
    }
    return found;
  }
}

const epochDays = new WeakMap<Temporal.PlainDate, number>();

/** The date as days since 1970-01-01 (kept per date object: the polyfill's getters are not free). */
export function epochDayOf(date: Temporal.PlainDate): number {
  let found = epochDays.get(date);
  if (found === undefined) {
    const midnight = new Date(0);
    midnight.setUTCFullYear(date.year, date.month - 1, date.day);
    found = midnight.getTime() / DAY;
    epochDays.set(date, found);
  }
  return found;
}

const ZONE_DAYS_KEPT = 4096;
const zoneDays = new Map<string, ZoneDay>();

function zoneDayAt(epochDay: number, timeZone: string): ZoneDay {
  const key = `${timeZone} ${epochDay}`;
  let found = zoneDays.get(key);
  if (!found) {
    found = new ZoneDay(epochDay, timeZone);
    if (zoneDays.size >= ZONE_DAYS_KEPT) zoneDays.delete(zoneDays.keys().next().value!);
    zoneDays.set(key, found);
  }
  return found;
}

/** The zone's offsets around the date, kept (zones' rules do not change while the process runs). */
export function zoneDay(date: Temporal.PlainDate, timeZone: string): ZoneDay {
  return zoneDayAt(epochDayOf(date), timeZone);
}

/** The business-local date at an instant, as days since 1970-01-01 (`todayIn` by arithmetic). */
function localEpochDay(timeZone: string, epochMs: number): number {
  // The UTC day's offsets hold for every instant of that UTC day.
  const zone = zoneDayAt(Math.floor(epochMs / DAY), timeZone);
  return Math.floor((epochMs + zone.offsetAt(epochMs)) / DAY);
}

function spansOfDay(zone: ZoneDay, intervals: readonly ClockInterval[]): Span[] {
  return mergeSpans(
    intervals.map((i) => ({
      start: zone.boundary(i.open, 'open'),
      end: zone.boundary(i.close, 'close'),
    })),
  );
}

/** A day's clock intervals as real spans (sorted, overlapping ones merged). */
export function toSpans(
  date: Temporal.PlainDate,
  intervals: readonly ClockInterval[],
  timeZone: string,
): Span[] {
  return spansOfDay(zoneDay(date, timeZone), intervals);
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
  const today = localEpochDay(timeZone, now.epochMilliseconds);
  const day = epochDayOf(date);
  return day >= today && day <= today + window.maxAdvanceDays;
}

/**
 * The business's intervals on a date: none when a closure covers it, else its special hours when
 * it has them, else the weekday's `weekly` intervals.
 */
export function businessIntervalsOn(
  date: Temporal.PlainDate,
  weekly: readonly ClockInterval[],
  exceptions: DateExceptions | undefined,
): readonly ClockInterval[] {
  // Most days of most businesses have no exceptions: no date text to make.
  if (!exceptions || (exceptions.closures.length === 0 && exceptions.specialHours.size === 0)) {
    return weekly;
  }
  const key = date.toString();
  if (exceptions.closures.some((c) => c.from <= key && key <= c.to)) return [];
  const special = exceptions.specialHours.get(key);
  return special ? toClockIntervals(special) : weekly;
}

function resourceSpans(
  zone: ZoneDay,
  business: readonly Span[],
  resources: readonly Pick<ResourceDay, 'key' | 'ownIntervals' | 'away'>[],
): Map<string, Span[]> {
  return new Map(
    resources.map((r) => {
      const own = r.ownIntervals === null ? business : spansOfDay(zone, r.ownIntervals);
      return [r.key, subtractSpans(intersectSpans(business, own), r.away)];
    }),
  );
}

/** Each resource's working time that day. */
export function workingSpans(
  input: Pick<DaySlotsInput, 'date' | 'timeZone' | 'businessIntervals' | 'exceptions'> & {
    resources: readonly Pick<ResourceDay, 'key' | 'ownIntervals' | 'away'>[];
  },
): Map<string, Span[]> {
  const zone = zoneDay(input.date, input.timeZone);
  const intervals = businessIntervalsOn(input.date, input.businessIntervals, input.exceptions);
  return resourceSpans(zone, spansOfDay(zone, intervals), input.resources);
}

/** '9:30 AM' of each wall minute of a day, made once. */
const clockLabels: { wallTime: string; time: string }[] = [];
function clockLabel(minutes: number): { wallTime: string; time: string } {
  const m = minutes % 1440;
  let label = clockLabels[m];
  if (!label) {
    const wallTime = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    label = { wallTime, time: formatClockTime(wallTime) };
    clockLabels[m] = label;
  }
  return label;
}

/** A day's slot; its Temporal instants are made when read (the answers need only the numbers). */
class SlotOfDay implements DaySlot {
  constructor(
    readonly startMs: number,
    readonly endMs: number,
    readonly blocked: Span,
    readonly wallTime: string,
    readonly time: string,
    readonly workingResources: string[],
    readonly freeResources: string[],
  ) {}

  get start(): Temporal.Instant {
    return Temporal.Instant.fromEpochMilliseconds(this.startMs);
  }

  get end(): Temporal.Instant {
    return Temporal.Instant.fromEpochMilliseconds(this.endMs);
  }
}

/** The day's slots for the service and why there are none when there are none. */
export function daySlots(input: DaySlotsInput): DaySlotsResult {
  const { date, timeZone, now, window, service, slotDuration, resources } = input;
  const duration = service.durationMinutes;
  if (!Number.isInteger(duration) || duration <= 0 || !(slotDuration > 0)) {
    return { slots: [], status: 'closed' };
  }
  if (!withinAdvance(date, timeZone, now, window)) return { slots: [], status: 'outside_window' };

  const zone = zoneDay(date, timeZone);
  const intervals = businessIntervalsOn(date, input.businessIntervals, input.exceptions);
  const business = spansOfDay(zone, intervals);
  const working = resourceSpans(zone, business, resources);
  // Per resource, looked up once: its key's working time, and the bookings of the first resource
  // with that key (what a lookup by key finds).
  const workingOf = resources.map((r) => working.get(r.key) ?? []);
  const bookingsOf = resources.map((r) => resources.find((x) => x.key === r.key)!.bookings);
  const earliest = now.epochMilliseconds + window.minNoticeMinutes * MINUTE;
  const length = duration * MINUTE;
  const before = service.bufferBeforeMinutes * MINUTE;
  const after = service.bufferAfterMinutes * MINUTE;
  const seen = new Set<number>();
  const slots: DaySlot[] = [];
  let worked = false;
  // Whether the business's own hours hold some slot: nobody working is then not the business closed.
  let open = false;
  for (const interval of intervals) {
    for (let minute = interval.open; minute < interval.close; minute += slotDuration) {
      for (const start of zone.instants(minute)) {
        if (seen.has(start)) continue;
        seen.add(start);
        const end = start + length;
        const blocked = { start: start - before, end: end + after };
        const workingResources: string[] = [];
        const freeResources: string[] = [];
        for (let i = 0; i < resources.length; i += 1) {
          if (!contains(workingOf[i]!, blocked)) continue;
          const key = resources[i]!.key;
          workingResources.push(key);
          if (!bookingsOf[i]!.some((b) => spansOverlap(b, blocked))) freeResources.push(key);
        }
        if (workingResources.length === 0) {
          open ||= contains(business, blocked);
          continue;
        }
        worked = true;
        if (start < earliest) continue;
        const { wallTime, time } = clockLabel(minute);
        slots.push(
          new SlotOfDay(start, end, blocked, wallTime, time, workingResources, freeResources),
        );
      }
    }
  }
  slots.sort((a, b) => a.startMs - b.startMs);
  let status: DayStatus = 'available';
  // Open hours that no start fits (a long service between breaks) are not a closed day.
  if (!worked)
    status = open ? 'staff_not_working' : business.length > 0 ? 'no_times_left' : 'closed';
  else if (slots.length === 0) status = 'outside_window';
  else if (!slots.some((s) => s.freeResources.length > 0)) status = 'fully_booked';
  return { slots, status };
}

/** The instant as the wire format: ISO-8601 UTC with milliseconds, as Date#toISOString writes it. */
export function toIsoString(instant: Temporal.Instant): string {
  return new Date(instant.epochMilliseconds).toISOString();
}
