import { describe, expect, it } from 'vitest';
import {
  ADVANCE_CHOICES,
  CUTOFF_CHOICES,
  NOTICE_CHOICES,
  daysText,
  minutesText,
  withSaved,
} from './booking-window';

describe('booking window choices', () => {
  it('reads minutes and days in the largest whole unit', () => {
    expect(minutesText(15)).toBe('15 minutes');
    expect(minutesText(60)).toBe('1 hour');
    expect(minutesText(90)).toBe('90 minutes');
    expect(minutesText(180)).toBe('3 hours');
    expect(minutesText(2880)).toBe('2 days');
    expect(daysText(7)).toBe('1 week');
    expect(daysText(14)).toBe('2 weeks');
    expect(daysText(180)).toBe('6 months');
    expect(daysText(365)).toBe('1 year');
    expect(daysText(45)).toBe('45 days');
  });

  it('maps each label to the minutes or days the API takes', () => {
    const find = (choices: typeof NOTICE_CHOICES, label: string) =>
      choices.find((c) => c.label === label)?.value;
    expect(find(NOTICE_CHOICES, 'No minimum')).toBe('0');
    expect(find(NOTICE_CHOICES, '1 hour')).toBe('60');
    expect(find(NOTICE_CHOICES, '1 day')).toBe('1440');
    expect(find(ADVANCE_CHOICES, '6 months')).toBe('180');
    expect(find(ADVANCE_CHOICES, '2 years')).toBe('730');
    expect(find(CUTOFF_CHOICES, 'Up to the start')).toBe('0');
    expect(find(CUTOFF_CHOICES, '1 day before')).toBe('1440');
  });

  it('keeps a saved value the list lacks', () => {
    expect(withSaved(ADVANCE_CHOICES, '45', '45 days').at(-1)).toEqual({
      value: '45',
      label: '45 days',
    });
    expect(withSaved(ADVANCE_CHOICES, '180', 'x')).toHaveLength(ADVANCE_CHOICES.length);
  });
});
