import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { requestedStart } from './requested-start.js';

/** Temporal's reading, which `requestedStart` must give whatever path it takes. */
function temporal(date: string): number | null {
  try {
    return Temporal.Instant.from(date).epochMilliseconds;
  } catch {
    return null;
  }
}

describe('requestedStart', () => {
  it.each([
    ['the wire form', '2027-03-05T06:15:00.000Z', Date.UTC(2027, 2, 5, 6, 15)],
    ['fewer digits of a second', '2027-03-05T06:15:00.5Z', Date.UTC(2027, 2, 5, 6, 15, 0, 500)],
    ['no fraction', '2027-03-05T06:15:00Z', Date.UTC(2027, 2, 5, 6, 15)],
    ['a leap day', '2028-02-29T23:00:00.000Z', Date.UTC(2028, 1, 29, 23)],
    ['an offset', '2027-03-05T17:15:00+11:00', Date.UTC(2027, 2, 5, 6, 15)],
    [
      'more digits than milliseconds',
      '2027-03-05T06:15:00.123456Z',
      Date.UTC(2027, 2, 5, 6, 15, 0, 123),
    ],
    [
      'a leap second (Temporal reads :59)',
      '2027-02-28T23:59:60.000Z',
      Date.UTC(2027, 1, 28, 23, 59, 59),
    ],
  ])('reads %s as Temporal does', (_what, date, expected) => {
    expect(temporal(date)).toBe(expected);
    expect(requestedStart(date)?.epochMilliseconds).toBe(expected);
  });

  it.each([
    ['30 February', '2027-02-30T00:00:00.000Z'],
    ['29 February of a common year', '2027-02-29T00:00:00.000Z'],
    ['31 April', '2027-04-31T10:00:00.000Z'],
    ['24:00', '2027-02-28T24:00:00.000Z'],
    ['month 13', '2027-13-01T00:00:00.000Z'],
    ['no offset', '2027-03-05T06:15:00'],
  ])('refuses %s, as Temporal does', (_what, date) => {
    expect(temporal(date)).toBeNull();
    expect(requestedStart(date)).toBeNull();
  });
});
