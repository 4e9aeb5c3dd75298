// zod/mini, not zod: the API client parses every error body with these schemas, and mini's
// tree-shakeable build keeps that to a few kilobytes on pages that load no other schema.
import * as z from 'zod/mini';
import { ErrorCode } from './error-codes.js';

export { ErrorCode, ErrorMessages } from './error-codes.js';

export const ValidationIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;

/** The one error shape every endpoint answers with (its `message` is what screens show). */
export const ErrorResponseSchema = z.object({
  statusCode: z.int(),
  message: z.string(),
  error: z.string(),
  code: z.optional(z.string()),
  issues: z.optional(z.array(ValidationIssueSchema)),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

const KNOWN_CODES = new Set<string>(Object.values(ErrorCode));

/** Narrows an error body's `code` to the codes this version of the contracts knows. */
export function knownErrorCode(code: string | undefined): ErrorCode | null {
  return code !== undefined && KNOWN_CODES.has(code) ? (code as ErrorCode) : null;
}
