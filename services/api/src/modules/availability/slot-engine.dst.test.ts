import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  type ClockInterval,
  daySlots,
  type DaySlotsInput,
  parseClock,
  type ResourceDay,
  type Span,
  toIsoString,
  toSpans,
  wallInstants,
} from './slot-engine.js';

// Example tests on daylight-saving change days. Sydney: 2:00 AM → 3:00 AM on the first Sunday of
// October, 3:00 AM → 2:00 AM on the first Sunday of April. Lord Howe moves by 30 minutes.
const SYD = 'Australia/Sydney';
const LHI = 'Australia/Lord_Howe';
const NYC = 'America/New_York';
const AKL = 'Pacific/Auckland';

const date = (d: string) => Temporal.PlainDate.from(d);
const at = (s: string) => Temporal.Instant.from(s);
const ms = (s: string) => at(s).epochMilliseconds;
const clock = (open: string, close: string): ClockInterval => ({
  open: parseClock(open)!,
  close: parseClock(close)!,
});
const iso = (slots: { start: Temporal.Instant }[]) => slots.map((s) => toIsoString(s.start));
const walls = (slots: { wallTime: string }[]) => slots.map((s) => s.wallTime);
const isoSpans = (spans: Span[]) =>
  spans.map((s) => [new Date(s.start).toISOString(), new Date(s.end).toISOString()]);
const resource = (key: string, extra: Partial<ResourceDay> = {}): ResourceDay => ({
  key,
  ownIntervals: null,
  away: [],
  bookings: [],
  ...extra,
});

function input(
  day: string,
  timeZone: string,
  businessIntervals: ClockInterval[],
  overrides: Partial<DaySlotsInput> = {},
): DaySlotsInput {
  return {
    date: date(day),
    timeZone,
    now: at('2026-01-01T00:00:00Z'),
    window: { minNoticeMinutes: 60, maxAdvanceDays: 1000 },
    service: { durationMinutes: 30, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 },
    businessIntervals,
    slotDuration: 30,
    resources: [resource('business:1')],
    ...overrides,
  };
}
const service = (durationMinutes: number, bufferBeforeMinutes = 0, bufferAfterMinutes = 0) => ({
  durationMinutes,
  bufferBeforeMinutes,
  bufferAfterMinutes,
});

describe('Sydney, first Sunday of April (2027-04-04): 3:00 AM AEDT → 2:00 AM AEST', () => {
  const night = [clock('01:00', '04:00')];

  it('offers the repeated hour once per real instant: two slots with the same wall time', () => {
    const { slots } = daySlots(input('2027-04-04', SYD, night));
    expect(walls(slots)).toEqual([
      '01:00',
      '01:30',
      '02:00',
      '02:30',
      '02:00',
      '02:30',
      '03:00',
      '03:30',
    ]);
    expect(iso(slots)).toEqual([
      '2027-04-03T14:00:00.000Z', // 01:00 AEDT (+11)
      '2027-04-03T14:30:00.000Z',
      '2027-04-03T15:00:00.000Z', // the first 02:00, AEDT
      '2027-04-03T15:30:00.000Z',
      '2027-04-03T16:00:00.000Z', // the second 02:00, AEST (+10)
      '2027-04-03T16:30:00.000Z',
      '2027-04-03T17:00:00.000Z', // 03:00 AEST
      '2027-04-03T17:30:00.000Z', // ends 04:00 AEST = closing
    ]);
    expect(slots.map((s) => s.time)).toContain('2:30 AM');
  });

  it('a booking at the first 2:00 AM leaves the second one free', () => {
    const booked: Span = { start: ms('2027-04-03T15:00:00Z'), end: ms('2027-04-03T15:30:00Z') };
    const { slots } = daySlots(
      input('2027-04-04', SYD, night, {
        resources: [resource('business:1', { bookings: [booked] })],
      }),
    );
    const twoAm = slots.filter((s) => s.wallTime === '02:00');
    expect(twoAm.map((s) => s.freeResources)).toEqual([[], ['business:1']]);
  });

  it('an interval runs from the first instant its opening time shows to the last its closing time shows', () => {
    // 02:00–02:30 on this day is from the first 02:00 (AEDT) to the second 02:30 (AEST).
    expect(isoSpans(toSpans(date('2027-04-04'), [clock('02:00', '02:30')], SYD))).toEqual([
      ['2027-04-03T15:00:00.000Z', '2027-04-03T16:30:00.000Z'],
    ]);
    expect(
      wallInstants(date('2027-04-04'), parseClock('02:30')!, SYD).map((z) => z.toString()),
    ).toEqual([
      '2027-04-04T02:30:00+11:00[Australia/Sydney]',
      '2027-04-04T02:30:00+10:00[Australia/Sydney]',
    ]);
  });

  it('ordinary 9–5 hours keep their labels and shift their instants', () => {
    const { slots } = daySlots(input('2027-04-04', SYD, [clock('09:00', '17:00')]));
    expect(slots[0]!.time).toBe('9:00 AM');
    expect(toIsoString(slots[0]!.start)).toBe('2027-04-03T23:00:00.000Z'); // AEST now
    expect(slots).toHaveLength(16);
  });

  it('a day of 25 hours from 00:00 to 24:00 has 50 half-hour slots', () => {
    const { slots } = daySlots(input('2027-04-04', SYD, [clock('00:00', '24:00')]));
    expect(slots).toHaveLength(50);
    expect(toIsoString(slots.at(-1)!.end)).toBe('2027-04-04T14:00:00.000Z'); // midnight AEST
  });
});

describe('Sydney, first Sunday of October (2027-10-03): 2:00 AM AEST → 3:00 AM AEDT', () => {
  const night = [clock('01:00', '04:00')];

  it('does not offer times in the skipped hour', () => {
    const { slots } = daySlots(input('2027-10-03', SYD, night));
    expect(slots.map((s) => s.time)).toEqual(['1:00 AM', '1:30 AM', '3:00 AM', '3:30 AM']);
    expect(iso(slots)).toEqual([
      '2027-10-02T15:00:00.000Z', // 01:00 AEST (+10)
      '2027-10-02T15:30:00.000Z',
      '2027-10-02T16:00:00.000Z', // 03:00 AEDT (+11): 02:00–02:59 never happen
      '2027-10-02T16:30:00.000Z',
    ]);
    expect(wallInstants(date('2027-10-03'), parseClock('02:30')!, SYD)).toEqual([]);
  });

  it('measures the service in real minutes across the jump', () => {
    // 90 minutes from 1:30 AM AEST ends at 4:00 AM AEDT: exactly closing.
    const { slots } = daySlots(input('2027-10-03', SYD, night, { service: service(90) }));
    expect(slots.map((s) => s.time)).toEqual(['1:00 AM', '1:30 AM']);
    expect(toIsoString(slots[1]!.end)).toBe('2027-10-02T17:00:00.000Z');
  });

  it('ordinary 9–5 hours keep their labels and shift their instants', () => {
    const { slots } = daySlots(input('2027-10-03', SYD, [clock('09:00', '17:00')]));
    expect(toIsoString(slots[0]!.start)).toBe('2027-10-02T22:00:00.000Z'); // AEDT now
    expect(slots).toHaveLength(16);
  });

  it('an interval opening inside the gap opens at the transition', () => {
    const spans = toSpans(date('2027-10-03'), [clock('02:30', '04:00')], SYD);
    expect(isoSpans(spans)).toEqual([['2027-10-02T16:00:00.000Z', '2027-10-02T17:00:00.000Z']]);
    const { slots } = daySlots(input('2027-10-03', SYD, [clock('02:30', '04:00')]));
    expect(walls(slots)).toEqual(['03:00', '03:30']);
  });

  it('an interval closing inside the gap closes at the transition', () => {
    const spans = toSpans(date('2027-10-03'), [clock('01:00', '02:30')], SYD);
    expect(isoSpans(spans)).toEqual([['2027-10-02T15:00:00.000Z', '2027-10-02T16:00:00.000Z']]);
    const { slots } = daySlots(input('2027-10-03', SYD, [clock('01:00', '02:30')]));
    expect(walls(slots)).toEqual(['01:00', '01:30']);
  });

  // 02:00 itself is the first wall time that does not exist.
  it('an interval opening at 02:00, the start of the gap, opens at the transition', () => {
    const spans = toSpans(date('2027-10-03'), [clock('02:00', '04:00')], SYD);
    expect(isoSpans(spans)).toEqual([['2027-10-02T16:00:00.000Z', '2027-10-02T17:00:00.000Z']]);
  });

  it('an interval closing at 02:00, the start of the gap, closes at the transition', () => {
    const spans = toSpans(date('2027-10-03'), [clock('00:00', '02:00')], SYD);
    expect(isoSpans(spans)).toEqual([['2027-10-02T14:00:00.000Z', '2027-10-02T16:00:00.000Z']]);
    const { slots, status } = daySlots(
      input('2027-10-03', SYD, [clock('00:00', '02:00')], { service: service(60) }),
    );
    expect(status).toBe('available');
    expect(walls(slots)).toEqual(['00:00', '00:30', '01:00']);
  });

  it('the closed hour before an interval opening at 02:00 stays closed', () => {
    // Closed 01:00–02:00 (one real hour, AEST); a 60-minute service from 00:30 would run into it.
    const { slots } = daySlots(
      input('2027-10-03', SYD, [clock('00:00', '01:00'), clock('02:00', '04:00')], {
        service: service(60),
      }),
    );
    expect(walls(slots)).toEqual(['00:00', '03:00']);
  });

  it('a before-buffer may not reach back into the hour before an interval opening at 02:00', () => {
    const { slots } = daySlots(
      input('2027-10-03', SYD, [clock('00:00', '01:00'), clock('02:00', '04:00')], {
        service: service(30, 30, 0),
      }),
    );
    // The half hour before 3:00 AM AEDT is 1:30–2:00 AM AEST: closed. 3:30 needs 3:00–3:30: open.
    expect(walls(slots)).toEqual(['00:30', '03:30']);
  });
});

describe('Lord Howe Island: the clock moves by 30 minutes', () => {
  it('spring (2026-10-04): 2:00 AM +10:30 → 2:30 AM +11, so 02:00 and 02:15 are not offered', () => {
    const { slots } = daySlots(
      input('2026-10-04', LHI, [clock('01:00', '04:00')], {
        slotDuration: 15,
        service: service(15),
      }),
    );
    expect(walls(slots)).toEqual([
      '01:00',
      '01:15',
      '01:30',
      '01:45',
      '02:30',
      '02:45',
      '03:00',
      '03:15',
      '03:30',
      '03:45',
    ]);
    expect(toIsoString(slots[3]!.start)).toBe('2026-10-03T15:15:00.000Z'); // 01:45 +10:30
    expect(toIsoString(slots[4]!.start)).toBe('2026-10-03T15:30:00.000Z'); // 02:30 +11
  });

  it('autumn (2027-04-04): 2:00 AM +11 → 1:30 AM +10:30, so 01:30 and 01:45 happen twice', () => {
    const { slots } = daySlots(
      input('2027-04-04', LHI, [clock('01:00', '03:00')], {
        slotDuration: 15,
        service: service(15),
      }),
    );
    expect(walls(slots)).toEqual([
      '01:00',
      '01:15',
      '01:30',
      '01:45',
      '01:30',
      '01:45',
      '02:00',
      '02:15',
      '02:30',
      '02:45',
    ]);
    const halfPast = slots.filter((s) => s.wallTime === '01:30');
    expect(iso(halfPast)).toEqual(['2027-04-03T14:30:00.000Z', '2027-04-03T15:00:00.000Z']);
  });

  it('an interval opening at 02:00 on the spring day opens at the transition', () => {
    const spans = toSpans(date('2026-10-04'), [clock('02:00', '03:00')], LHI);
    expect(isoSpans(spans)).toEqual([['2026-10-03T15:30:00.000Z', '2026-10-03T16:00:00.000Z']]);
  });
});

describe('other zones', () => {
  it('New York, 2026-11-01: 1:00 AM happens twice (EDT, then EST)', () => {
    const { slots } = daySlots(
      input('2026-11-01', NYC, [clock('00:00', '03:00')], {
        slotDuration: 60,
        service: service(60),
      }),
    );
    expect(walls(slots)).toEqual(['00:00', '01:00', '01:00', '02:00']);
    expect(iso(slots)).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T06:00:00.000Z',
      '2026-11-01T07:00:00.000Z',
    ]);
  });

  it('Auckland, 2026-09-27: 2:00 AM NZST → 3:00 AM NZDT', () => {
    const { slots } = daySlots(input('2026-09-27', AKL, [clock('01:00', '04:00')]));
    expect(walls(slots)).toEqual(['01:00', '01:30', '03:00', '03:30']);
    expect(toIsoString(slots[2]!.start)).toBe('2026-09-26T14:00:00.000Z');
  });
});
