import { PasswordMessages } from '@slotwise/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';
import type { z } from 'zod';

let common: ReadonlySet<string> | undefined;

/**
 * Whether `password` is one of the ~49,000 most common passwords of zxcvbn's list (lower case,
 * as the list is). The list stays on the server: the contracts' schemas run in browsers too, and
 * it would add hundreds of KB to their bundles.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.trim().toLowerCase());
}

/**
 * `schema` (a contracts request schema) with its new password `field` also refused when common:
 * 400 VALIDATION_FAILED with the issue on that field, like the contracts' own rules.
 */
export function refusingCommonPasswords<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  field: string,
): S {
  return schema.superRefine((value, ctx) => {
    const password = value[field];
    if (typeof password === 'string' && isCommonPassword(password)) {
      ctx.addIssue({ code: 'custom', path: [field], message: PasswordMessages.tooCommon });
    }
  }) as unknown as S;
}
