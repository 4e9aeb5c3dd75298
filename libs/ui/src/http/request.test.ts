import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorFromResponse, messageFromBody } from './request';

function respond(body: string, init: ResponseInit & { headers?: Record<string, string> } = {}) {
  return vi.fn<typeof fetch>().mockResolvedValue(new Response(body, init));
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('apiRequest', () => {
  it('sends JSON with credentials and a bearer token, and parses the reply', async () => {
    const fetchImpl = respond('{"ok":true}', { status: 200 });
    const result = await apiRequest<{ ok: boolean }>('POST', '/api/appointments', {
      body: { a: 1 },
      token: 'tok',
      fetchImpl,
    });
    expect(result).toEqual({ ok: true });
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/api/appointments');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({
      'Content-Type': 'application/json',
      Authorization: 'Bearer tok',
    });
  });

  it('omits the content type and token when there is no body and no session', async () => {
    const fetchImpl = respond('[]', { status: 200 });
    await apiRequest('GET', '/api/businesses', { fetchImpl });
    const headers = fetchImpl.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBeUndefined();
  });

  it("uses the JSON body's message and keeps the status", async () => {
    const fetchImpl = respond('{"statusCode":409,"message":"This time slot is already booked"}', {
      status: 409,
      statusText: 'Conflict',
    });
    const error = await caught(apiRequest('POST', '/api/appointments', { body: {}, fetchImpl }));
    expect(error.message).toBe('This time slot is already booked');
    expect(error.status).toBe(409);
    expect(error.serverMessage).toBe('This time slot is already booked');
  });

  it('falls back to the response text, then to the status line', async () => {
    const text = await caught(
      apiRequest('GET', '/x', {
        fetchImpl: respond('Bad gateway upstream', { status: 502, statusText: 'Bad Gateway' }),
      }),
    );
    expect(text.message).toBe('Bad gateway upstream');
    expect(text.serverMessage).toBeNull();

    const empty = await caught(
      apiRequest('GET', '/x', {
        fetchImpl: respond('', { status: 500, statusText: 'Internal Server Error' }),
      }),
    );
    expect(empty.message).toBe('500 Internal Server Error');
    expect(empty.status).toBe(500);
  });

  it('returns undefined for 204 No Content', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiRequest('DELETE', '/api/x/1', { fetchImpl })).resolves.toBeUndefined();
  });
});

describe('error messages', () => {
  it('joins lists of validation messages', () => {
    expect(messageFromBody({ message: ['a is bad', 'b is bad'] })).toBe('a is bad, b is bad');
    expect(messageFromBody({ message: '' })).toBeNull();
    expect(messageFromBody('nope')).toBeNull();
  });

  it('ignores a JSON body without a message and uses its text', async () => {
    const error = await errorFromResponse(
      new Response('{"error":"x"}', { status: 400, statusText: 'Bad Request' }),
    );
    expect(error.message).toBe('{"error":"x"}');
    expect(error.body).toEqual({ error: 'x' });
  });
});

describe('apiRequest with a session', () => {
  const unauthorized = () =>
    new Response('{"statusCode":401,"message":"Unauthorized"}', { status: 401 });

  it('refreshes once on a 401 and retries once with the new token', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(new Response('{"ok":true}', { status: 200 }));
    const refresh = vi.fn(async () => 'fresh');
    const result = await apiRequest('GET', '/api/x', { token: 'old', refresh, fetchImpl });
    expect(result).toEqual({ ok: true });
    expect(refresh).toHaveBeenCalledTimes(1);
    const headers = fetchImpl.mock.calls[1]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer fresh');
  });

  it("says 'Token refresh failed' when the refresh answers no token", async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(unauthorized());
    const error = await caught(
      apiRequest('GET', '/api/x', { token: 'old', refresh: async () => null, fetchImpl }),
    );
    expect(error.message).toBe('Token refresh failed');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('retries only once: a second 401 is reported with its message', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockImplementation(async () => unauthorized());
    const refresh = vi.fn(async () => 'fresh');
    const error = await caught(apiRequest('GET', '/api/x', { token: 'old', refresh, fetchImpl }));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Unauthorized');
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('does not refresh a 401 sent without a token (a wrong password, say)', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(unauthorized());
    const refresh = vi.fn(async () => 'fresh');
    await caught(apiRequest('POST', '/api/auth/login', { body: {}, refresh, fetchImpl }));
    expect(refresh).not.toHaveBeenCalled();
  });
});
