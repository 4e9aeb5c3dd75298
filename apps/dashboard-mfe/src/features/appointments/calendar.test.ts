import { describe, expect, it } from 'vitest';
import { type Availability, type OwnerAppointment } from '@slotwise/contracts';
import {
  byDay,
  clocksChangeOn,
  dayColumns,
  dayHours,
  dayHoursText,
  diaryTime,
  gridHours,
  isOpenHour,
  openingIntervals,
  periodLabel,
  requestWindow,
  shift,
  visibleDays,
  zoneNote,
} from './calendar';
import { localParts } from '../owner';

const SYD = 'Australia/Sydney';

describe('calendar helpers', () => {
  it('starts weeks on Monday, as the customer calendar does, and fills the month with whole weeks', () => {
    // Tuesday 5 January 2027.
    expect(visibleDays('week', '2027-01-05')).toEqual([
      '2027-01-04',
      '2027-01-05',
      '2027-01-06',
      '2027-01-07',
      '2027-01-08',
      '2027-01-09',
      '2027-01-10',
    ]);
    // A Sunday belongs to the week that began the Monday before.
    expect(visibleDays('week', '2027-01-10')[0]).toBe('2027-01-04');
    const month = visibleDays('month', '2027-01-05');
    expect(month[0]).toBe('2026-12-28');
    expect(month.at(-1)).toBe('2027-01-31');
    expect(month.length % 7).toBe(0);
  });

  it('moves by a day, a week or a month, and labels the period', () => {
    expect(shift('day', '2027-01-01', -1)).toBe('2026-12-31');
    expect(shift('week', '2027-01-05', 1)).toBe('2027-01-12');
    expect(shift('month', '2027-01-31', 1)).toBe('2027-02-01');
    expect(periodLabel('month', '2027-01-05')).toBe('January 2027');
    expect(periodLabel('week', '2027-01-05')).toBe('4 Jan – 10 Jan 2027');
    expect(periodLabel('day', '2027-01-05')).toBe('Tuesday 5 January 2027');
  });

  it("places appointments on the business's local day and hour, daylight saving included", () => {
    // 9:00 AM on Tuesday 5 January in Sydney (AEDT) is 22:00 UTC on Monday.
    expect(localParts('2027-01-04T22:00:00Z', SYD)).toMatchObject({
      day: '2027-01-05',
      hour: 9,
      minute: 0,
    });
    // 9:30 AM on 5 July (AEST, +10) is 23:30 UTC the day before.
    expect(localParts('2027-07-04T23:30:00Z', SYD)).toMatchObject({
      day: '2027-07-05',
      hour: 9,
      minute: 30,
    });
    const map = byDay(
      [
        { id: 2, date: '2027-01-04T23:00:00Z' },
        { id: 1, date: '2027-01-04T22:00:00Z' },
      ] as never,
      SYD,
    );
    expect(map.get('2027-01-05')?.map((a) => a.id)).toEqual([1, 2]);
  });

  it('asks only for the visible days, widened to cover any zone', () => {
    expect(requestWindow(visibleDays('week', '2027-01-05'))).toEqual({
      from: '2027-01-03T10:00:00.000Z',
      to: '2027-01-11T14:00:00.000Z',
    });
  });

  it('agrees with Intl minute by minute around clock changes, in every kind of zone', () => {
    const formats = new Map<string, Intl.DateTimeFormat>();
    const intl = (ms: number, timeZone: string) => {
      const f =
        formats.get(timeZone) ??
        new Intl.DateTimeFormat('en-CA', {
          timeZone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        });
      formats.set(timeZone, f);
      const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
      return {
        day: `${p.year}-${p.month}-${p.day}`,
        hour: Number(p.hour),
        minute: Number(p.minute),
      };
    };
    const cases: [string, string][] = [
      // Sydney: back at 3 AM on 4 April 2027, forward at 2 AM on 3 October 2027.
      [SYD, '2027-04-03T12:00:00Z'],
      [SYD, '2027-10-02T12:00:00Z'],
      // Lord Howe Island moves by 30 minutes; Kathmandu is 5:45 ahead; New York is behind UTC.
      ['Australia/Lord_Howe', '2027-04-03T12:00:00Z'],
      ['Asia/Kathmandu', '2027-01-01T00:00:00Z'],
      ['America/New_York', '2027-03-14T00:00:00Z'],
      ['America/New_York', '2027-11-07T00:00:00Z'],
      ['Pacific/Kiritimati', '2027-01-01T00:00:00Z'],
    ];
    for (const [zone, from] of cases) {
      const start = Date.parse(from);
      for (let ms = start; ms < start + 2 * 86_400_000; ms += 60_000) {
        expect(localParts(new Date(ms).toISOString(), zone), `${zone} ${ms}`).toMatchObject(
          intl(ms, zone),
        );
      }
    }
  });
});

const SYD_HOURS: Availability[] = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
  businessId: 1,
  dayOfWeek,
  isOpen: dayOfWeek !== 0,
  openTime: '08:30',
  closeTime: '12:00',
  intervals:
    dayOfWeek === 0
      ? []
      : [
          { openTime: '08:30', closeTime: '12:00' },
          { openTime: '13:00', closeTime: '17:30' },
        ],
  slotDuration: 30,
}));

/** A booking from a Sydney wall-clock time on a day in January (AEDT, UTC+11). */
function at(day: string, from: string, to: string, staffMemberId: number | null = null) {
  const utc = (hhmm: string) => new Date(Date.parse(`${day}T${hhmm}:00+11:00`)).toISOString();
  return { id: Math.random(), date: utc(from), end: utc(to), staffMemberId } as OwnerAppointment;
}

describe('the day grid', () => {
  it("reads the weekday's opening intervals; closed or unknown is none", () => {
    // Tuesday 5 January 2027.
    expect(openingIntervals(SYD_HOURS, '2027-01-05')).toEqual([
      { start: 510, end: 720 },
      { start: 780, end: 1050 },
    ]);
    expect(openingIntervals(SYD_HOURS, '2027-01-03')).toEqual([]);
    expect(openingIntervals(undefined, '2027-01-05')).toEqual([]);
    // 24:00 closes at the day's end.
    const late = [{ ...SYD_HOURS[2]!, intervals: [{ openTime: '18:00', closeTime: '24:00' }] }];
    expect(openingIntervals(late, '2027-01-05')).toEqual([{ start: 1080, end: 1440 }]);
  });

  it("follows a date's closure and special hours over the weekday's", () => {
    const exceptions = {
      closures: [{ from: '2027-01-04', to: '2027-01-05' }],
      specialHours: [
        { date: '2027-01-06', intervals: [{ openTime: '18:00', closeTime: '21:00' }] },
      ],
    };
    expect(openingIntervals(SYD_HOURS, '2027-01-05', exceptions)).toEqual([]);
    expect(openingIntervals(SYD_HOURS, '2027-01-06', exceptions)).toEqual([
      { start: 1080, end: 1260 },
    ]);
    expect(openingIntervals(SYD_HOURS, '2027-01-07', exceptions)).toEqual(
      openingIntervals(SYD_HOURS, '2027-01-07'),
    );
  });

  it('spans first opening to last closing, 9 to 5 when closed, stretched to every booking', () => {
    const open = openingIntervals(SYD_HOURS, '2027-01-05');
    const day = '2027-01-05';
    expect(dayHours(open, [], day, SYD)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(dayHours([], [], day, SYD)).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
    const early = at(day, '06:45', '07:30');
    const late = at(day, '19:00', '20:15');
    expect(dayHours(open, [early, late], day, SYD)).toEqual([
      6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
    // Past midnight: the grid runs to the day's last hour.
    expect(
      dayHours(
        [],
        [at(day, '22:00', '01:00')].map((a) => ({
          ...a,
          end: new Date(Date.parse(a.end) + 86_400_000).toISOString(),
        })),
        day,
        SYD,
      ).at(-1),
    ).toBe(23);
    // A booking that starts at closing time still gets its row.
    expect(dayHours([], [at(day, '17:00', '17:00')], day, SYD).at(-1)).toBe(17);
    expect(isOpenHour(12, open)).toBe(false);
    expect(isOpenHour(8, open)).toBe(true);
    expect(isOpenHour(17, open)).toBe(true);
    expect(isOpenHour(18, open)).toBe(false);
  });

  it('gives each current staff member a column, and the rest to Unassigned', () => {
    const day = '2027-01-05';
    const mine = at(day, '10:00', '11:00', 3);
    const nobody = at(day, '11:00', '12:00', null);
    const removed = at(day, '12:00', '13:00', 99);
    const staff = [
      { id: 3, name: 'Mia Rossi', position: 'Therapist' },
      { id: 4, name: 'Ivy Chen', position: null },
    ];
    const columns = dayColumns([mine, nobody, removed], staff);
    expect(columns.map((c) => [c.name, c.appointments.map((a) => a.id)])).toEqual([
      ['Mia Rossi', [mine.id]],
      ['Ivy Chen', []],
      ['Unassigned', [nobody.id, removed.id]],
    ]);
    expect(dayColumns([mine], staff).map((c) => c.kind)).toEqual(['staff', 'staff']);
    expect(dayColumns([mine, nobody], null).map((c) => [c.kind, c.appointments.length])).toEqual([
      ['all', 2],
    ]);
  });
});

describe("the diary's labels on special days", () => {
  /** Open 9 to 5 every day but Friday. */
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    businessId: 1,
    dayOfWeek,
    isOpen: dayOfWeek !== 5,
    openTime: '09:00',
    closeTime: '17:00',
    intervals: dayOfWeek === 5 ? [] : [{ openTime: '09:00', closeTime: '17:00' }],
    slotDuration: 30,
  })) as Availability[];
  const none = { closures: [], specialHours: [] };

  it("gives a closure's reason rather than the weekday's closing", () => {
    // Thursday 1 and Friday 2 April 2027, closed for training.
    const training = {
      closures: [{ from: '2027-04-01', to: '2027-04-02', reason: 'Staff training' }],
      specialHours: [],
    };
    expect(dayHoursText(weekly, '2027-04-02', training)).toBe('Closed: Staff training');
    expect(dayHoursText(weekly, '2027-04-01', training)).toBe('Closed: Staff training');
    expect(
      dayHoursText(weekly, '2027-04-01', {
        closures: [{ from: '2027-04-01', to: '2027-04-01' }],
        specialHours: [],
      }),
    ).toBe('Closed all day');
    expect(dayHoursText(weekly, '2027-04-09', training)).toBe('Closed on Fridays');
    expect(dayHoursText(weekly, '2027-04-08', none)).toBe('Open 9:00 AM – 5:00 PM');
  });

  it("says 'Open 24 hours' for a whole day, and names a special day's reason", () => {
    const special = {
      closures: [],
      specialHours: [
        {
          date: '2027-04-03',
          intervals: [{ openTime: '00:00', closeTime: '24:00' }],
          reason: null,
        },
        {
          date: '2027-04-05',
          intervals: [{ openTime: '10:00', closeTime: '14:00' }],
          reason: 'Easter Monday',
        },
        { date: '2027-04-06', intervals: [], reason: 'Stocktake' },
      ],
    };
    expect(dayHoursText(weekly, '2027-04-03', special)).toBe('Open 24 hours');
    expect(dayHoursText(weekly, '2027-04-05', special)).toBe(
      'Open 10:00 AM – 2:00 PM (Easter Monday)',
    );
    expect(dayHoursText(weekly, '2027-04-06', special)).toBe('Closed: Stocktake');
  });

  it('gives each time its own zone on the day daylight saving ends, and only then', () => {
    // Sunday 4 April 2027: at 3:00 AM AEDT the clocks go back to 2:00 AM AEST.
    expect(clocksChangeOn('2027-04-04', SYD)).toBe(true);
    expect(clocksChangeOn('2027-04-03', SYD)).toBe(false);
    expect(clocksChangeOn('2027-10-03', SYD)).toBe(true);
    expect(zoneNote('2027-04-04', SYD)).toBe('Times in AEDT, then AEST (the clocks change today)');
    expect(zoneNote('2027-04-05', SYD)).toBe('Times in AEST');
    // 2:30 AM AEDT to 2:15 AM AEST: 45 minutes, through the change.
    expect(diaryTime('2027-04-03T15:30:00Z', SYD)).toBe('2:30 AM AEDT');
    expect(diaryTime('2027-04-03T16:15:00Z', SYD)).toBe('2:15 AM AEST');
    // The two 2:00 AMs of the day are told apart.
    expect(diaryTime('2027-04-03T15:00:00Z', SYD)).toBe('2:00 AM AEDT');
    expect(diaryTime('2027-04-03T16:00:00Z', SYD)).toBe('2:00 AM AEST');
    expect(diaryTime('2027-04-05T00:00:00Z', SYD)).toBe('10:00 AM');
  });

  it("spans a week grid's rows over every day's hours", () => {
    expect(
      gridHours(
        [
          { day: '2027-04-05', open: [{ start: 8 * 60, end: 12 * 60 }], appointments: [] },
          { day: '2027-04-06', open: [{ start: 10 * 60, end: 18 * 60 }], appointments: [] },
        ],
        SYD,
      ),
    ).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
  });
});
