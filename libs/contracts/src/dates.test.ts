import { describe, expect, it } from 'vitest';
import {
  calendarDateSchema,
  calendarMonthSchema,
  DATE_RANGE_MESSAGE,
  instantSchema,
} from './dates.js';

describe('request dates (decision 38)', () => {
  it('takes real calendar dates from 2000-01-01 to 2100-12-31 only', () => {
    const date = calendarDateSchema();
    for (const ok of ['2000-01-01', '2028-02-29', '2100-12-31']) expect(date.parse(ok)).toBe(ok);
    for (const bad of ['1999-12-31', '2101-01-01', '0000-01-01', '2027-02-30', '2027-02-29']) {
      expect(date.safeParse(bad).error?.issues[0]?.message, bad).toBe(DATE_RANGE_MESSAGE);
    }
    expect(date.safeParse(undefined).error?.issues[0]?.message).toBe('Date is required');
  });

  it('takes instants with an offset on such dates, and months in range', () => {
    const instant = instantSchema('start');
    expect(instant.safeParse('2027-01-05T23:00:00.000Z').success).toBe(true);
    expect(instant.safeParse('2027-01-05T10:00:00+10:00').success).toBe(true);
    for (const bad of ['+275760-09-13T00:00:00Z', '2027-02-30T10:00:00Z', '0000-01-01T00:00:00Z']) {
      expect(instant.safeParse(bad).error?.issues[0]?.message, bad).toMatch(
        /^start must be an ISO-8601 date and time on a real calendar date between 2000-01-01 and 2100-12-31$/,
      );
    }
    expect(calendarMonthSchema().safeParse('2027-02').success).toBe(true);
    expect(calendarMonthSchema().safeParse('0000-01').error?.issues[0]?.message).toBe(
      'month must be a month between 2000-01 and 2100-12',
    );
  });
});
