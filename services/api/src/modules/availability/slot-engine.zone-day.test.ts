import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { todayIn, wallInstants, withinAdvance, zoneDay } from './slot-engine.js';

// The engine's day arithmetic (ZoneDay: the zone's offsets read once per day) against Temporal
// asked directly, on every clock change of 2026–2027 and the days around it. Besides the zones of
// the DST tests: Chatham (+12:45/+13:45), Gaza and Havana (changes at or near midnight), Santiago
// (24:00 → 23:00) and Brisbane (none).
const ZONES = [
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Pacific/Auckland',
  'America/New_York',
  'Pacific/Chatham',
  'Asia/Gaza',
  'America/Havana',
  'America/Santiago',
  'Australia/Brisbane',
];

/** Every clock change of 2026–2027 in the zone, as the instant it happens. */
function changes(timeZone: string): Temporal.ZonedDateTime[] {
  const found: Temporal.ZonedDateTime[] = [];
  let cursor: Temporal.ZonedDateTime | null = Temporal.ZonedDateTime.from({
    year: 2026,
    month: 1,
    day: 1,
    timeZone,
  });
  for (;;) {
    cursor = cursor.getTimeZoneTransition('next');
    if (!cursor || cursor.year >= 2028) return found;
    found.push(cursor);
  }
}

/** The change days and their neighbours, and two ordinary days. */
function daysOf(timeZone: string): Temporal.PlainDate[] {
  const days = new Map<string, Temporal.PlainDate>();
  for (const d of ['2026-06-15', '2027-01-15']) days.set(d, Temporal.PlainDate.from(d));
  for (const change of changes(timeZone)) {
    for (const k of [-1, 0, 1]) {
      const day = change.toPlainDate().add({ days: k });
      days.set(day.toString(), day);
    }
  }
  return [...days.values()];
}

/** The boundary by Temporal alone: first or last instant showing the time; in a gap, the change. */
function temporalBoundary(
  date: Temporal.PlainDate,
  minutes: number,
  timeZone: string,
  edge: 'open' | 'close',
): number {
  const found = wallInstants(date, minutes, timeZone).map((z) => z.epochMilliseconds);
  if (found.length > 0) return edge === 'open' ? found[0]! : found.at(-1)!;
  const day = minutes >= 1440 ? date.add({ days: 1 }) : date;
  const m = minutes % 1440;
  const before = day
    .toPlainDateTime({ hour: Math.floor(m / 60), minute: m % 60 })
    .toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  return (before.getTimeZoneTransition('next') ?? before).epochMilliseconds;
}

describe.each(ZONES)('ZoneDay in %s', (timeZone) => {
  const days = daysOf(timeZone);

  it('finds the instants Temporal finds for every wall time of the day and the next', () => {
    for (const date of days) {
      const zone = zoneDay(date, timeZone);
      for (let minutes = 0; minutes <= 2880; minutes += 15) {
        const expected = wallInstants(date, minutes, timeZone).map((z) => z.epochMilliseconds);
        expect(zone.instants(minutes), `${date.toString()} +${minutes} min`).toEqual(expected);
      }
    }
  });

  it('opens and closes intervals where Temporal does, in gaps at the change', () => {
    for (const date of days) {
      const zone = zoneDay(date, timeZone);
      for (let minutes = 0; minutes <= 1440; minutes += 15) {
        for (const edge of ['open', 'close'] as const) {
          expect(zone.boundary(minutes, edge), `${date.toString()} ${minutes} ${edge}`).toBe(
            temporalBoundary(date, minutes, timeZone, edge),
          );
        }
      }
    }
  });

  it('reads the booking window from the business-local date of now, as todayIn does', () => {
    const instants = changes(timeZone).flatMap((c) =>
      [-3600_000, -1, 0, 1, 3600_000].map((d) => c.epochMilliseconds + d),
    );
    instants.push(Date.parse('2026-06-15T13:59:59.999Z'), Date.parse('2027-01-15T00:00:00Z'));
    for (const at of instants) {
      const now = Temporal.Instant.fromEpochMilliseconds(at);
      const today = todayIn(timeZone, now);
      for (const k of [-1, 0, 1, 2]) {
        const date = today.add({ days: k });
        for (const maxAdvanceDays of [0, 1]) {
          expect(
            withinAdvance(date, timeZone, now, { minNoticeMinutes: 0, maxAdvanceDays }),
            `${now.toString()} ${date.toString()} +${maxAdvanceDays}`,
          ).toBe(k >= 0 && k <= maxAdvanceDays);
        }
      }
    }
  });
});
