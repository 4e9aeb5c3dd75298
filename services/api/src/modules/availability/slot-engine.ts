/**
 * The slot engine, pure: no I/O, `now` passed in, so it is unit-tested on
 * daylight-saving days and property-tested.
 *
 * Rules for one business-local calendar day:
 * - The weekday's hours (0 Sunday … 6 Saturday) give the open interval in the business's IANA zone.
 * - Slot starts step from the opening time by the day's slot duration (wall-clock minutes).
 * - The whole service (real elapsed minutes) must end by the closing time.
 * - Starts before `now + minNoticeMinutes` and days beyond `maxDaysAhead` are dropped.
 * - A slot is available when at least one of the candidate resources has no non-cancelled booking
 *   overlapping [start, end).
 *
 * Daylight saving:
 * - A wall-clock start that does not exist (the spring-forward gap, e.g. 02:30 on Sydney's first
 *   Sunday of October) is skipped: nobody can be told to come at a time the clock never shows.
 * - A wall-clock time that happens twice (the fall-back overlap, e.g. 02:30 on the first Sunday of
 *   April) resolves to the earlier offset (the first time the clock shows it), so each label maps
 *   to exactly one instant. The second pass through that hour is therefore not offered.
 * - The closing time resolves the same way ('compatible': earlier offset in an overlap, shifted
 *   forward in a gap).
 */
import { Temporal } from 'temporal-polyfill';
import { MAX_BOOKING_DAYS_AHEAD, MIN_NOTICE_MINUTES, formatClockTime } from '@slotwise/contracts';

export interface DayHours {
  /** 0 Sunday … 6 Saturday. */
  dayOfWeek: number;
  isOpen: boolean;
  /** 'HH:MM'. */
  openTime: string;
  /** 'HH:MM'. */
  closeTime: string;
  /** Minutes between slot starts. */
  slotDuration: number;
}

export interface Interval {
  start: Temporal.Instant;
  end: Temporal.Instant;
}

export interface ResourceBookings {
  /** 'staff:<id>' or 'business:<id>', as in the database's resource_key. */
  key: string;
  /** Non-cancelled bookings of this resource (any that may touch the day). */
  bookings: Interval[];
}

export interface GridSlot extends Interval {
  /** Display text in the business's zone, e.g. '9:30 AM'. */
  time: string;
}

export interface AvailableSlot extends GridSlot {
  /** Keys of the resources free for the whole slot, in the order they were given. */
  freeResources: string[];
}

export interface SlotGridInput {
  /** The business-local calendar day. */
  date: Temporal.PlainDate;
  timeZone: string;
  weeklyHours: readonly DayHours[];
  serviceDurationMinutes: number;
  now: Temporal.Instant;
  minNoticeMinutes?: number;
  maxDaysAhead?: number;
}

export interface AvailableSlotsInput extends SlotGridInput {
  resources: readonly ResourceBookings[];
}

/** 'HH:MM' → minutes after midnight, or null when malformed. */
export function parseClock(hhmm: string): number | null {
  const m = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(hhmm);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return h * 60 + min;
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

/** Every bookable start of the day for the service, ignoring existing bookings. */
export function daySlotGrid(input: SlotGridInput): GridSlot[] {
  const {
    date,
    timeZone,
    weeklyHours,
    serviceDurationMinutes,
    now,
    minNoticeMinutes = MIN_NOTICE_MINUTES,
    maxDaysAhead = MAX_BOOKING_DAYS_AHEAD,
  } = input;
  if (!Number.isInteger(serviceDurationMinutes) || serviceDurationMinutes <= 0) return [];

  const today = todayIn(timeZone, now);
  if (Temporal.PlainDate.compare(date, today) < 0) return [];
  if (Temporal.PlainDate.compare(date, today.add({ days: maxDaysAhead })) > 0) return [];

  const hours = weeklyHours.find((h) => h.dayOfWeek === weekdayIndex(date));
  if (!hours?.isOpen) return [];
  const open = parseClock(hours.openTime);
  const close = parseClock(hours.closeTime);
  const step = hours.slotDuration;
  if (open === null || close === null || close <= open || !(step > 0)) return [];

  const closeInstant = date
    .toPlainDateTime({ hour: Math.floor(close / 60), minute: close % 60 })
    .toZonedDateTime(timeZone, { disambiguation: 'compatible' })
    .toInstant();
  const earliest = now.add({ minutes: minNoticeMinutes });

  const slots: GridSlot[] = [];
  for (let minute = open; minute < close; minute += step) {
    const wall = date.toPlainDateTime({ hour: Math.floor(minute / 60), minute: minute % 60 });
    const zoned = wall.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
    // In a spring-forward gap the resolved wall clock differs from the one asked for: skip it.
    if (!zoned.toPlainDateTime().equals(wall)) continue;
    const start = zoned.toInstant();
    const end = start.add({ minutes: serviceDurationMinutes });
    if (Temporal.Instant.compare(end, closeInstant) > 0) continue;
    if (Temporal.Instant.compare(start, earliest) < 0) continue;
    const label = `${String(zoned.hour).padStart(2, '0')}:${String(zoned.minute).padStart(2, '0')}`;
    slots.push({ time: formatClockTime(label), start, end });
  }
  return slots;
}

export function overlaps(a: Interval, b: Interval): boolean {
  return (
    Temporal.Instant.compare(a.start, b.end) < 0 && Temporal.Instant.compare(b.start, a.end) < 0
  );
}

/** Resources with no booking overlapping the interval, in the given order. */
export function freeResourcesFor(slot: Interval, resources: readonly ResourceBookings[]): string[] {
  return resources.filter((r) => !r.bookings.some((b) => overlaps(slot, b))).map((r) => r.key);
}

/** The day's slots where at least one resource is free. */
export function availableSlots(input: AvailableSlotsInput): AvailableSlot[] {
  const result: AvailableSlot[] = [];
  for (const slot of daySlotGrid(input)) {
    const freeResources = freeResourcesFor(slot, input.resources);
    if (freeResources.length > 0) result.push({ ...slot, freeResources });
  }
  return result;
}

/** The instant as the wire format: ISO-8601 UTC with milliseconds, as Date#toISOString writes it. */
export function toIsoString(instant: Temporal.Instant): string {
  return new Date(instant.epochMilliseconds).toISOString();
}
