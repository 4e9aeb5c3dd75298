import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { defaultWeeklyHours, formatTime } from '@slotwise/contracts';
import {
  availableSlots,
  daySlotGrid,
  type DayHours,
  type Interval,
  overlaps,
  resolveBusinessDate,
  toIsoString,
} from './slot-engine.js';

const SYD = 'Australia/Sydney';
const date = (d: string) => Temporal.PlainDate.from(d);
const at = (s: string) => Temporal.Instant.from(s);
const iso = (slots: { start: Temporal.Instant }[]) => slots.map((s) => toIsoString(s.start));

const NINE_TO_FIVE = defaultWeeklyHours();
/** Open on Sundays 01:00–04:00 so the 02:00–03:00 transition hour sits inside opening hours. */
const NIGHT_SUNDAY: DayHours[] = [
  { dayOfWeek: 0, isOpen: true, openTime: '01:00', closeTime: '04:00', slotDuration: 30 },
];

describe('daySlotGrid on ordinary days', () => {
  it('9:00 AM on 15 Jan in Sydney (AEDT, +11) is 22:00Z the day before', () => {
    const slots = daySlotGrid({
      date: date('2027-01-15'),
      timeZone: SYD,
      weeklyHours: NINE_TO_FIVE,
      serviceDurationMinutes: 30,
      now: at('2027-01-01T00:00:00Z'),
    });
    expect(slots).toHaveLength(16);
    expect(slots[0]).toMatchObject({ time: '9:00 AM' });
    expect(toIsoString(slots[0]!.start)).toBe('2027-01-14T22:00:00.000Z');
    expect(slots.at(-1)!.time).toBe('4:30 PM');
    expect(toIsoString(slots.at(-1)!.start)).toBe('2027-01-15T05:30:00.000Z');
  });

  it('uses +10 in winter (AEST): 9:00 AM on 15 Jul is 23:00Z the day before', () => {
    const slots = daySlotGrid({
      date: date('2027-07-15'),
      timeZone: SYD,
      weeklyHours: NINE_TO_FIVE,
      serviceDurationMinutes: 30,
      now: at('2027-07-01T00:00:00Z'),
    });
    expect(toIsoString(slots[0]!.start)).toBe('2027-07-14T23:00:00.000Z');
  });

  it('only offers starts whose whole service ends by closing time', () => {
    const slots = daySlotGrid({
      date: date('2027-01-15'),
      timeZone: SYD,
      weeklyHours: NINE_TO_FIVE,
      serviceDurationMinutes: 60,
      now: at('2027-01-01T00:00:00Z'),
    });
    expect(slots.at(-1)!.time).toBe('4:00 PM');
    expect(slots).toHaveLength(15);
  });

  it('steps by the day’s slot duration, not the service duration', () => {
    const hours: DayHours[] = [
      { dayOfWeek: 5, isOpen: true, openTime: '09:00', closeTime: '11:00', slotDuration: 45 },
    ];
    const slots = daySlotGrid({
      date: date('2027-01-15'),
      timeZone: SYD,
      weeklyHours: hours,
      serviceDurationMinutes: 30,
      now: at('2027-01-01T00:00:00Z'),
    });
    expect(slots.map((s) => s.time)).toEqual(['9:00 AM', '9:45 AM', '10:30 AM']);
  });

  it('is empty on closed days (weekend by default) and on days without an hours row', () => {
    const base = {
      timeZone: SYD,
      serviceDurationMinutes: 30,
      now: at('2027-01-01T00:00:00Z'),
    };
    expect(daySlotGrid({ ...base, date: date('2027-01-16'), weeklyHours: NINE_TO_FIVE })).toEqual(
      [],
    );
    expect(daySlotGrid({ ...base, date: date('2027-01-15'), weeklyHours: [] })).toEqual([]);
  });

  it('drops the past and anything within the 1-hour minimum notice', () => {
    // 10:15 AM Sydney on 15 Jan: 10:30 and 11:00 are within an hour, 11:30 is the first slot.
    const slots = daySlotGrid({
      date: date('2027-01-15'),
      timeZone: SYD,
      weeklyHours: NINE_TO_FIVE,
      serviceDurationMinutes: 30,
      now: at('2027-01-14T23:15:00Z'),
    });
    expect(slots[0]!.time).toBe('11:30 AM');
    const yesterday = daySlotGrid({
      date: date('2027-01-14'),
      timeZone: SYD,
      weeklyHours: NINE_TO_FIVE,
      serviceDurationMinutes: 30,
      now: at('2027-01-14T23:15:00Z'),
    });
    expect(yesterday).toEqual([]);
  });

  it('computes "today" in the business zone, not UTC', () => {
    // 23:30Z on 14 Jan is already 10:30 AM on 15 Jan in Sydney.
    const slots = daySlotGrid({
      date: date('2027-01-15'),
      timeZone: SYD,
      weeklyHours: NINE_TO_FIVE,
      serviceDurationMinutes: 30,
      now: at('2027-01-14T23:30:00Z'),
      minNoticeMinutes: 0,
    });
    expect(slots[0]!.time).toBe('10:30 AM');
  });

  it('refuses days beyond the booking horizon', () => {
    const input = {
      timeZone: SYD,
      weeklyHours: NINE_TO_FIVE,
      serviceDurationMinutes: 30,
      now: at('2027-01-01T00:00:00Z'),
      maxDaysAhead: 31, // today is 1 Jan in Sydney, so 1 Feb is the last bookable day
    };
    expect(daySlotGrid({ ...input, date: date('2027-02-01') })).not.toEqual([]);
    expect(daySlotGrid({ ...input, date: date('2027-02-02') })).toEqual([]);
  });
});

describe('daySlotGrid on Sydney daylight-saving days', () => {
  it('first Sunday of April (2027-04-04): the repeated hour uses the earlier offset', () => {
    const slots = daySlotGrid({
      date: date('2027-04-04'),
      timeZone: SYD,
      weeklyHours: NIGHT_SUNDAY,
      serviceDurationMinutes: 30,
      now: at('2027-03-01T00:00:00Z'),
    });
    expect(slots.map((s) => s.time)).toEqual([
      '1:00 AM',
      '1:30 AM',
      '2:00 AM',
      '2:30 AM',
      '3:00 AM',
      '3:30 AM',
    ]);
    expect(iso(slots)).toEqual([
      '2027-04-03T14:00:00.000Z', // 01:00 AEDT (+11)
      '2027-04-03T14:30:00.000Z',
      '2027-04-03T15:00:00.000Z', // 02:00 AEDT, the first of the two 02:00s
      '2027-04-03T15:30:00.000Z',
      '2027-04-03T17:00:00.000Z', // 03:00 AEST (+10)
      '2027-04-03T17:30:00.000Z', // ends 04:00 AEST = closing
    ]);
  });

  it('first Sunday of October (2027-10-03): times in the skipped hour are not offered', () => {
    const slots = daySlotGrid({
      date: date('2027-10-03'),
      timeZone: SYD,
      weeklyHours: NIGHT_SUNDAY,
      serviceDurationMinutes: 30,
      now: at('2027-09-01T00:00:00Z'),
    });
    expect(slots.map((s) => s.time)).toEqual(['1:00 AM', '1:30 AM', '3:00 AM', '3:30 AM']);
    expect(iso(slots)).toEqual([
      '2027-10-02T15:00:00.000Z', // 01:00 AEST (+10)
      '2027-10-02T15:30:00.000Z',
      '2027-10-02T16:00:00.000Z', // 03:00 AEDT (+11): 02:00–02:59 never happen
      '2027-10-02T16:30:00.000Z',
    ]);
  });

  it('measures the service in real minutes across the jump', () => {
    // 90 minutes from 1:30 AM AEST ends at 04:00 AEDT: exactly closing.
    const slots = daySlotGrid({
      date: date('2027-10-03'),
      timeZone: SYD,
      weeklyHours: NIGHT_SUNDAY,
      serviceDurationMinutes: 90,
      now: at('2027-09-01T00:00:00Z'),
    });
    expect(slots.map((s) => s.time)).toEqual(['1:00 AM', '1:30 AM']);
  });

  it('ordinary 9–5 hours on transition days keep their labels and shift their instants', () => {
    const hours: DayHours[] = [
      { dayOfWeek: 0, isOpen: true, openTime: '09:00', closeTime: '17:00', slotDuration: 30 },
    ];
    const april = daySlotGrid({
      date: date('2027-04-04'),
      timeZone: SYD,
      weeklyHours: hours,
      serviceDurationMinutes: 30,
      now: at('2027-03-01T00:00:00Z'),
    });
    expect(april[0]!.time).toBe('9:00 AM');
    expect(toIsoString(april[0]!.start)).toBe('2027-04-03T23:00:00.000Z'); // AEST now
    const october = daySlotGrid({
      date: date('2027-10-03'),
      timeZone: SYD,
      weeklyHours: hours,
      serviceDurationMinutes: 30,
      now: at('2027-09-01T00:00:00Z'),
    });
    expect(toIsoString(october[0]!.start)).toBe('2027-10-02T22:00:00.000Z'); // AEDT now
    expect(april).toHaveLength(16);
    expect(october).toHaveLength(16);
  });
});

describe('availableSlots and resources', () => {
  const base = {
    date: date('2027-01-15'),
    timeZone: SYD,
    weeklyHours: NINE_TO_FIVE,
    serviceDurationMinutes: 60,
    now: at('2027-01-01T00:00:00Z'),
  };
  // 10:00–11:00 AM Sydney.
  const tenToEleven: Interval = {
    start: at('2027-01-14T23:00:00Z'),
    end: at('2027-01-15T00:00:00Z'),
  };

  it('removes slots overlapping a booking of the only resource', () => {
    const slots = availableSlots({
      ...base,
      resources: [{ key: 'business:1', bookings: [tenToEleven] }],
    });
    const times = slots.map((s) => s.time);
    expect(times).toContain('9:00 AM'); // ends exactly at 10:00: touching is not overlapping
    expect(times).not.toContain('9:30 AM');
    expect(times).not.toContain('10:00 AM');
    expect(times).not.toContain('10:30 AM');
    expect(times).toContain('11:00 AM');
  });

  it('keeps a slot while any staff member is free, and says who', () => {
    const slots = availableSlots({
      ...base,
      resources: [
        { key: 'staff:1', bookings: [tenToEleven] },
        { key: 'staff:2', bookings: [] },
      ],
    });
    const ten = slots.find((s) => s.time === '10:00 AM');
    expect(ten?.freeResources).toEqual(['staff:2']);
    expect(slots.find((s) => s.time === '9:00 AM')?.freeResources).toEqual(['staff:1', 'staff:2']);
  });

  it('ignores bookings of other resources (callers pass only the relevant ones)', () => {
    const slots = availableSlots({ ...base, resources: [{ key: 'staff:2', bookings: [] }] });
    expect(slots).toHaveLength(15);
  });
});

describe('resolveBusinessDate', () => {
  it('reads YYYY-MM-DD as the business-local day', () => {
    expect(resolveBusinessDate('2027-01-15', SYD).toString()).toBe('2027-01-15');
  });
  it('reads an ISO instant as the local day it falls on', () => {
    expect(resolveBusinessDate('2027-01-14T22:00:00.000Z', SYD).toString()).toBe('2027-01-15');
    expect(resolveBusinessDate('2027-01-14T12:00:00.000Z', SYD).toString()).toBe('2027-01-14');
  });
  it('rejects impossible dates', () => {
    expect(() => resolveBusinessDate('2027-02-30', SYD)).toThrow(RangeError);
    expect(() => resolveBusinessDate('not a date', SYD)).toThrow(RangeError);
  });
});

describe('slot engine properties (fast-check)', () => {
  const zones = ['Australia/Sydney', 'Australia/Perth', 'Australia/Adelaide', 'Pacific/Auckland'];
  const arbHours = fc
    .record({
      open: fc.integer({ min: 0, max: 22 * 60 }),
      length: fc.integer({ min: 15, max: 16 * 60 }),
      slot: fc.constantFrom(15, 30, 45, 60, 90, 120),
    })
    .map(({ open, length, slot }) => {
      const close = Math.min(open + length, 23 * 60 + 59);
      const hhmm = (m: number) =>
        `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      return [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
        dayOfWeek,
        isOpen: true,
        openTime: hhmm(open),
        closeTime: hhmm(close),
        slotDuration: slot,
      }));
    });
  // Days around both 2027 transitions plus ordinary ones.
  const arbDate = fc
    .integer({ min: 0, max: 364 })
    .map((d) => Temporal.PlainDate.from('2027-01-01').add({ days: d }));
  const now = at('2026-12-31T00:00:00Z');
  const arbBookings = (day: Temporal.PlainDate) =>
    fc.array(
      fc
        .record({
          offset: fc.integer({ min: -120, max: 26 * 60 }),
          length: fc.integer({ min: 1, max: 240 }),
        })
        .map(({ offset, length }) => {
          const start = day
            .toZonedDateTime({ timeZone: 'UTC' })
            .toInstant()
            .add({ minutes: offset - 14 * 60 });
          return { start, end: start.add({ minutes: length }) };
        }),
      { maxLength: 6 },
    );

  it('never returns a slot that overlaps a booking of its only resource', () => {
    fc.assert(
      fc.property(
        arbDate.chain((day) =>
          fc.tuple(
            fc.constant(day),
            fc.constantFrom(...zones),
            arbHours,
            fc.integer({ min: 15, max: 180 }),
            arbBookings(day),
          ),
        ),
        ([day, timeZone, weeklyHours, duration, bookings]) => {
          const slots = availableSlots({
            date: day,
            timeZone,
            weeklyHours,
            serviceDurationMinutes: duration,
            now,
            maxDaysAhead: 400,
            resources: [{ key: 'business:1', bookings }],
          });
          for (const slot of slots) {
            for (const b of bookings) expect(overlaps(slot, b)).toBe(false);
            expect(slot.end.since(slot.start).total('minutes')).toBe(duration);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('every start converts back to its label, on its day, in the business zone', () => {
    fc.assert(
      fc.property(
        arbDate,
        fc.constantFrom(...zones),
        arbHours,
        fc.integer({ min: 15, max: 180 }),
        (day, timeZone, weeklyHours, duration) => {
          const slots = daySlotGrid({
            date: day,
            timeZone,
            weeklyHours,
            serviceDurationMinutes: duration,
            now,
            maxDaysAhead: 400,
          });
          const seen = new Set<string>();
          for (const slot of slots) {
            const startIso = toIsoString(slot.start);
            // Intl (not Temporal) does the check, so the engine is not marking its own homework.
            expect(formatTime(startIso, timeZone)).toBe(slot.time);
            expect(slot.start.toZonedDateTimeISO(timeZone).toPlainDate().equals(day)).toBe(true);
            expect(seen.has(startIso)).toBe(false);
            seen.add(startIso);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
