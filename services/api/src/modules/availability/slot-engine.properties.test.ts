import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  type ClockInterval,
  daySlots,
  type DaySlotsInput,
  type DaySlotsResult,
  type ResourceDay,
  type Span,
} from './slot-engine.js';

// Property tests of the slot engine on ordinary days and on daylight-saving change days. The
// oracle never calls the engine's helpers: it samples the business's wall clock minute by minute
// (Temporal's toZonedDateTimeISO) and decides from those readings alone which minutes are open.
// The day's closures and special hours go in as the service passes them (the engine applies them
// to the weekly intervals); the oracle applies them on its own, comparing dates with Temporal.

const MINUTE = 60_000;
const RUNS = 200;
/** Minutes sampled: from 2 hours before the day's start, past the next midnight plus buffers. */
const SAMPLED_MINUTES = 34 * 60;

/** The change days we expect; the test checks them against Temporal's own transitions. */
const CHANGE_DAYS: Record<string, string[]> = {
  'Australia/Sydney': ['2026-04-05', '2026-10-04', '2027-04-04', '2027-10-03'],
  'Australia/Lord_Howe': ['2026-04-05', '2026-10-04', '2027-04-04', '2027-10-03'],
  'Pacific/Auckland': ['2026-04-05', '2026-09-27', '2027-04-04', '2027-09-26'],
  'America/New_York': ['2026-03-08', '2026-11-01', '2027-03-14', '2027-11-07'],
};
const ZONES = Object.keys(CHANGE_DAYS);

interface Transition {
  date: string;
  /** Epoch ms of the change. */
  at: number;
  /** New offset minus old, in minutes: positive in spring (a gap), negative in autumn (a repeat). */
  shift: number;
  /** The wall time (minutes after midnight) the clock shows at the change. */
  wallAfter: number;
}

function transitions(timeZone: string): Transition[] {
  const found: Transition[] = [];
  let cursor: Temporal.ZonedDateTime | null = Temporal.ZonedDateTime.from({
    year: 2026,
    month: 1,
    day: 1,
    timeZone,
  });
  const end = Temporal.Instant.from('2028-01-01T00:00:00Z');
  for (;;) {
    cursor = cursor.getTimeZoneTransition('next');
    if (!cursor || Temporal.Instant.compare(cursor.toInstant(), end) >= 0) break;
    const before = cursor.subtract({ nanoseconds: 1 });
    found.push({
      date: cursor.toPlainDate().toString(),
      at: cursor.epochMilliseconds,
      shift: (cursor.offsetNanoseconds - before.offsetNanoseconds) / 60e9,
      wallAfter: cursor.hour * 60 + cursor.minute,
    });
  }
  return found;
}

type DayKind = 'spring' | 'autumn' | 'ordinary';

/** One business-local day in one zone, with its wall clock sampled every real minute. */
interface Day {
  timeZone: string;
  date: Temporal.PlainDate;
  kind: DayKind;
  transition: Transition | undefined;
  /** Epoch ms of sample 0. */
  base: number;
  /** The wall clock at each sample, in minutes after the day's midnight (negative before it). */
  wall: Int32Array;
  /** The latest wall time shown at or before each sample. */
  reached: Int32Array;
  /** The earliest wall time shown from the end of each sample's minute on. */
  ahead: Int32Array;
  /** Wall minute of the day → the samples showing it (two in a repeated hour, none in a gap). */
  showing: Map<number, number[]>;
}

function sampleDay(timeZone: string, dateText: string, transition?: Transition): Day {
  const date = Temporal.PlainDate.from(dateText);
  const base = date.toZonedDateTime({ timeZone }).epochMilliseconds - 2 * 60 * MINUTE;
  const wall = new Int32Array(SAMPLED_MINUTES);
  for (let i = 0; i < SAMPLED_MINUTES; i++) {
    const z = Temporal.Instant.fromEpochMilliseconds(base + i * MINUTE).toZonedDateTimeISO(
      timeZone,
    );
    wall[i] = z.toPlainDate().since(date).days * 1440 + z.hour * 60 + z.minute;
  }
  const reached = new Int32Array(SAMPLED_MINUTES);
  let max = -Infinity;
  for (let i = 0; i < SAMPLED_MINUTES; i++) reached[i] = max = Math.max(max, wall[i]!);
  const ahead = new Int32Array(SAMPLED_MINUTES);
  let min = Infinity;
  for (let i = SAMPLED_MINUTES - 1; i >= 0; i--) {
    ahead[i] = Math.min(wall[i]! + 1, min);
    min = Math.min(min, wall[i]!);
  }
  const showing = new Map<number, number[]>();
  wall.forEach((w, i) => {
    if (w >= 0 && w < 1440) showing.set(w, [...(showing.get(w) ?? []), i]);
  });
  const kind: DayKind = !transition ? 'ordinary' : transition.shift > 0 ? 'spring' : 'autumn';
  return { timeZone, date, kind, transition, base, wall, reached, ahead, showing };
}

/**
 * Whether the clock interval [open, close) covers sample i. By the engine's definition an interval
 * runs from the first instant the clock shows its opening time (or a later one: in a gap, the
 * change) to the last instant it shows its closing time (in a gap, the change). So the minute is
 * inside when the clock has shown `open` or later by its start, and shows `close` or earlier again
 * from its end on.
 */
function covers(day: Day, i: number, { open, close }: ClockInterval): boolean {
  return day.reached[i]! >= open && day.ahead[i]! <= close;
}

/** A random day's inputs, in minutes relative to the day's samples (turned into instants later). */
interface Scenario {
  /** The weekday's intervals. */
  business: ClockInterval[];
  /** Closures as days relative to the day (0: the day itself) and how many more days they last. */
  closures: readonly { from: number; extra: number }[];
  /** Special hours of the day (none: the week's), and of the day after (which must not count). */
  special: ClockInterval[] | null;
  specialNext: ClockInterval[] | null;
  slotDuration: number;
  duration: number;
  before: number;
  after: number;
  /** Minutes `now` lies before the day's midnight, and the notice. */
  nowBefore: number;
  notice: number;
  resources: {
    own: ClockInterval[] | null;
    away: { from: number; length: number }[];
    bookings: { from: number; length: number }[];
  }[];
}

// Boundaries on a 15-minute grid, often in the small hours where the clocks change, sometimes 24:00.
const boundary = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 95 }).map((q) => q * 15) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 20 }).map((q) => q * 15) },
  { weight: 2, arbitrary: fc.constantFrom(60, 90, 105, 120, 135, 150, 165, 180) },
  { weight: 1, arbitrary: fc.constant(1440) },
);
/** Sorted, non-overlapping intervals, some touching. */
const intervals = (minLength: number) =>
  fc
    .tuple(
      fc.uniqueArray(boundary, { minLength, maxLength: 8 }),
      fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    )
    .map(([points, touch]) => {
      const sorted = [...points].sort((a, b) => a - b);
      const result: ClockInterval[] = [];
      for (let k = 0; k + 1 < sorted.length; k += 2) {
        const previous = result.at(-1);
        const open = previous && touch[k / 2] ? previous.close : sorted[k]!;
        result.push({ open, close: sorted[k + 1]! });
      }
      return result;
    });
const range = (maxLength: number) =>
  fc.record({
    from: fc.integer({ min: 0, max: SAMPLED_MINUTES - 1 }),
    length: fc.integer({ min: 1, max: maxLength }),
  });
const minutes = fc.oneof(fc.constantFrom(15, 30, 45, 60, 90), fc.integer({ min: 1, max: 240 }));
const buffer = fc.oneof(
  { weight: 2, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.constantFrom(5, 10, 15, 30) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 60 }) },
);
const scenario: fc.Arbitrary<Scenario> = fc.record({
  business: intervals(2),
  // About a third of the days fall in a closure; others have one just before or after them.
  closures: fc.oneof(
    { weight: 2, arbitrary: fc.constant([]) },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.record({ from: fc.integer({ min: -3, max: 2 }), extra: fc.integer({ min: 0, max: 2 }) }),
        { minLength: 1, maxLength: 2 },
      ),
    },
  ),
  special: fc.option(intervals(0), { nil: null, freq: 2 }),
  specialNext: fc.option(intervals(2), { nil: null, freq: 2 }),
  slotDuration: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(15, 20, 30, 45, 60) },
    { weight: 1, arbitrary: fc.integer({ min: 10, max: 120 }) },
  ),
  duration: minutes,
  before: buffer,
  after: buffer,
  nowBefore: fc.integer({ min: 1, max: 3 * 1440 }),
  notice: fc.oneof(fc.constantFrom(0, 60), fc.integer({ min: 0, max: 4 * 1440 })),
  resources: fc.array(
    fc.record({
      own: fc.option(intervals(0), { nil: null, freq: 2 }),
      away: fc.array(range(600), { maxLength: 2 }),
      // Now and then one long booking, so that whole days are booked up.
      bookings: fc.array(
        fc.oneof({ weight: 4, arbitrary: range(240) }, { weight: 1, arbitrary: range(1800) }),
        { maxLength: 4 },
      ),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** Clock intervals as the contracts (and the special-hours table) write them. */
const opening = (list: readonly ClockInterval[]) =>
  list.map((i) => ({ openTime: hhmm(i.open), closeTime: hhmm(i.close) }));

/** The scenario's closures as business-local dates. */
const closureDates = (day: Day, s: Scenario) =>
  s.closures.map((c) => ({
    from: day.date.add({ days: c.from }),
    to: day.date.add({ days: c.from + c.extra }),
  }));

/** Whether a closure covers the date (compared as dates, not as the engine's date strings). */
const closedOn = (closures: ReturnType<typeof closureDates>, date: Temporal.PlainDate) =>
  closures.some(
    (c) =>
      Temporal.PlainDate.compare(c.from, date) <= 0 && Temporal.PlainDate.compare(date, c.to) <= 0,
  );

/** The oracle's business intervals of the day: none when closed, else special hours, else the week. */
function effectiveIntervals(day: Day, s: Scenario): ClockInterval[] {
  if (closedOn(closureDates(day, s), day.date)) return [];
  return s.special ?? s.business;
}

const toSpan = (day: Day, r: { from: number; length: number }): Span => ({
  start: day.base + r.from * MINUTE,
  end: day.base + (r.from + r.length) * MINUTE,
});

function engineInput(day: Day, s: Scenario): DaySlotsInput {
  const midnight = day.base + 2 * 60 * MINUTE;
  return {
    date: day.date,
    timeZone: day.timeZone,
    now: Temporal.Instant.fromEpochMilliseconds(midnight - s.nowBefore * MINUTE),
    window: { minNoticeMinutes: s.notice, maxAdvanceDays: 400 },
    service: {
      durationMinutes: s.duration,
      bufferBeforeMinutes: s.before,
      bufferAfterMinutes: s.after,
    },
    businessIntervals: s.business,
    exceptions: {
      closures: closureDates(day, s).map((c) => ({ from: c.from.toString(), to: c.to.toString() })),
      specialHours: new Map([
        ...(s.special ? [[day.date.toString(), opening(s.special)] as const] : []),
        ...(s.specialNext
          ? [[day.date.add({ days: 1 }).toString(), opening(s.specialNext)] as const]
          : []),
      ]),
    },
    slotDuration: s.slotDuration,
    resources: s.resources.map((r, k): ResourceDay => ({
      key: `staff:${k + 1}`,
      ownIntervals: r.own,
      away: r.away.map((a) => toSpan(day, a)),
      bookings: r.bookings.map((b) => toSpan(day, b)),
    })),
  };
}

const overlap = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** The key of the business's own hours among the oracle's prefix counts. */
const BUSINESS = 'business hours';

/** The oracle: per resource, which sampled minutes it works (brute force on the wall clock). */
class Simulation {
  /** Per resource (and the business's hours), prefix counts of working minutes. */
  private readonly working: Map<string, Int32Array>;
  /** The business's intervals that day, closures and special hours applied. */
  readonly businessIntervals: readonly ClockInterval[];

  constructor(
    readonly day: Day,
    readonly input: DaySlotsInput,
    scenario: Scenario,
  ) {
    const business = effectiveIntervals(day, scenario);
    this.businessIntervals = business;
    const resources = [
      { key: BUSINESS, ownIntervals: null, away: [] },
      ...input.resources,
    ] satisfies Pick<ResourceDay, 'key' | 'ownIntervals' | 'away'>[];
    this.working = new Map(
      resources.map((r) => {
        const counts = new Int32Array(SAMPLED_MINUTES + 1);
        for (let i = 0; i < SAMPLED_MINUTES; i++) {
          const t = day.base + i * MINUTE;
          const works =
            business.some((c) => covers(day, i, c)) &&
            (r.ownIntervals === null || r.ownIntervals.some((c) => covers(day, i, c))) &&
            !r.away.some((a) => a.start <= t && t < a.end);
          counts[i + 1] = counts[i]! + (works ? 1 : 0);
        }
        return [r.key, counts];
      }),
    );
  }

  /** Whether the resource (or BUSINESS: the business's hours) covers every minute of the span. */
  works(key: string, span: Span): boolean {
    const from = (span.start - this.day.base) / MINUTE;
    const to = (span.end - this.day.base) / MINUTE;
    expect(Number.isInteger(from) && Number.isInteger(to)).toBe(true);
    if (from < 0 || to > SAMPLED_MINUTES) return false;
    const counts = this.working.get(key)!;
    return counts[to]! - counts[from]! === to - from;
  }

  /** Whether the business's hours hold any minute of the day (open, whether or not a slot fits). */
  opensAtAll(): boolean {
    return this.working.get(BUSINESS)![SAMPLED_MINUTES]! > 0;
  }

  blockedAt(start: number): Span {
    const { service } = this.input;
    return {
      start: start - service.bufferBeforeMinutes * MINUTE,
      end: start + (service.durationMinutes + service.bufferAfterMinutes) * MINUTE,
    };
  }

  /** The real instants (epoch ms) at which the clock shows a grid time of the day. */
  gridStarts(): { wall: number; start: number }[] {
    const found = new Map<number, number>();
    for (const { open, close } of this.businessIntervals) {
      for (let m = open; m < close; m += this.input.slotDuration) {
        for (const i of this.day.showing.get(m) ?? []) found.set(this.day.base + i * MINUTE, m);
      }
    }
    return [...found].map(([start, wall]) => ({ wall, start })).sort((a, b) => a.start - b.start);
  }

  /** Who works the whole blocked range of a start, in the input's order. */
  workingAt(start: number): string[] {
    const blocked = this.blockedAt(start);
    return this.input.resources.filter((r) => this.works(r.key, blocked)).map((r) => r.key);
  }

  /** What the engine should answer, from the simulation alone. */
  expected(): Pick<DaySlotsResult, 'status'> & {
    slots: { start: number; workingResources: string[]; freeResources: string[] }[];
  } {
    const earliest = this.input.now.epochMilliseconds + this.input.window.minNoticeMinutes * MINUTE;
    let worked = false;
    let open = false;
    const slots = [];
    for (const { start } of this.gridStarts()) {
      open ||= this.works(BUSINESS, this.blockedAt(start));
      const workingResources = this.workingAt(start);
      if (workingResources.length === 0) continue;
      worked = true;
      if (start < earliest) continue;
      const blocked = this.blockedAt(start);
      const freeResources = workingResources.filter((key) =>
        this.input.resources
          .find((r) => r.key === key)!
          .bookings.every((b) => !overlap(b, blocked)),
      );
      slots.push({ start, workingResources, freeResources });
    }
    const status = !worked
      ? open
        ? 'staff_not_working'
        : this.opensAtAll()
          ? 'no_times_left'
          : 'closed'
      : slots.length === 0
        ? 'outside_window'
        : slots.some((s) => s.freeResources.length > 0)
          ? 'available'
          : 'fully_booked';
    return { slots, status };
  }
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();
/** 'HH:MM' of an instant in the zone, read through Intl rather than Temporal. */
function intlWall(timeZone: string, epochMs: number): string {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(epochMs));
  return `${parts.find((p) => p.type === 'hour')!.value}:${parts.find((p) => p.type === 'minute')!.value}`;
}

const withBooking = (input: DaySlotsInput, key: string, booking: Span): DaySlotsInput => ({
  ...input,
  resources: input.resources.map((r) =>
    r.key === key ? { ...r, bookings: [...r.bookings, booking] } : r,
  ),
});

describe.each(ZONES)('slot engine properties in %s', (timeZone) => {
  const changes = transitions(timeZone);
  const days = [
    ...changes.map((t) => sampleDay(timeZone, t.date, t)),
    ...['2026-06-15', '2027-01-15', '2027-02-27'].map((d) => sampleDay(timeZone, d)),
  ];
  // Days are drawn by name so that a counterexample prints short.
  const byName = new Map(days.map((d) => [`${d.date.toString()} (${d.kind})`, d]));
  const kindOf = (...kinds: DayKind[]) =>
    fc.constantFrom(...[...byName].filter(([, d]) => kinds.includes(d.kind)).map(([name]) => name));
  const anyDay = kindOf('spring', 'autumn', 'ordinary');
  const dayNamed = (name: string) => byName.get(name)!;

  it('changes clocks on the expected days (checked with getTimeZoneTransition)', () => {
    expect(changes.map((t) => t.date)).toEqual(CHANGE_DAYS[timeZone]);
    const expectedShift = timeZone === 'Australia/Lord_Howe' ? 30 : 60;
    for (const t of changes) expect(Math.abs(t.shift)).toBe(expectedShift);
    expect(days.filter((d) => d.kind === 'spring')).toHaveLength(2);
    expect(days.filter((d) => d.kind === 'autumn')).toHaveLength(2);
  });

  it('1. an offered slot can be booked, and booking it takes exactly the overlapping slots of that resource', () => {
    fc.assert(
      fc.property(anyDay, scenario, fc.nat(), fc.nat(), (name, s, pickSlot, pickResource) => {
        const day = dayNamed(name);
        const input = engineInput(day, s);
        const result = daySlots(input);
        const offered = result.slots.filter((slot) => slot.freeResources.length > 0);
        for (const slot of offered) {
          for (const key of slot.freeResources) {
            const resource = input.resources.find((r) => r.key === key)!;
            for (const b of resource.bookings) expect(overlap(b, slot.blocked)).toBe(false);
          }
        }
        if (offered.length === 0) return;
        const chosen = offered[pickSlot % offered.length]!;
        const key = chosen.freeResources[pickResource % chosen.freeResources.length]!;
        const after = daySlots(withBooking(input, key, chosen.blocked));
        expect(after.slots.map((x) => x.start.epochMilliseconds)).toEqual(
          result.slots.map((x) => x.start.epochMilliseconds),
        );
        after.slots.forEach((slot, k) => {
          const was = result.slots[k]!;
          expect(slot.workingResources).toEqual(was.workingResources);
          const taken = overlap(slot.blocked, chosen.blocked);
          expect(slot.freeResources).toEqual(was.freeResources.filter((r) => r !== key || !taken));
        });
        expect(after.slots.find((x) => x.start.equals(chosen.start))!.freeResources).not.toContain(
          key,
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('2. every slot lies, minute by minute on the wall clock, inside its resources’ hours and outside their time off; every such start is offered', () => {
    fc.assert(
      fc.property(anyDay, scenario, (name, s) => {
        const day = dayNamed(name);
        const input = engineInput(day, s);
        const sim = new Simulation(day, input, s);
        const result = daySlots(input);
        // Soundness, slot by slot, with the wall clock checked for each minute.
        for (const slot of result.slots) {
          for (const key of slot.workingResources) {
            expect(sim.works(key, slot.blocked), `${key} at ${slot.start.toString()}`).toBe(true);
          }
        }
        // Completeness and status: the engine answers what the simulation finds.
        const expected = sim.expected();
        expect(
          result.slots.map((x) => ({
            start: x.start.epochMilliseconds,
            workingResources: x.workingResources,
            freeResources: x.freeResources,
          })),
        ).toEqual(expected.slots);
        expect(result.status).toBe(expected.status);
      }),
      { numRuns: RUNS },
    );
  });

  it('3. booking free slots one after another, in a random order, never double-books a resource', () => {
    fc.assert(
      fc.property(
        anyDay,
        scenario,
        fc.array(fc.nat(), { minLength: 10, maxLength: 10 }),
        (name, s, choices) => {
          const day = dayNamed(name);
          let input = engineInput(day, s);
          const sim = new Simulation(day, input, s);
          const made = new Map<string, Span[]>();
          for (const choice of choices) {
            const offered = daySlots(input).slots.filter((x) => x.freeResources.length > 0);
            if (offered.length === 0) break;
            const slot = offered[choice % offered.length]!;
            const key =
              slot.freeResources[Math.floor(choice / offered.length) % slot.freeResources.length]!;
            expect(sim.works(key, slot.blocked), `${key} works at ${slot.start.toString()}`).toBe(
              true,
            );
            made.set(key, [...(made.get(key) ?? []), slot.blocked]);
            input = withBooking(input, key, slot.blocked);
          }
          for (const [key, spans] of made) {
            const existing = engineInput(day, s).resources.find((r) => r.key === key)!.bookings;
            spans.forEach((a, k) => {
              for (const b of existing) expect(overlap(a, b)).toBe(false);
              for (const b of spans.slice(k + 1)) expect(overlap(a, b)).toBe(false);
            });
          }
        },
      ),
      // Each run recomputes the day up to ten times.
      { numRuns: RUNS / 2 },
    );
  });

  it('4. no slot shows a wall time that does not exist; each wallTime is the clock at its start', () => {
    fc.assert(
      fc.property(kindOf('spring', 'ordinary'), scenario, (name, s) => {
        const day = dayNamed(name);
        const { slots } = daySlots(engineInput(day, s));
        for (const slot of slots) {
          const start = slot.start.epochMilliseconds;
          expect(slot.wallTime).toBe(intlWall(timeZone, start));
          expect(slot.start.toZonedDateTimeISO(timeZone).toPlainDate().equals(day.date)).toBe(true);
        }
        if (day.kind !== 'spring') return;
        const t = day.transition!;
        const skipped = new Set<string>();
        for (let m = t.wallAfter - t.shift; m < t.wallAfter; m++) skipped.add(hhmm(m));
        for (const slot of slots) expect(skipped.has(slot.wallTime)).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });

  it('5. a grid time in the repeated hour gives one slot per real instant, never two at one instant', () => {
    fc.assert(
      fc.property(kindOf('autumn'), scenario, (name, s) => {
        const day = dayNamed(name);
        const input = engineInput(day, s);
        const sim = new Simulation(day, input, s);
        const { slots } = daySlots(input);
        const t = day.transition!;
        const repeatFrom = t.wallAfter;
        const repeatTo = t.wallAfter - t.shift;
        const starts = slots.map((x) => x.start.epochMilliseconds);
        expect(new Set(starts).size).toBe(starts.length);
        const earliest = input.now.epochMilliseconds + input.window.minNoticeMinutes * MINUTE;
        for (const { wall, start } of sim.gridStarts()) {
          if (wall < repeatFrom || wall >= repeatTo) continue;
          const same = slots.filter((x) => x.wallTime === hhmm(wall));
          expect(same.length).toBeLessThanOrEqual(2);
          if (same.length === 2) {
            expect(same[1]!.start.epochMilliseconds - same[0]!.start.epochMilliseconds).toBe(
              -t.shift * MINUTE,
            );
          }
          const offered = sim.workingAt(start).length > 0 && start >= earliest;
          expect(starts.includes(start)).toBe(offered);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('6. a slot lasts exactly the service in real minutes, and blocks it with its buffers', () => {
    fc.assert(
      fc.property(anyDay, scenario, (name, s) => {
        const day = dayNamed(name);
        for (const slot of daySlots(engineInput(day, s)).slots) {
          const start = slot.start.epochMilliseconds;
          const end = slot.end.epochMilliseconds;
          expect(end - start).toBe(s.duration * MINUTE);
          expect(slot.blocked).toEqual({
            start: start - s.before * MINUTE,
            end: end + s.after * MINUTE,
          });
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('7. nothing is offered on a closed date, special hours replace the week, and every offered slot books', () => {
    fc.assert(
      fc.property(anyDay, scenario, fc.nat(), (name, s, pick) => {
        const day = dayNamed(name);
        const input = engineInput(day, s);
        const result = daySlots(input);
        const closures = closureDates(day, s);
        if (closedOn(closures, day.date)) expect(result).toEqual({ slots: [], status: 'closed' });
        const localDate = (epochMs: number) =>
          Temporal.Instant.fromEpochMilliseconds(epochMs)
            .toZonedDateTimeISO(timeZone)
            .toPlainDate();
        // The day's grid: the special hours' when it has them, whatever the week says.
        const grid = s.special ?? s.business;
        for (const slot of result.slots) {
          // Every minute the slot blocks falls on an open date on the business's clock.
          expect(closedOn(closures, localDate(slot.blocked.start))).toBe(false);
          expect(closedOn(closures, localDate(slot.blocked.end - MINUTE))).toBe(false);
          const [h, m] = slot.wallTime.split(':').map(Number) as [number, number];
          const wall = h * 60 + m;
          expect(
            grid.some(
              (i) => i.open <= wall && wall < i.close && (wall - i.open) % s.slotDuration === 0,
            ),
            `${slot.wallTime} on the grid of ${JSON.stringify(grid)}`,
          ).toBe(true);
        }
        const offered = result.slots.filter((x) => x.freeResources.length > 0);
        if (offered.length === 0) return;
        const slot = offered[pick % offered.length]!;
        // As a booking finds its slot: the day of its start on the business's clock, computed again.
        const again = daySlots({ ...input, date: localDate(slot.startMs) }).slots.find(
          (x) => x.startMs === slot.startMs,
        );
        expect(again?.freeResources).toEqual(slot.freeResources);
        const sim = new Simulation(day, input, s);
        for (const key of slot.freeResources) expect(sim.works(key, slot.blocked)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
