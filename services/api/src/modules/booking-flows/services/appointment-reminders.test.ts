import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { reminderInstant } from './appointment-reminders.js';

const SYD = 'Australia/Sydney';
const at = (iso: string) => reminderInstant(new Date(iso), SYD).toISOString();

describe('reminderInstant', () => {
  it('keeps the local time of day across both Sydney daylight-saving changes', () => {
    // Daylight saving ends Sunday 4 April 2027 (3:00 AEDT → 2:00 AEST).
    expect(at('2027-04-05T00:00:00Z')).toBe('2027-04-04T00:00:00.000Z'); // Mon 10:00 AEST → Sun 10:00 AEST
    expect(at('2027-04-04T00:00:00Z')).toBe('2027-04-02T23:00:00.000Z'); // Sun 10:00 AEST → Sat 10:00 AEDT
    // Daylight saving starts Sunday 3 October 2027 (2:00 AEST → 3:00 AEDT).
    expect(at('2027-10-02T23:00:00Z')).toBe('2027-10-02T00:00:00.000Z'); // Sun 10:00 AEDT → Sat 10:00 AEST
    expect(at('2027-10-03T23:00:00Z')).toBe('2027-10-02T23:00:00.000Z'); // Mon 10:00 AEDT → Sun 10:00 AEDT
  });

  it('moves a time that does not exist forward by the gap, and takes the earlier of a doubled one', () => {
    // Monday 4 October 2:30 AM AEDT: Sunday 2:30 AM never happened → 3:30 AM AEDT.
    expect(at('2027-10-03T15:30:00Z')).toBe('2027-10-02T16:30:00.000Z');
    // Monday 5 April 2:30 AM AEST: Sunday 2:30 AM happened twice → the first, AEDT.
    expect(at('2027-04-04T16:30:00Z')).toBe('2027-04-03T15:30:00.000Z');
  });

  it('is always the previous local calendar day, 23 to 25 hours earlier', () => {
    const start = Date.parse('2027-01-01T00:00:00Z');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 * 365 * 24 * 4 }), (quarterHours) => {
        const appointment = new Date(start + quarterHours * 15 * 60_000);
        const reminder = reminderInstant(appointment, SYD);
        const hours = (appointment.getTime() - reminder.getTime()) / 3_600_000;
        expect(hours).toBeGreaterThanOrEqual(23);
        expect(hours).toBeLessThanOrEqual(25);
        const local = (d: Date) =>
          Temporal.Instant.fromEpochMilliseconds(d.getTime()).toZonedDateTimeISO(SYD);
        expect(local(reminder).toPlainDate().toString()).toBe(
          local(appointment).toPlainDate().subtract({ days: 1 }).toString(),
        );
      }),
    );
  });
});
