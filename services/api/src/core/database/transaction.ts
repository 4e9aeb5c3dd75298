import type { DataSource, EntityManager } from 'typeorm';
import { pgErrorCode } from './pg-errors.js';

/** SQLSTATE of a transaction PostgreSQL aborted to break a deadlock. */
export const PG_DEADLOCK_DETECTED = '40P01';

/** Tries of one transaction before a deadlock is reported as the failure it is. */
const DEADLOCK_ATTEMPTS = 3;

/**
 * Runs `work` in a transaction, again from the start when PostgreSQL aborts it to break a deadlock.
 * Two bookings inserted at once into the exclusion constraint's index can each wait for the other;
 * PostgreSQL aborts one, and its retry then waits for the survivor and sees the clash as a plain
 * 23P01. `work` must only touch the database, so running it again is safe.
 */
export function transactionRetryingDeadlocks<T>(
  dataSource: DataSource,
  work: (em: EntityManager) => Promise<T>,
): Promise<T> {
  return retryingDeadlocks(() => dataSource.transaction(work));
}

/**
 * Runs `write` (a transaction, or one statement that is its own) again when PostgreSQL aborts it
 * to break a deadlock, as `transactionRetryingDeadlocks` does.
 */
export async function retryingDeadlocks<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (pgErrorCode(error) !== PG_DEADLOCK_DETECTED || attempt >= DEADLOCK_ATTEMPTS) throw error;
    }
  }
}
