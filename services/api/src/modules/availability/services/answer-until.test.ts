import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { answerUntil } from './availability.service.js';

const SYDNEY = { timeZone: 'Australia/Sydney', minNoticeMinutes: 60 };
/** Monday 4 January 2027, 10:00 AM in Sydney (AEDT, UTC+11). */
const TEN_AM = Temporal.Instant.from('2027-01-03T23:00:00Z');
const at = (iso: string) => ({ startMs: Temporal.Instant.from(iso).epochMilliseconds });
const MIDNIGHT = Temporal.Instant.from('2027-01-04T13:00:00Z').epochMilliseconds;

describe('answerUntil', () => {
  it('ends an answer just after its first slot comes within the minimum notice', () => {
    // 11:30 AM with an hour's notice: offered until 10:30 AM, gone a moment after.
    const until = answerUntil(SYDNEY, TEN_AM, [
      at('2027-01-04T01:00:00Z'),
      at('2027-01-04T00:30:00Z'),
    ]);
    expect(until).toBe(Temporal.Instant.from('2027-01-03T23:30:00Z').epochMilliseconds + 1);
  });

  it('ends an answer without slots (or with later ones) at the business’s midnight', () => {
    expect(answerUntil(SYDNEY, TEN_AM, [])).toBe(MIDNIGHT);
    expect(answerUntil(SYDNEY, TEN_AM, [at('2027-01-05T22:00:00Z')])).toBe(MIDNIGHT);
  });

  it('counts the midnight of the business’s zone, not UTC’s', () => {
    const perth = { timeZone: 'Australia/Perth', minNoticeMinutes: 0 };
    // 10 AM in Sydney is 7 AM in Perth (UTC+8): its day ends at 16:00 UTC.
    expect(answerUntil(perth, TEN_AM, [])).toBe(
      Temporal.Instant.from('2027-01-04T16:00:00Z').epochMilliseconds,
    );
  });
});
