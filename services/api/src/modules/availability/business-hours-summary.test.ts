import { describe, expect, it } from 'vitest';
import { defaultWeeklyHours } from '@slotwise/contracts';
import { summarizeBusinessHours } from './business-hours-summary.js';

describe('summarizeBusinessHours', () => {
  it('summarises the default template', () => {
    expect(summarizeBusinessHours(defaultWeeklyHours())).toBe('Mon–Fri 9:00 AM – 5:00 PM');
  });

  it('lists differing days separately, Monday first, Sunday last', () => {
    const rows = defaultWeeklyHours().map((d) =>
      d.dayOfWeek === 6
        ? { ...d, isOpen: true, intervals: [{ openTime: '09:00', closeTime: '13:00' }] }
        : d.dayOfWeek === 0
          ? { ...d, isOpen: true, intervals: [{ openTime: '10:00', closeTime: '14:00' }] }
          : d,
    );
    expect(summarizeBusinessHours(rows)).toBe(
      'Mon–Fri 9:00 AM – 5:00 PM, Sat 9:00 AM – 1:00 PM, Sun 10:00 AM – 2:00 PM',
    );
  });

  it('does not merge across a closed day', () => {
    const rows = defaultWeeklyHours().map((d) => (d.dayOfWeek === 3 ? { ...d, isOpen: false } : d));
    expect(summarizeBusinessHours(rows)).toBe(
      'Mon–Tue 9:00 AM – 5:00 PM, Thu–Fri 9:00 AM – 5:00 PM',
    );
  });

  it('lists a day with a break as its intervals', () => {
    const rows = defaultWeeklyHours().map((d) =>
      d.dayOfWeek === 2
        ? {
            ...d,
            intervals: [
              { openTime: '09:00', closeTime: '12:00' },
              { openTime: '13:00', closeTime: '24:00' },
            ],
          }
        : d,
    );
    expect(summarizeBusinessHours(rows)).toBe(
      'Mon 9:00 AM – 5:00 PM, Tue 9:00 AM – 12:00 PM & 1:00 PM – 12:00 AM, Wed–Fri 9:00 AM – 5:00 PM',
    );
  });

  it('is null when closed all week or without rows', () => {
    expect(summarizeBusinessHours([])).toBeNull();
    expect(
      summarizeBusinessHours(defaultWeeklyHours().map((d) => ({ ...d, isOpen: false }))),
    ).toBeNull();
  });
});
