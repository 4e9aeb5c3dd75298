import { describe, expect, it } from 'vitest';
import { ErrorCode } from './error-codes.js';
import { knownErrorCode, readErrorResponse } from './error-response.js';
import { ErrorResponseSchema } from './errors.js';

const bodies: unknown[] = [
  { statusCode: 409, message: 'This time slot is already booked', error: 'Conflict' },
  { statusCode: 409, message: 'x', error: 'Conflict', code: 'SLOT_TAKEN' },
  {
    statusCode: 400,
    message: 'Name is required',
    error: 'Bad Request',
    code: 'VALIDATION_FAILED',
    issues: [{ path: 'name', message: 'Name is required' }],
  },
  { statusCode: 404, message: 'Not found', error: 'Not Found', extra: 'dropped' },
  { statusCode: 400.5, message: 'x', error: 'y' },
  { statusCode: '400', message: 'x', error: 'y' },
  { statusCode: 400, message: 'x' },
  { statusCode: 400, message: ['a', 'b'], error: 'y' },
  { statusCode: 400, message: 'x', error: 'y', code: 7 },
  { statusCode: 400, message: 'x', error: 'y', issues: [{ path: 'a' }] },
  { statusCode: 400, message: 'x', error: 'y', issues: 'none' },
  [],
  null,
  'Bad gateway',
  42,
];

describe('readErrorResponse', () => {
  it('accepts exactly what the error schema accepts, with the same result', () => {
    for (const body of bodies) {
      const parsed = ErrorResponseSchema.safeParse(body);
      expect(readErrorResponse(body), JSON.stringify(body)).toEqual(
        parsed.success ? parsed.data : null,
      );
    }
  });

  it('narrows codes to the ones these contracts know', () => {
    expect(knownErrorCode('SLOT_TAKEN')).toBe(ErrorCode.SLOT_TAKEN);
    expect(knownErrorCode('SOMETHING_NEW')).toBeNull();
    expect(knownErrorCode(undefined)).toBeNull();
  });
});
