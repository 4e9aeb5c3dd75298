/** SQLSTATE of an exclusion-constraint violation: the slot overlaps another booking. */
export const PG_EXCLUSION_VIOLATION = '23P01';
/** SQLSTATE of a unique-constraint violation (e.g. a slug taken by a concurrent write). */
export const PG_UNIQUE_VIOLATION = '23505';
/** SQLSTATE of a foreign-key violation (e.g. a row naming a user that was deleted). */
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/** SQLSTATE of a lock not granted within lock_timeout (or NOWAIT). */
export const PG_LOCK_NOT_AVAILABLE = '55P03';

export function pgErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The name of the constraint a violation names, if any. */
export function pgConstraint(error: unknown): string | undefined {
  const e = error as { constraint?: unknown; driverError?: { constraint?: unknown } } | null;
  const name = e?.driverError?.constraint ?? e?.constraint;
  return typeof name === 'string' ? name : undefined;
}
