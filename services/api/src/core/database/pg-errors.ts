/** SQLSTATE of an exclusion-constraint violation: the slot overlaps another booking. */
export const PG_EXCLUSION_VIOLATION = '23P01';

export function pgErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}
