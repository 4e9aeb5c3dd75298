import { type ErrorCode, type ValidationIssue } from '@slotwise/contracts';

/** What a failed token refresh reports (the session has ended; the owner must sign in again). */
export const TOKEN_REFRESH_FAILED = 'Token refresh failed';

/**
 * Any failed call. `code` is the API's error code when the answer was in the error shape: screens
 * decide on it (`SLOT_TAKEN`, `ALREADY_CANCELLED`…), never on a bare status, since one status
 * carries several meanings (409 is a taken slot, a cancelled booking or a subscription conflict).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status; 0 when no answer arrived (offline, DNS, aborted). */
  readonly status: number;
  readonly statusText: string;
  readonly code: ErrorCode | null;
  /** Per-field messages of a validation error. */
  readonly issues: readonly ValidationIssue[];
  /** The `message` of a JSON error body, when there was one. */
  readonly serverMessage: string | null;
  /** The parsed JSON body, or null when the body was not JSON. */
  readonly body: unknown;

  constructor(init: {
    message: string;
    status: number;
    statusText?: string;
    code?: ErrorCode | null;
    issues?: readonly ValidationIssue[];
    serverMessage?: string | null;
    body?: unknown;
  }) {
    super(init.message);
    this.status = init.status;
    this.statusText = init.statusText ?? '';
    this.code = init.code ?? null;
    this.issues = init.issues ?? [];
    this.serverMessage = init.serverMessage ?? null;
    this.body = init.body ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The error's API code, or null for anything else (a network failure, a bug). */
export function errorCode(error: unknown): ErrorCode | null {
  return isApiError(error) ? error.code : null;
}
