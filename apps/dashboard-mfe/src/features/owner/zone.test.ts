import { describe, expect, it } from 'vitest';
import { localParts, zonedInstant } from './zone';

const SYDNEY = 'Australia/Sydney';

describe("the business's wall clock", () => {
  it('turns a local time into its instant, daylight saving included', () => {
    // AEDT (+11) in January, AEST (+10) in July.
    expect(zonedInstant('2027-01-15', '09:00', SYDNEY)).toBe('2027-01-14T22:00:00.000Z');
    expect(zonedInstant('2027-07-15', '09:00', SYDNEY)).toBe('2027-07-14T23:00:00.000Z');
    expect(zonedInstant('2027-07-15', '24:00', SYDNEY)).toBe('2027-07-15T14:00:00.000Z');
    expect(zonedInstant('2027-07-15', '00:00', 'UTC')).toBe('2027-07-15T00:00:00.000Z');
  });

  it('reads the days the clocks change as Temporal would', () => {
    // 4 Apr 2027: 3:00 AEDT becomes 2:00 AEST; 2:30 happens twice, the first is taken.
    expect(zonedInstant('2027-04-04', '02:30', SYDNEY)).toBe('2027-04-03T15:30:00.000Z');
    expect(zonedInstant('2027-04-04', '00:00', SYDNEY)).toBe('2027-04-03T13:00:00.000Z');
    expect(zonedInstant('2027-04-05', '00:00', SYDNEY)).toBe('2027-04-04T14:00:00.000Z');
    // 3 Oct 2027: 2:00 AEST becomes 3:00 AEDT; 2:30 does not exist and reads as 3:30.
    expect(zonedInstant('2027-10-03', '02:30', SYDNEY)).toBe('2027-10-02T16:30:00.000Z');
    expect(zonedInstant('2027-10-03', '09:00', SYDNEY)).toBe('2027-10-02T22:00:00.000Z');
  });

  it('reads an instant back as the local day and time', () => {
    expect(localParts('2027-01-14T22:00:00.000Z', SYDNEY)).toMatchObject({
      day: '2027-01-15',
      time: '09:00',
    });
    expect(localParts('2027-07-15T14:00:00.000Z', SYDNEY)).toMatchObject({
      day: '2027-07-16',
      time: '00:00',
    });
  });
});
