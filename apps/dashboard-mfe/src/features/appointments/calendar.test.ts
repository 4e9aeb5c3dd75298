import { describe, expect, it } from 'vitest';
import {
  byDay,
  dayRow,
  localParts,
  periodLabel,
  requestWindow,
  shift,
  visibleDays,
} from './calendar';

const SYD = 'Australia/Sydney';

describe('calendar helpers', () => {
  it('starts weeks on Sunday and fills the month with whole weeks', () => {
    // Tuesday 5 January 2027.
    expect(visibleDays('week', '2027-01-05')).toEqual([
      '2027-01-03',
      '2027-01-04',
      '2027-01-05',
      '2027-01-06',
      '2027-01-07',
      '2027-01-08',
      '2027-01-09',
    ]);
    const month = visibleDays('month', '2027-01-05');
    expect(month[0]).toBe('2026-12-27');
    expect(month.at(-1)).toBe('2027-02-06');
    expect(month.length % 7).toBe(0);
  });

  it('moves by a day, a week or a month, and labels the period', () => {
    expect(shift('day', '2027-01-01', -1)).toBe('2026-12-31');
    expect(shift('week', '2027-01-05', 1)).toBe('2027-01-12');
    expect(shift('month', '2027-01-31', 1)).toBe('2027-02-01');
    expect(periodLabel('month', '2027-01-05')).toBe('January 2027');
    expect(periodLabel('week', '2027-01-05')).toBe('3 Jan – 9 Jan 2027');
    expect(periodLabel('day', '2027-01-05')).toBe('Tuesday 5 January 2027');
  });

  it("places appointments on the business's local day and hour, daylight saving included", () => {
    // 9:00 AM on Tuesday 5 January in Sydney (AEDT) is 22:00 UTC on Monday.
    expect(localParts('2027-01-04T22:00:00Z', SYD)).toEqual({ day: '2027-01-05', hour: 9 });
    // 9:00 AM on 5 July (AEST, +10) is 23:00 UTC the day before.
    expect(localParts('2027-07-04T23:00:00Z', SYD)).toEqual({ day: '2027-07-05', hour: 9 });
    expect(dayRow('2027-01-04T20:00:00Z', SYD)).toBe(9);
    expect(dayRow('2027-01-05T09:00:00Z', SYD)).toBe(17);
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
      from: '2027-01-02T10:00:00.000Z',
      to: '2027-01-10T14:00:00.000Z',
    });
  });
});
