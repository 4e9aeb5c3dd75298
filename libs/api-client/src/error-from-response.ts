import { knownErrorCode, readErrorResponse } from '@slotwise/contracts';
import { ApiError } from './api-error';

// Only the transport (loaded with the first network call) reads error bodies.
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A body's `message` when it is not in the error shape (a proxy's or an older server's answer). */
function looseMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const message = (body as { message?: unknown }).message;
  if (typeof message === 'string' && message.trim() !== '') return message;
  if (Array.isArray(message)) {
    const parts = message.filter((m): m is string => typeof m === 'string' && m.trim() !== '');
    if (parts.length > 0) return parts.join(', ');
  }
  return null;
}

/**
 * The error for a non-OK answer. Its message is the body's `message`, else the response text,
 * else '{status} {status text}' (the rule every screen's error text relies on).
 */
export function errorFromResponse(status: number, statusText: string, text: string): ApiError {
  const body = text ? parseJson(text) : null;
  const parsed = readErrorResponse(body);
  const serverMessage = parsed ? parsed.message : looseMessage(body);
  return new ApiError({
    message: serverMessage ?? (text.trim() || `${status} ${statusText}`.trim()),
    status,
    statusText,
    code: parsed ? knownErrorCode(parsed.code) : null,
    issues: parsed?.issues ?? [],
    serverMessage,
    body,
  });
}
