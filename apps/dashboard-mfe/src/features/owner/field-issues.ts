import { isApiError } from '@slotwise/api-client';

/**
 * The server's per-field messages of a refused save, for a form's own fields (the first message
 * of each; 'customer.phone' is the field 'customer').
 */
export function fieldIssues<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  if (!isApiError(error)) return found;
  for (const issue of error.issues) {
    const key = issue.path.split('.')[0] as F;
    if (fields.includes(key)) found[key] ??= issue.message;
  }
  return found;
}
