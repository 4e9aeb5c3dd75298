import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { toErrorResponse } from '../exceptions/error-response.js';
import { isDatabaseUnavailable } from './database-unavailable.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database unavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    [
      'a refused connection on every address',
      Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]), {
        code: 'ECONNREFUSED',
      }),
    ],
    ['the pool waiting too long', new Error('timeout exceeded when trying to connect')],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool closed', new Error('Cannot use a pool after calling end on the pool')],
    [
      'an administrator shutdown, wrapped by TypeORM',
      Object.assign(new Error('terminating connection due to administrator command'), {
        driverError: withCode('57P01'),
      }),
    ],
    ['a server starting up', withCode('57P03', 'the database system is starting up')],
    ['a connection exception (class 08)', withCode('08006')],
    ['too many connections', withCode('53300')],
    ['as the cause of another error', new Error('wrapped', { cause: withCode('ECONNRESET') })],
    // A transaction's connection released by TypeORM after PostgreSQL shut down mid-transaction.
    ['a transaction whose connection was released', new QueryRunnerAlreadyReleasedError()],
    ['a manager whose connection was released', new QueryRunnerProviderAlreadyReleasedError()],
  ])('recognises %s, answered 503 with Retry-After', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    const mapped = toErrorResponse(error);
    expect(mapped.body).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(mapped.retryAfterSeconds).toBe(5);
    expect(mapped.unexpected).toBe(false);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a deadlock', withCode('40P01')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('leaves %s alone', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(toErrorResponse(error).retryAfterSeconds).toBeUndefined();
  });
});
