/** Seconds a client is told to wait (Retry-After) while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * SQLSTATEs of a server that is not taking work: class 08 (connection exception), 57P01
 * admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or recovering),
 * 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What node-postgres and TypeORM say, without a code, when there is no usable connection. */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Cannot use a pool after calling end on the pool',
  'Client has encountered a connection error and is not queryable',
];

/**
 * TypeORM's errors for a transaction whose connection it released after the connection failed
 * (PostgreSQL shut down mid-transaction): the same outage, seen one step later.
 */
const UNAVAILABLE_ERROR_NAMES = new Set([
  'QueryRunnerAlreadyReleasedError',
  'QueryRunnerProviderAlreadyReleasedError',
]);

/**
 * Whether `error` (or what it wraps: TypeORM's driverError, a cause, an AggregateError's errors)
 * says PostgreSQL cannot be reached right now, as opposed to a query that failed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const e = current as {
      code?: unknown;
      message?: unknown;
      driverError?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (current instanceof Error && UNAVAILABLE_ERROR_NAMES.has(current.name)) return true;
    if (typeof e.code === 'string') {
      if (NETWORK_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.has(e.code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(e.code)) return true;
    }
    if (
      typeof e.message === 'string' &&
      UNAVAILABLE_MESSAGES.some((m) => e.message === m || (e.message as string).startsWith(m))
    ) {
      return true;
    }
    queue.push(e.driverError, e.cause);
    if (Array.isArray(e.errors)) queue.push(...(e.errors as unknown[]));
  }
  return false;
}
