import { Temporal } from 'temporal-polyfill';
import { expect } from 'vitest';
import { ErrorResponseSchema } from '@slotwise/contracts';

/** The answer has this status and the API's error shape; its body, parsed. */
export function expectError(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  return ErrorResponseSchema.parse(res.json());
}

/** A Sydney wall-clock time ('2027-01-05', '10:00') as the API writes instants (ISO UTC). */
export function sydney(date: string, hhmm: string): string {
  return new Date(
    Temporal.PlainDateTime.from(`${date}T${hhmm}`).toZonedDateTime('Australia/Sydney')
      .epochMilliseconds,
  ).toISOString();
}
