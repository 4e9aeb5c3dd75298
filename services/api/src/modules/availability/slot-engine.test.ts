import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  type ClockInterval,
  daySlots,
  type DaySlotsInput,
  intersectSpans,
  mergeSpans,
  parseClock,
  resolveBusinessDate,
  type ResourceDay,
  type Span,
  subtractSpans,
  todayIn,
  toClockIntervals,
  toIsoString,
  toSpans,
  wallInstants,
  weekdayIndex,
  withinAdvance,
  workingSpans,
} from './slot-engine.js';

const SYD = 'Australia/Sydney';
const date = (d: string) => Temporal.PlainDate.from(d);
const at = (s: string) => Temporal.Instant.from(s);
const ms = (s: string) => at(s).epochMilliseconds;
const span = (start: string, end: string): Span => ({ start: ms(start), end: ms(end) });
const clock = (open: string, close: string): ClockInterval => ({
  open: parseClock(open)!,
  close: parseClock(close)!,
});
const times = (slots: { time: string }[]) => slots.map((s) => s.time);
const isoSpans = (spans: Span[]) =>
  spans.map((s) => [new Date(s.start).toISOString(), new Date(s.end).toISOString()]);

const resource = (key: string, extra: Partial<ResourceDay> = {}): ResourceDay => ({
  key,
  ownIntervals: null,
  away: [],
  bookings: [],
  ...extra,
});

/** Friday 15 Jan 2027 in Sydney (AEDT, +11), 9–5, 30-minute slots and service, one resource. */
function input(overrides: Partial<DaySlotsInput> = {}): DaySlotsInput {
  return {
    date: date('2027-01-15'),
    timeZone: SYD,
    now: at('2027-01-01T00:00:00Z'),
    window: { minNoticeMinutes: 60, maxAdvanceDays: 180 },
    service: { durationMinutes: 30, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 },
    businessIntervals: [clock('09:00', '17:00')],
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

describe('daySlots on ordinary days', () => {
  it('9:00 AM on 15 Jan in Sydney (AEDT, +11) is 22:00Z the day before', () => {
    const { slots, status } = daySlots(input());
    expect(status).toBe('available');
    expect(slots).toHaveLength(16);
    expect(slots[0]).toMatchObject({ time: '9:00 AM', wallTime: '09:00' });
    expect(toIsoString(slots[0]!.start)).toBe('2027-01-14T22:00:00.000Z');
    expect(toIsoString(slots[0]!.end)).toBe('2027-01-14T22:30:00.000Z');
    expect(slots.at(-1)).toMatchObject({ time: '4:30 PM', wallTime: '16:30' });
    expect(toIsoString(slots.at(-1)!.start)).toBe('2027-01-15T05:30:00.000Z');
    expect(slots[0]!.workingResources).toEqual(['business:1']);
    expect(slots[0]!.freeResources).toEqual(['business:1']);
  });

  it('uses +10 in winter (AEST): 9:00 AM on 15 Jul is 23:00Z the day before', () => {
    const { slots } = daySlots(
      input({ date: date('2027-07-15'), now: at('2027-07-01T00:00:00Z') }),
    );
    expect(toIsoString(slots[0]!.start)).toBe('2027-07-14T23:00:00.000Z');
  });

  it('only offers starts whose whole service ends by closing time', () => {
    const { slots } = daySlots(input({ service: service(60) }));
    expect(slots.at(-1)!.time).toBe('4:00 PM');
    expect(slots).toHaveLength(15);
    expect(toIsoString(slots.at(-1)!.end)).toBe('2027-01-15T06:00:00.000Z'); // 5:00 PM
  });

  it('steps by the day’s slot duration, not the service duration', () => {
    const { slots } = daySlots(
      input({ businessIntervals: [clock('09:00', '11:00')], slotDuration: 45 }),
    );
    expect(times(slots)).toEqual(['9:00 AM', '9:45 AM', '10:30 AM']);
  });

  it('a closed day (no intervals) offers nothing and says closed', () => {
    expect(daySlots(input({ businessIntervals: [] }))).toEqual({ slots: [], status: 'closed' });
  });

  it('drops the past and anything within the minimum notice', () => {
    // 10:15 AM Sydney on 15 Jan with an hour's notice: 11:30 is the first start on the grid.
    const now = at('2027-01-14T23:15:00Z');
    const today = daySlots(input({ now }));
    expect(today.slots[0]!.time).toBe('11:30 AM');
    expect(today.status).toBe('available');
    const yesterday = daySlots(input({ now, date: date('2027-01-14') }));
    expect(yesterday).toEqual({ slots: [], status: 'outside_window' });
  });

  it('counts the notice in minutes from now, not on the grid', () => {
    const now = at('2027-01-14T23:15:00Z'); // 10:15 AM
    const { slots } = daySlots(
      input({ now, window: { minNoticeMinutes: 45, maxAdvanceDays: 180 } }),
    );
    expect(slots[0]!.time).toBe('11:00 AM'); // exactly now + 45 minutes is allowed
    const later = daySlots(input({ now, window: { minNoticeMinutes: 46, maxAdvanceDays: 180 } }));
    expect(later.slots[0]!.time).toBe('11:30 AM');
  });

  it('computes "today" in the business zone, not UTC', () => {
    // 23:30Z on 14 Jan is already 10:30 AM on 15 Jan in Sydney.
    const now = at('2027-01-14T23:30:00Z');
    const window = { minNoticeMinutes: 0, maxAdvanceDays: 180 };
    expect(daySlots(input({ now, window })).slots[0]!.time).toBe('10:30 AM');
    // 14 Jan is still today in UTC but yesterday in Sydney.
    expect(daySlots(input({ now, window, date: date('2027-01-14') })).status).toBe(
      'outside_window',
    );
  });

  it('refuses days beyond the booking horizon (window.maxAdvanceDays)', () => {
    // Today is 1 Jan in Sydney, so with 31 days 1 Feb is the last bookable day.
    const window = { minNoticeMinutes: 60, maxAdvanceDays: 31 };
    const lastDay = daySlots(input({ window, date: date('2027-02-01') }));
    expect(lastDay.status).toBe('available');
    expect(lastDay.slots).toHaveLength(16);
    expect(daySlots(input({ window, date: date('2027-02-02') }))).toEqual({
      slots: [],
      status: 'outside_window',
    });
  });

  it('measures the horizon from the business-local today', () => {
    // 13:30Z on 1 Jan is 2 Jan in Sydney: 2 Feb is now within 31 days.
    const window = { minNoticeMinutes: 60, maxAdvanceDays: 31 };
    const now = at('2027-01-01T13:30:00Z');
    expect(daySlots(input({ window, now, date: date('2027-02-02') })).status).toBe('available');
    expect(daySlots(input({ window, now, date: date('2027-02-03') })).status).toBe(
      'outside_window',
    );
  });

  it('answers closed for a service without a positive whole duration or a grid without a step', () => {
    expect(daySlots(input({ service: service(0) }))).toEqual({ slots: [], status: 'closed' });
    expect(daySlots(input({ service: service(12.5) }))).toEqual({ slots: [], status: 'closed' });
    expect(daySlots(input({ slotDuration: 0 }))).toEqual({ slots: [], status: 'closed' });
  });
});

describe('daySlots: several intervals', () => {
  const lunch = [clock('09:00', '12:00'), clock('13:00', '17:00')];

  it('offers no slot whose blocked range crosses the lunch break', () => {
    const { slots } = daySlots(input({ businessIntervals: lunch, service: service(60) }));
    const t = times(slots);
    expect(t).toContain('11:00 AM'); // ends exactly at 12:00
    expect(t).not.toContain('11:30 AM');
    expect(t).not.toContain('12:00 PM');
    expect(t).not.toContain('12:30 PM');
    expect(t).toContain('1:00 PM');
    expect(t.at(-1)).toBe('4:00 PM');
    expect(slots).toHaveLength(5 + 7);
  });

  it('counts the buffers too: an after-buffer may not run into the break', () => {
    const { slots } = daySlots(input({ businessIntervals: lunch, service: service(60, 0, 15) }));
    expect(times(slots)).not.toContain('11:00 AM');
    expect(times(slots)).toContain('10:30 AM'); // blocked until 11:45
    expect(times(slots).at(-1)).toBe('3:30 PM');
  });

  it('starts each interval’s grid at its own opening time', () => {
    const { slots } = daySlots(
      input({ businessIntervals: [clock('09:00', '10:00'), clock('12:45', '14:00')] }),
    );
    expect(times(slots)).toEqual([
      '9:00 AM',
      '9:30 AM',
      '12:45 PM',
      '1:15 PM',
      // 1:45 PM would end at 2:15 PM
    ]);
  });

  it('intervals given out of order still give slots in time order', () => {
    const { slots } = daySlots(
      input({ businessIntervals: [clock('13:00', '14:00'), clock('09:00', '10:00')] }),
    );
    expect(times(slots)).toEqual(['9:00 AM', '9:30 AM', '1:00 PM', '1:30 PM']);
  });

  it('closes at 24:00: a 23:30 start of 30 minutes fits a 00:00–24:00 day', () => {
    const { slots } = daySlots(input({ businessIntervals: [clock('00:00', '24:00')] }));
    expect(slots).toHaveLength(48);
    expect(slots[0]).toMatchObject({ wallTime: '00:00', time: '12:00 AM' });
    expect(slots.at(-1)).toMatchObject({ wallTime: '23:30', time: '11:30 PM' });
    expect(toIsoString(slots.at(-1)!.end)).toBe('2027-01-15T13:00:00.000Z'); // midnight, +11
    // A 45-minute service from 23:30 would run past midnight.
    const longer = daySlots(
      input({ businessIntervals: [clock('00:00', '24:00')], service: service(45) }),
    );
    expect(longer.slots.at(-1)!.wallTime).toBe('23:00');
  });
});

describe('daySlots: resources, staff hours and time off', () => {
  it('a staff member with own intervals is bookable only inside both theirs and the business’s', () => {
    const { slots } = daySlots(
      input({
        service: service(60),
        resources: [
          resource('staff:1', { ownIntervals: [clock('07:00', '10:00'), clock('13:00', '20:00')] }),
          resource('staff:2'),
          resource('staff:3', { ownIntervals: [] }), // not working that day
        ],
      }),
    );
    const working = (time: string) => slots.find((s) => s.time === time)?.workingResources;
    expect(working('9:00 AM')).toEqual(['staff:1', 'staff:2']); // own from 7, business from 9
    expect(working('9:30 AM')).toEqual(['staff:2']); // staff:1 stops at 10:00
    expect(working('1:00 PM')).toEqual(['staff:1', 'staff:2']);
    expect(working('4:00 PM')).toEqual(['staff:1', 'staff:2']); // business closes at 5
    expect(slots.every((s) => !s.workingResources.includes('staff:3'))).toBe(true);
  });

  it('a day where only a staff member outside the business’s hours works is not the business closed', () => {
    const result = daySlots(
      input({ resources: [resource('staff:1', { ownIntervals: [clock('17:00', '20:00')] })] }),
    );
    expect(result).toEqual({ slots: [], status: 'staff_not_working' });
  });

  it('a staff member off that weekday (own hours closed) is not working while the business is open', () => {
    const off = resource('staff:1', { ownIntervals: [] });
    expect(daySlots(input({ resources: [off] }))).toEqual({
      slots: [],
      status: 'staff_not_working',
    });
    // Anyone: a colleague works, so the day has times.
    expect(daySlots(input({ resources: [off, resource('staff:2')] })).status).toBe('available');
    // A closed business stays closed, whoever is off.
    expect(daySlots(input({ businessIntervals: [], resources: [off] })).status).toBe('closed');
  });

  it('time off (away) removes the slots it touches, edges excluded', () => {
    // 11:00 AM–12:00 PM Sydney.
    const away = [span('2027-01-15T00:00:00Z', '2027-01-15T01:00:00Z')];
    const { slots } = daySlots(input({ resources: [resource('staff:1', { away })] }));
    const t = times(slots);
    expect(t).toContain('10:30 AM'); // ends at 11:00
    expect(t).not.toContain('11:00 AM');
    expect(t).not.toContain('11:30 AM');
    expect(t).toContain('12:00 PM');
    expect(slots).toHaveLength(14);
  });

  it('time off of one staff member leaves the others working', () => {
    const away = [span('2027-01-15T00:00:00Z', '2027-01-15T01:00:00Z')];
    const { slots } = daySlots(
      input({ resources: [resource('staff:1', { away }), resource('staff:2')] }),
    );
    expect(slots.find((s) => s.time === '11:00 AM')?.workingResources).toEqual(['staff:2']);
  });

  it('time off all day leaves that person not working, not the business closed', () => {
    const away = [span('2027-01-14T13:00:00Z', '2027-01-15T13:00:00Z')];
    expect(daySlots(input({ resources: [resource('staff:1', { away })] }))).toEqual({
      slots: [],
      status: 'staff_not_working',
    });
  });

  // 10:00–11:00 AM Sydney.
  const tenToEleven = span('2027-01-14T23:00:00Z', '2027-01-15T00:00:00Z');

  it('a booked range takes the resource off the overlapping slots, touching edges excluded', () => {
    const { slots } = daySlots(
      input({
        service: service(60),
        resources: [resource('business:1', { bookings: [tenToEleven] })],
      }),
    );
    const free = (time: string) => slots.find((s) => s.time === time)?.freeResources;
    expect(free('9:00 AM')).toEqual(['business:1']); // ends at 10:00
    expect(free('9:30 AM')).toEqual([]);
    expect(free('10:00 AM')).toEqual([]);
    expect(free('10:30 AM')).toEqual([]);
    expect(free('11:00 AM')).toEqual(['business:1']);
    // Booked slots stay in the list, worked but not free.
    expect(slots).toHaveLength(15);
    expect(slots.find((s) => s.time === '10:00 AM')?.workingResources).toEqual(['business:1']);
  });

  it('keeps a slot while any staff member is free, and says who', () => {
    const { slots } = daySlots(
      input({
        service: service(60),
        resources: [resource('staff:1', { bookings: [tenToEleven] }), resource('staff:2')],
      }),
    );
    expect(slots.find((s) => s.time === '10:00 AM')?.freeResources).toEqual(['staff:2']);
    expect(slots.find((s) => s.time === '9:00 AM')?.freeResources).toEqual(['staff:1', 'staff:2']);
  });
});

describe('daySlots: buffers', () => {
  const morning = { businessIntervals: [clock('09:00', '12:00')], slotDuration: 15 };

  it('the blocked range (buffers included) must lie inside working time', () => {
    const { slots } = daySlots(input({ ...morning, service: service(30, 15, 15) }));
    expect(slots[0]!.time).toBe('9:15 AM'); // 9:00 would need 8:45 for the before-buffer
    expect(slots.at(-1)!.time).toBe('11:15 AM'); // blocked until 12:00
    expect(isoSpans([slots[0]!.blocked])).toEqual([
      ['2027-01-14T22:00:00.000Z', '2027-01-14T23:00:00.000Z'],
    ]);
    // The slot itself is the service only.
    expect(toIsoString(slots[0]!.start)).toBe('2027-01-14T22:15:00.000Z');
    expect(toIsoString(slots[0]!.end)).toBe('2027-01-14T22:45:00.000Z');
  });

  it('a blocked range must not overlap a booking’s blocked range', () => {
    // A booking 10:00–10:30 with a 15-minute after-buffer blocks 10:00–10:45.
    const booked = span('2027-01-14T23:00:00Z', '2027-01-14T23:45:00Z');
    const { slots } = daySlots(
      input({
        ...morning,
        service: service(30, 0, 15),
        resources: [resource('business:1', { bookings: [booked] })],
      }),
    );
    const free = (time: string) => slots.find((s) => s.time === time)!.freeResources.length > 0;
    expect(free('9:15 AM')).toBe(true); // blocked 9:15–10:00
    expect(free('9:30 AM')).toBe(false); // its own after-buffer runs into the booking
    expect(free('10:30 AM')).toBe(false); // the booking's after-buffer blocks the next start
    expect(free('10:45 AM')).toBe(true);
  });

  it('a before-buffer may not overlap the previous booking either', () => {
    const booked = span('2027-01-14T23:00:00Z', '2027-01-14T23:30:00Z'); // 10:00–10:30
    const { slots } = daySlots(
      input({
        ...morning,
        service: service(30, 15, 0),
        resources: [resource('business:1', { bookings: [booked] })],
      }),
    );
    const free = (time: string) => slots.find((s) => s.time === time)!.freeResources.length > 0;
    expect(free('10:30 AM')).toBe(false); // blocked from 10:15
    expect(free('10:45 AM')).toBe(true); // blocked from 10:30, touching
  });
});

describe('daySlots with closures and special hours', () => {
  const exceptions = (
    closures: { from: string; to: string }[],
    special: Record<string, { openTime: string; closeTime: string }[]> = {},
  ) => ({ closures, specialHours: new Map(Object.entries(special)) });

  it('a closure covering the date closes it; one on other dates does not', () => {
    expect(
      daySlots(input({ exceptions: exceptions([{ from: '2027-01-14', to: '2027-01-16' }]) })),
    ).toEqual({ slots: [], status: 'closed' });
    expect(
      daySlots(input({ exceptions: exceptions([{ from: '2027-01-15', to: '2027-01-15' }]) }))
        .status,
    ).toBe('closed');
    const other = daySlots(
      input({ exceptions: exceptions([{ from: '2027-01-16', to: '2027-01-20' }]) }),
    );
    expect(other.slots).toHaveLength(16);
  });

  it('special hours replace the week’s intervals for that date only; none closes it', () => {
    const evening = exceptions([], { '2027-01-15': [{ openTime: '18:00', closeTime: '19:30' }] });
    expect(times(daySlots(input({ exceptions: evening })).slots)).toEqual([
      '6:00 PM',
      '6:30 PM',
      '7:00 PM',
    ]);
    // A closed weekday opens on its special date.
    expect(
      times(daySlots(input({ businessIntervals: [], exceptions: evening })).slots),
    ).toHaveLength(3);
    expect(daySlots(input({ exceptions: exceptions([], { '2027-01-15': [] }) })).status).toBe(
      'closed',
    );
    const elsewhere = exceptions([], { '2027-01-16': [{ openTime: '18:00', closeTime: '19:30' }] });
    expect(daySlots(input({ exceptions: elsewhere })).slots).toHaveLength(16);
  });

  it('a closure wins over special hours, and workingSpans applies both', () => {
    const both = exceptions([{ from: '2027-01-15', to: '2027-01-15' }], {
      '2027-01-15': [{ openTime: '18:00', closeTime: '19:30' }],
    });
    expect(daySlots(input({ exceptions: both })).status).toBe('closed');
    const base = {
      date: date('2027-01-15'),
      timeZone: SYD,
      businessIntervals: input().businessIntervals,
    };
    const resources = [resource('staff:1')];
    expect(workingSpans({ ...base, exceptions: both, resources }).get('staff:1')).toEqual([]);
    const evening = exceptions([], { '2027-01-15': [{ openTime: '18:00', closeTime: '19:30' }] });
    expect(
      isoSpans(workingSpans({ ...base, exceptions: evening, resources }).get('staff:1')!),
    ).toEqual([['2027-01-15T07:00:00.000Z', '2027-01-15T08:30:00.000Z']]);
  });
});

describe('daySlots statuses', () => {
  it('available when a slot has a free resource', () => {
    expect(daySlots(input()).status).toBe('available');
  });

  it('closed when the business has no hours that day', () => {
    expect(daySlots(input({ businessIntervals: [] })).status).toBe('closed');
  });

  it('no_times_left when the business is open but its hours hold no whole slot that day', () => {
    expect(daySlots(input({ businessIntervals: [clock('09:00', '09:20')] })).status).toBe(
      'no_times_left',
    );
    // The buffers do not fit either.
    expect(daySlots(input({ service: service(30, 0, 480) })).status).toBe('no_times_left');
    // A 240-minute service between a lunch break: neither part holds it.
    const withBreak = [clock('09:00', '12:30'), clock('13:30', '17:00')];
    expect(daySlots(input({ businessIntervals: withBreak, service: service(240) })).status).toBe(
      'no_times_left',
    );
  });

  it('staff_not_working when the business’s hours hold slots but no resource works one', () => {
    expect(daySlots(input({ resources: [] })).status).toBe('staff_not_working');
    const late = resource('staff:1', { ownIntervals: [clock('16:45', '20:00')] });
    expect(daySlots(input({ resources: [late] })).status).toBe('staff_not_working');
  });

  it('fully_booked when every offered slot is taken', () => {
    const allDay = span('2027-01-14T22:00:00Z', '2027-01-15T06:00:00Z');
    const result = daySlots(input({ resources: [resource('staff:1', { bookings: [allDay] })] }));
    expect(result.status).toBe('fully_booked');
    expect(result.slots).toHaveLength(16);
    expect(result.slots.every((s) => s.freeResources.length === 0)).toBe(true);
  });

  it('outside_window for past days, days beyond the horizon, and today after the last start', () => {
    expect(daySlots(input({ date: date('2026-12-31') })).status).toBe('outside_window');
    expect(daySlots(input({ date: date('2027-07-15') })).status).toBe('outside_window');
    // 4:45 PM on the day itself: everything left is within the notice.
    expect(daySlots(input({ now: at('2027-01-15T05:45:00Z') }))).toEqual({
      slots: [],
      status: 'outside_window',
    });
  });

  it('a closed day inside the window is closed, not outside_window, even today', () => {
    expect(daySlots(input({ now: at('2027-01-15T05:45:00Z'), businessIntervals: [] })).status).toBe(
      'closed',
    );
  });
});

describe('parseClock and toClockIntervals', () => {
  it('reads HH:MM and HH:MM:SS from 00:00 to 24:00', () => {
    expect(parseClock('00:00')).toBe(0);
    expect(parseClock('09:30')).toBe(570);
    expect(parseClock('09:30:45')).toBe(570);
    expect(parseClock('23:59')).toBe(1439);
    expect(parseClock('24:00')).toBe(1440);
  });

  it('rejects malformed times', () => {
    for (const bad of ['9:30', '24:01', '25:00', '12:60', '', '12-30', '12:30pm', '0930']) {
      expect(parseClock(bad)).toBeNull();
    }
  });

  it('sorts intervals and drops malformed, empty and reversed ones', () => {
    expect(
      toClockIntervals([
        { openTime: '13:00', closeTime: '24:00' },
        { openTime: '09:00:00', closeTime: '12:00:00' },
        { openTime: '12:00', closeTime: '12:00' },
        { openTime: '18:00', closeTime: '17:00' },
        { openTime: 'nine', closeTime: '17:00' },
      ]),
    ).toEqual([
      { open: 540, close: 720 },
      { open: 780, close: 1440 },
    ]);
  });
});

describe('span helpers', () => {
  const s = (start: number, end: number): Span => ({ start, end });

  it('mergeSpans sorts, joins touching and overlapping spans, drops empty ones', () => {
    const input = [s(10, 20), s(0, 5), s(5, 7), s(15, 30), s(40, 40), s(50, 45)];
    expect(mergeSpans(input)).toEqual([s(0, 7), s(10, 30)]);
    // The input is left as it was.
    expect(input[0]).toEqual(s(10, 20));
  });

  it('intersectSpans keeps the parts in both', () => {
    expect(intersectSpans([s(0, 10), s(20, 30)], [s(5, 25)])).toEqual([s(5, 10), s(20, 25)]);
    expect(intersectSpans([s(0, 10)], [s(10, 20)])).toEqual([]);
    expect(intersectSpans([s(0, 10)], [])).toEqual([]);
  });

  it('subtractSpans cuts holes, edges excluded', () => {
    expect(subtractSpans([s(0, 100)], [s(10, 20), s(50, 60)])).toEqual([
      s(0, 10),
      s(20, 50),
      s(60, 100),
    ]);
    expect(subtractSpans([s(0, 10)], [s(10, 20)])).toEqual([s(0, 10)]);
    expect(subtractSpans([s(0, 10)], [s(-5, 15)])).toEqual([]);
  });
});

describe('wallInstants, toSpans and workingSpans on ordinary days', () => {
  it('an ordinary wall time happens once; 24:00 is the next midnight', () => {
    expect(wallInstants(date('2027-01-15'), 540, SYD).map((z) => z.toString())).toEqual([
      '2027-01-15T09:00:00+11:00[Australia/Sydney]',
    ]);
    expect(wallInstants(date('2027-01-15'), 1440, SYD).map((z) => z.toString())).toEqual([
      '2027-01-16T00:00:00+11:00[Australia/Sydney]',
    ]);
  });

  it('toSpans turns clock intervals into instants, merging touching ones', () => {
    const spans = toSpans(
      date('2027-01-15'),
      [clock('13:00', '24:00'), clock('09:00', '12:00'), clock('12:00', '12:30')],
      SYD,
    );
    expect(isoSpans(spans)).toEqual([
      ['2027-01-14T22:00:00.000Z', '2027-01-15T01:30:00.000Z'],
      ['2027-01-15T02:00:00.000Z', '2027-01-15T13:00:00.000Z'],
    ]);
  });

  it('workingSpans: the business’s hours, narrowed to own intervals, minus time off', () => {
    const spans = workingSpans(
      input({
        resources: [
          resource('business:1'),
          resource('staff:1', {
            ownIntervals: [clock('08:00', '12:00')],
            away: [span('2027-01-14T23:00:00Z', '2027-01-14T23:30:00Z')], // 10:00–10:30
          }),
        ],
      }),
    );
    expect(isoSpans(spans.get('business:1')!)).toEqual([
      ['2027-01-14T22:00:00.000Z', '2027-01-15T06:00:00.000Z'],
    ]);
    expect(isoSpans(spans.get('staff:1')!)).toEqual([
      ['2027-01-14T22:00:00.000Z', '2027-01-14T23:00:00.000Z'],
      ['2027-01-14T23:30:00.000Z', '2027-01-15T01:00:00.000Z'],
    ]);
  });
});

describe('dates in the business zone', () => {
  it('weekdayIndex counts from Sunday = 0', () => {
    expect(weekdayIndex(date('2027-01-17'))).toBe(0);
    expect(weekdayIndex(date('2027-01-15'))).toBe(5);
    expect(weekdayIndex(date('2027-01-16'))).toBe(6);
  });

  it('todayIn and withinAdvance use the business-local day', () => {
    const now = at('2027-01-14T13:30:00Z'); // 12:30 AM on 15 Jan in Sydney
    expect(todayIn(SYD, now).toString()).toBe('2027-01-15');
    expect(todayIn('UTC', now).toString()).toBe('2027-01-14');
    const window = { minNoticeMinutes: 0, maxAdvanceDays: 2 };
    expect(withinAdvance(date('2027-01-14'), SYD, now, window)).toBe(false);
    expect(withinAdvance(date('2027-01-15'), SYD, now, window)).toBe(true);
    expect(withinAdvance(date('2027-01-17'), SYD, now, window)).toBe(true);
    expect(withinAdvance(date('2027-01-18'), SYD, now, window)).toBe(false);
  });

  it('toIsoString writes UTC with milliseconds', () => {
    expect(toIsoString(at('2027-01-14T22:00:00+00:00'))).toBe('2027-01-14T22:00:00.000Z');
  });
});

describe('resolveBusinessDate', () => {
  it('reads YYYY-MM-DD as the business-local day', () => {
    expect(resolveBusinessDate('2027-01-15', SYD).toString()).toBe('2027-01-15');
  });

  it('reads an ISO instant as the local day it falls on', () => {
    expect(resolveBusinessDate('2027-01-14T22:00:00.000Z', SYD).toString()).toBe('2027-01-15');
    expect(resolveBusinessDate('2027-01-14T12:00:00.000Z', SYD).toString()).toBe('2027-01-14');
    expect(resolveBusinessDate('2027-01-15T09:00:00+11:00', SYD).toString()).toBe('2027-01-15');
  });

  it('accepts what Date can read when Temporal cannot', () => {
    expect(resolveBusinessDate('Thu, 14 Jan 2027 22:00:00 GMT', SYD).toString()).toBe('2027-01-15');
  });

  it('rejects impossible dates', () => {
    expect(() => resolveBusinessDate('2027-02-30', SYD)).toThrow(RangeError);
    expect(() => resolveBusinessDate('not a date', SYD)).toThrow(RangeError);
  });
});
