import { describe, expect, it } from 'vitest';
import {
  OVERLAPPING,
  WORKING_TEXTS,
  addBreak,
  breaksBetween,
  formatIntervals,
  intervalErrors,
} from './intervals';

const i = (openTime: string, closeTime: string) => ({ openTime, closeTime });

describe('opening intervals', () => {
  it('names the closing time when it is not after the opening time', () => {
    expect(intervalErrors([i('09:00', '09:00')])).toEqual([
      { field: 'closeTime', message: 'Closing time must be after opening time' },
    ]);
    expect(intervalErrors([i('10:00', '09:00')], WORKING_TEXTS)[0]?.message).toBe(
      'Finishing time must be after starting time',
    );
    expect(intervalErrors([i('09:00', '24:00')])).toEqual([null]);
  });

  it('flags overlapping rows but not rows out of order or touching', () => {
    expect(intervalErrors([i('13:00', '17:00'), i('09:00', '12:00')])).toEqual([null, null]);
    expect(intervalErrors([i('09:00', '12:00'), i('12:00', '17:00')])).toEqual([null, null]);
    expect(intervalErrors([i('09:00', '13:00'), i('12:00', '17:00')])).toEqual([
      { field: 'openTime', message: OVERLAPPING },
      { field: 'openTime', message: OVERLAPPING },
    ]);
    // A row already wrong in itself is not also called overlapping.
    expect(intervalErrors([i('09:00', '17:00'), i('12:00', '11:00')])).toEqual([
      null,
      { field: 'closeTime', message: 'Closing time must be after opening time' },
    ]);
  });

  it('adds a break in the middle of the longest hours, on the hour when long enough', () => {
    expect(addBreak([i('09:00', '17:00')])).toEqual([i('09:00', '12:00'), i('13:00', '17:00')]);
    expect(addBreak([i('09:00', '12:00'), i('13:00', '17:00')])).toEqual([
      i('09:00', '12:00'),
      i('13:00', '14:00'),
      i('15:00', '17:00'),
    ]);
    expect(addBreak([i('09:00', '11:00')])).toEqual([i('09:00', '09:30'), i('10:30', '11:00')]);
    expect(addBreak([i('10:00', '11:00')])).toEqual([i('10:00', '10:15'), i('10:45', '11:00')]);
    expect(addBreak([i('09:00', '09:45')])).toEqual([i('09:00', '09:15'), i('09:30', '09:45')]);
    expect(addBreak([i('09:00', '09:30')])).toBeNull();
    expect(addBreak([])).toEqual([i('09:00', '17:00')]);
  });

  it('reads hours and breaks in 12-hour time, midnight by name', () => {
    expect(formatIntervals([i('13:00', '24:00'), i('09:00', '12:00')])).toBe(
      '9:00 AM – 12:00 PM, 1:00 PM – midnight',
    );
    expect(breaksBetween([i('13:00', '17:00'), i('09:00', '12:00')])).toEqual([
      '12:00 PM – 1:00 PM',
    ]);
    expect(breaksBetween([i('09:00', '12:00'), i('12:00', '17:00')])).toEqual([]);
  });
});
