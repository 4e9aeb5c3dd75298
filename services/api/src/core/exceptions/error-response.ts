import { STATUS_CODES } from 'node:http';
import { HttpException } from '@nestjs/common';
import {
  ERROR_CODE_STATUS,
  ErrorCode,
  ErrorMessages,
  type ErrorResponse,
} from '@slotwise/contracts';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
} from '../database/database-unavailable.js';
import { pgErrorCode } from '../database/pg-errors.js';
import { DomainException } from './domain.exception.js';

const STATUS_TO_CODE: Partial<Record<number, ErrorCode>> = {
  400: ErrorCode.VALIDATION_FAILED,
  401: ErrorCode.UNAUTHORIZED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  429: ErrorCode.RATE_LIMITED,
};

/** Friendlier texts for the framework's own client errors (Fastify's are terse and technical). */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body must not be empty when content-type is JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body does not match its content-length',
};

export interface MappedError {
  body: ErrorResponse;
  /** Unexpected failures are logged with their stack; client errors are not. */
  unexpected: boolean;
  /** Sent as the Retry-After header (seconds): the failure is temporary. */
  retryAfterSeconds?: number;
}

function fastifyCode(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('FST_')) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function body(statusCode: number, message: string, extra: Partial<ErrorResponse> = {}) {
  return {
    statusCode,
    message,
    error: STATUS_CODES[statusCode] ?? 'Error',
    ...extra,
  };
}

const INTERNAL: MappedError = {
  body: body(500, 'Internal server error', { code: ErrorCode.INTERNAL }),
  unexpected: true,
};

/** Maps anything thrown while handling a request to the one error shape (ErrorResponseSchema). */
export function toErrorResponse(error: unknown): MappedError {
  if (error instanceof DomainException) {
    const status = ERROR_CODE_STATUS[error.code];
    return {
      body: body(status, error.message, {
        code: error.code,
        ...(error.issues?.length ? { issues: error.issues } : {}),
      }),
      // Payments left unconfigured is a deployment choice (all else runs), not a fault to log.
      unexpected: status >= 500 && error.code !== ErrorCode.PAYMENTS_NOT_CONFIGURED,
    };
  }

  const fstCode = fastifyCode(error);

  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status >= 500) return INTERNAL;
    const response = error.getResponse();
    let message =
      typeof response === 'string'
        ? response
        : ((response as { message?: unknown }).message ?? error.message);
    if (Array.isArray(message)) message = message.join('; ');
    if (fstCode && FASTIFY_MESSAGES[fstCode]) {
      message = FASTIFY_MESSAGES[fstCode];
    } else if (
      status === 400 &&
      (error.cause instanceof SyntaxError || /JSON/.test(String(message)))
    ) {
      // The body parser's SyntaxError text leaks parser internals; say what matters.
      message = 'Request body is not valid JSON';
    }
    const code = STATUS_TO_CODE[status];
    return {
      body: body(status, String(message), code ? { code } : {}),
      unexpected: false,
    };
  }

  // Fastify/http errors that reached us without Nest wrapping them (e.g. during body parsing).
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    let message = (fstCode && FASTIFY_MESSAGES[fstCode]) ?? String((error as Error).message);
    if (error instanceof SyntaxError) message = 'Request body is not valid JSON';
    const code = STATUS_TO_CODE[statusCode];
    return { body: body(statusCode, message, code ? { code } : {}), unexpected: false };
  }

  // PostgreSQL unreachable (refused, cut, pool timeout, shutting down): temporary, so 503 with
  // Retry-After like /api/health, not a 500. Not logged with a stack: the filter says it once.
  if (isDatabaseUnavailable(error)) {
    return {
      body: body(503, ErrorMessages.serviceUnavailable, { code: ErrorCode.SERVICE_UNAVAILABLE }),
      unexpected: false,
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    };
  }

  // A data exception from Postgres (class 22: bad encoding, value out of range…) means input got
  // past validation that should have stopped it: still the client's input, so 400, but logged.
  const pgCode = pgErrorCode(error);
  if (pgCode?.startsWith('22')) {
    return {
      body: body(400, 'Invalid input', { code: ErrorCode.VALIDATION_FAILED }),
      unexpected: true,
    };
  }

  return INTERNAL;
}
