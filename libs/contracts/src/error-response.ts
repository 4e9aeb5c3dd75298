// Zod-free on purpose: browsers read every error body with this, and no schema library should
// be downloaded for it. errors.ts holds the zod schema of the same shape (tests keep them equal).
import { ErrorCode } from './error-codes.js';

export interface ValidationIssue {
  path: string;
  message: string;
}

/** The one error shape every endpoint answers with (its `message` is what screens show). */
export interface ErrorResponse {
  statusCode: number;
  message: string;
  error: string;
  code?: string;
  issues?: ValidationIssue[];
}

const isString = (v: unknown): v is string => typeof v === 'string';

function isIssue(v: unknown): v is ValidationIssue {
  const issue = v as Partial<ValidationIssue> | null;
  return (
    typeof issue === 'object' && issue !== null && isString(issue.path) && isString(issue.message)
  );
}

/** The body as an ErrorResponse when it has exactly that shape, else null. */
export function readErrorResponse(body: unknown): ErrorResponse | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  if (!Number.isInteger(b.statusCode) || !isString(b.message) || !isString(b.error)) return null;
  if (b.code !== undefined && !isString(b.code)) return null;
  if (b.issues !== undefined && !(Array.isArray(b.issues) && b.issues.every(isIssue))) return null;
  return {
    statusCode: b.statusCode as number,
    message: b.message,
    error: b.error,
    ...(b.code !== undefined ? { code: b.code as string } : {}),
    ...(b.issues !== undefined ? { issues: b.issues as ValidationIssue[] } : {}),
  };
}

const KNOWN_CODES = new Set<string>(Object.values(ErrorCode));

/** Narrows an error body's `code` to the codes this version of the contracts knows. */
export function knownErrorCode(code: string | undefined): ErrorCode | null {
  return code !== undefined && KNOWN_CODES.has(code) ? (code as ErrorCode) : null;
}
