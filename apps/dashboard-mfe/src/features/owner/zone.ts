// The business's wall clock in the browser: Intl knows the zones (daylight saving included), and
// its answers are cached per UTC day so a busy month of appointments is placed quickly.
import { addDays, type CalendarDay } from '@slotwise/contracts';

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

const MINUTE = 60_000;
const UTC_DAY = 86_400_000;

/** Minutes the zone's wall clock is ahead of UTC at an instant, asked of Intl. */
function intlOffset(ms: number, timeZone: string): number {
  const parts = partsFormat(timeZone).formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'));
  return (wall - Math.floor(ms / MINUTE) * MINUTE) / MINUTE;
}

/** A UTC day's offsets: one, or two with the first minute of the second (a clock change). */
interface DayOffsets {
  before: number;
  after: number;
  change: number;
}
const offsetCache = new Map<string, Map<number, DayOffsets>>();

/**
 * The zone's offset at an instant. Intl is asked twice per UTC day (and a few more times on a
 * day the clocks change, to find the minute), not once per appointment: a busy month has
 * thousands of them, and formatToParts is the slow part of placing them.
 */
function offsetAt(ms: number, timeZone: string): number {
  let days = offsetCache.get(timeZone);
  if (!days) {
    days = new Map();
    offsetCache.set(timeZone, days);
  }
  const index = Math.floor(ms / UTC_DAY);
  let day = days.get(index);
  if (!day) {
    const start = index * UTC_DAY;
    const before = intlOffset(start, timeZone);
    const after = intlOffset(start + UTC_DAY - MINUTE, timeZone);
    // Zones change their clocks at most once a day: bisect for the first minute of the new offset.
    let low = start;
    let high = start + UTC_DAY - MINUTE;
    if (before !== after) {
      while (high - low > MINUTE) {
        const mid = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
        if (intlOffset(mid, timeZone) === before) low = mid;
        else high = mid;
      }
    }
    day = { before, after, change: before === after ? start : high };
    days.set(index, day);
  }
  return ms < day.change ? day.before : day.after;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The business-local day, hour and minute of an instant (daylight saving included), and the time
 * as 'HH:MM'.
 */
export function localParts(
  instant: string | Date,
  timeZone: string,
): { day: CalendarDay; hour: number; minute: number; time: string } {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  const wall = new Date(ms + offsetAt(ms, timeZone) * MINUTE);
  const hour = wall.getUTCHours();
  const minute = wall.getUTCMinutes();
  return {
    day: `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    hour,
    minute,
    time: `${pad(hour)}:${pad(minute)}`,
  };
}

/**
 * The instant (ISO, UTC) of a wall-clock time on a day in the business's zone; '24:00' is the
 * next day's midnight. A time the clocks skip reads as the same time after the change, and a
 * repeated time as its first occurrence, as Temporal's 'compatible' choice does.
 */
export function zonedInstant(day: string, time: string, timeZone: string): string {
  const [date, clock] = time === '24:00' ? [addDays(day, 1), '00:00'] : [day, time];
  const wall = Date.parse(`${date}T${clock}:00Z`);
  const before = offsetAt(wall - UTC_DAY / 2, timeZone) * MINUTE;
  const after = offsetAt(wall + UTC_DAY / 2, timeZone) * MINUTE;
  // The larger offset first: it gives the earlier instant, the first of a repeated hour.
  for (const offset of [Math.max(before, after), Math.min(before, after)]) {
    const ms = wall - offset;
    if (offsetAt(ms, timeZone) * MINUTE === offset) return new Date(ms).toISOString();
  }
  // A skipped time: read with the smaller offset, which lands as far after the change.
  return new Date(wall - Math.min(before, after)).toISOString();
}
