/**
 * The one request helper (spec section 7): JSON in and out, cookies included, a Bearer token when
 * the caller has a session, and errors whose message is the JSON body's `message`, else the
 * response text, else `${status} ${statusText}`.
 */
export const TOKEN_REFRESH_FAILED = 'Token refresh failed';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  /** The `message` field of a JSON error body, when there was one. */
  readonly serverMessage: string | null;
  /** The parsed JSON body, or null when the body was not JSON. */
  readonly body: unknown;

  constructor(init: {
    message: string;
    status: number;
    statusText: string;
    serverMessage: string | null;
    body: unknown;
  }) {
    super(init.message);
    this.status = init.status;
    this.statusText = init.statusText;
    this.serverMessage = init.serverMessage;
    this.body = init.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Reads `message` from an error body; validation errors may carry a list of messages. */
export function messageFromBody(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const message = (body as { message?: unknown }).message;
  if (typeof message === 'string' && message.trim() !== '') return message;
  if (Array.isArray(message)) {
    const parts = message.filter((m): m is string => typeof m === 'string' && m.trim() !== '');
    if (parts.length > 0) return parts.join(', ');
  }
  return null;
}

/** Builds the ApiError for a non-OK response (consumes its body). */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // An unreadable body falls through to the status line.
  }
  const body = text ? parseJson(text) : null;
  const serverMessage = messageFromBody(body);
  const message =
    serverMessage ?? (text.trim() || `${response.status} ${response.statusText}`.trim());
  return new ApiError({
    message,
    status: response.status,
    statusText: response.statusText,
    serverMessage,
    body,
  });
}

export interface RequestOptions {
  body?: unknown;
  /** The session's access token; sent as a Bearer token when present. */
  token?: string | null;
  /**
   * Gets a new access token (null when the session has ended). With a token, a 401 refreshes once
   * and retries once; a failed refresh throws 'Token refresh failed' (spec section 7).
   */
  refresh?: () => Promise<string | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Prefix for relative URLs ('' = same origin). */
  baseUrl?: string;
  /** Injected in tests. */
  fetchImpl?: typeof fetch;
}

export async function apiRequest<T>(
  method: HttpMethod,
  url: string,
  { body, token, refresh, headers, signal, baseUrl = '', fetchImpl = fetch }: RequestOptions = {},
): Promise<T> {
  const send = (bearer: string | null | undefined) => {
    const finalHeaders: Record<string, string> = { Accept: 'application/json', ...headers };
    if (body !== undefined) finalHeaders['Content-Type'] = 'application/json';
    if (bearer) finalHeaders.Authorization = `Bearer ${bearer}`;
    return fetchImpl(`${baseUrl}${url}`, {
      method,
      headers: finalHeaders,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal,
    });
  };

  let response = await send(token);
  // An access token lives about 15 minutes: a 401 with one means it expired, so refresh once and
  // retry once; a second 401 is reported as it is.
  if (response.status === 401 && token && refresh) {
    let fresh: string | null;
    try {
      fresh = await refresh();
    } catch {
      fresh = null;
    }
    if (!fresh) {
      throw new ApiError({
        message: TOKEN_REFRESH_FAILED,
        status: 401,
        statusText: response.statusText,
        serverMessage: null,
        body: null,
      });
    }
    response = await send(fresh);
  }
  if (!response.ok) throw await errorFromResponse(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export function apiGet<T>(url: string, options?: Omit<RequestOptions, 'body'>): Promise<T> {
  return apiRequest<T>('GET', url, options);
}

/** Headers that ask every cache on the way to revalidate (used for live availability). */
export const NO_CACHE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-cache, no-store, must-revalidate',
  Pragma: 'no-cache',
};
