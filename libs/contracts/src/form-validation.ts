/** The slice of a zod schema used here, so forms that call this pull in no zod of their own. */
interface Schema<T> {
  safeParse(value: unknown):
    | { success: true; data: T }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> };
      };
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Runs a contracts schema on a form and keeps the first message per field (the spec's exact texts). */
export function validate<K extends string, T>(
  schema: Schema<T>,
  values: Record<K, unknown>,
): { data: T; errors: null } | { data: null; errors: FieldErrors<K> } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: null };
  const errors: FieldErrors<K> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as K | undefined;
    if (key !== undefined && !errors[key]) errors[key] = issue.message;
  }
  return { data: null, errors };
}
