import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, apiRoutes } from '@slotwise/contracts';
import { ApiError, TOKEN_REFRESH_FAILED, errorCode } from './api-error';
import { type ApiClientConfig, createApiClient } from './client';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Reply = { status: number; body?: string; statusText?: string };

// A real HTTP server on loopback: the client's axios transport is exercised as it is, not mocked.
const seen: Seen[] = [];
let replies: Reply[] = [];
let baseUrl = '';
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    const reply = replies.shift() ?? { status: 500, body: 'no reply queued' };
    res.statusMessage = reply.statusText ?? res.statusMessage;
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(reply.body ?? '');
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  replies = [];
});

const client = (extra: Partial<ApiClientConfig> = {}) =>
  createApiClient({ baseUrl, validateResponses: false, ...extra });

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

const service = {
  id: 3,
  businessId: 7,
  name: 'Cut',
  description: null,
  price: 4500,
  duration: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  isActive: true,
};

describe('createApiClient', () => {
  it("calls the route table's path with the parameters encoded, JSON in and out, and the bearer token", async () => {
    replies = [{ status: 201, body: JSON.stringify(service) }];
    const api = client({ getAccessToken: () => 'tok' });
    const created = await api.request(apiRoutes.services.create, {
      body: { businessId: 7, name: 'Cut', duration: 30, price: 4500 },
    });
    expect(created).toEqual(service);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/services' });
    expect(seen[0]!.headers.authorization).toBe('Bearer tok');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]!.body)).toEqual({
      businessId: 7,
      name: 'Cut',
      duration: 30,
      price: 4500,
    });
  });

  it('builds query strings and leaves out the token and content type when there are none', async () => {
    replies = [{ status: 200, body: '[]' }];
    await client().request(apiRoutes.availability.timesBySlug, {
      params: { slug: 'a b' },
      query: { date: '2027-01-05', serviceId: 3 },
    });
    expect(seen[0]!.url).toBe(
      '/api/business/slug/a%20b/available-times?date=2027-01-05&serviceId=3',
    );
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(seen[0]!.headers['content-type']).toBeUndefined();
  });

  it('answers undefined for 204 No Content', async () => {
    replies = [{ status: 204 }];
    await expect(
      client().request(apiRoutes.services.remove, { params: { id: 3 } }),
    ).resolves.toBeUndefined();
  });
});

describe('errors', () => {
  it("carries the error shape's message, code and issues", async () => {
    replies = [
      {
        status: 409,
        statusText: 'Conflict',
        body: '{"statusCode":409,"error":"Conflict","message":"This time slot is already booked","code":"SLOT_TAKEN"}',
      },
    ];
    const error = await caught(
      client().request(apiRoutes.appointments.create, { body: {} as never }),
    );
    expect(error.message).toBe('This time slot is already booked');
    expect(error.status).toBe(409);
    expect(error.code).toBe(ErrorCode.SLOT_TAKEN);
    expect(errorCode(error)).toBe(ErrorCode.SLOT_TAKEN);

    replies = [
      {
        status: 400,
        body: '{"statusCode":400,"error":"Bad Request","message":"Name is required","code":"VALIDATION_FAILED","issues":[{"path":"name","message":"Name is required"}]}',
      },
    ];
    const invalid = await caught(
      client().request(apiRoutes.services.create, { body: {} as never }),
    );
    expect(invalid.issues).toEqual([{ path: 'name', message: 'Name is required' }]);
  });

  it('tells a code this version does not know from none at all', async () => {
    replies = [
      {
        status: 409,
        body: '{"statusCode":409,"error":"Conflict","message":"New rule","code":"SOMETHING_NEW"}',
      },
    ];
    const error = await caught(client().request(apiRoutes.businesses.list));
    expect(error.message).toBe('New rule');
    expect(error.code).toBeNull();
  });

  it('falls back to the response text, then to the status line', async () => {
    replies = [{ status: 502, statusText: 'Bad Gateway', body: 'Bad gateway upstream' }];
    const text = await caught(client().request(apiRoutes.businesses.list));
    expect(text.message).toBe('Bad gateway upstream');
    expect(text.serverMessage).toBeNull();
    expect(text.code).toBeNull();

    replies = [{ status: 500, statusText: 'Internal Server Error', body: '' }];
    const empty = await caught(client().request(apiRoutes.businesses.list));
    expect(empty.message).toBe('500 Internal Server Error');
    expect(empty.status).toBe(500);

    replies = [{ status: 400, statusText: 'Bad Request', body: '{"error":"x"}' }];
    const noMessage = await caught(client().request(apiRoutes.businesses.list));
    expect(noMessage.message).toBe('{"error":"x"}');
    expect(noMessage.body).toEqual({ error: 'x' });
  });

  it('reports an unreachable server with status 0', async () => {
    const error = await caught(
      createApiClient({ baseUrl: 'http://127.0.0.1:1', validateResponses: false }).request(
        apiRoutes.businesses.list,
      ),
    );
    expect(error.status).toBe(0);
    expect(error.code).toBeNull();
  });
});

describe('a session', () => {
  const unauthorized: Reply = {
    status: 401,
    body: '{"statusCode":401,"error":"Unauthorized","message":"Unauthorized","code":"UNAUTHORIZED"}',
  };

  it('refreshes once on a 401 and retries once with the new token', async () => {
    replies = [unauthorized, { status: 200, body: '[]' }];
    const refreshSession = vi.fn(async () => 'fresh');
    const api = client({ getAccessToken: () => 'old', refreshSession });
    await expect(api.request(apiRoutes.services.listById, { params: { id: 7 } })).resolves.toEqual(
      [],
    );
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer old', 'Bearer fresh']);
  });

  it("says 'Token refresh failed' when the refresh answers no token", async () => {
    replies = [unauthorized];
    const api = client({ getAccessToken: () => 'old', refreshSession: async () => null });
    const error = await caught(api.request(apiRoutes.businesses.mine));
    expect(error.message).toBe(TOKEN_REFRESH_FAILED);
    expect(error.status).toBe(401);
    expect(seen).toHaveLength(1);
  });

  it('retries only once: a second 401 is reported with its message', async () => {
    replies = [unauthorized, unauthorized];
    const refreshSession = vi.fn(async () => 'fresh');
    const api = client({ getAccessToken: () => 'old', refreshSession });
    const error = await caught(api.request(apiRoutes.businesses.mine));
    expect(error.status).toBe(401);
    expect(error.code).toBe(ErrorCode.UNAUTHORIZED);
    expect(seen).toHaveLength(2);
    expect(refreshSession).toHaveBeenCalledTimes(1);
  });

  it('does not refresh a 401 sent without a token (a wrong password, say)', async () => {
    replies = [unauthorized];
    const refreshSession = vi.fn(async () => 'fresh');
    await caught(
      client({ refreshSession }).request(apiRoutes.auth.login, {
        body: { email: 'a@b.c', password: 'x' },
      }),
    );
    expect(refreshSession).not.toHaveBeenCalled();
  });
});

describe('contract checks (development and tests)', () => {
  it("are on outside production builds and reject an answer that breaks the route's schema", async () => {
    replies = [{ status: 200, body: JSON.stringify([{ ...service, price: '45.00' }]) }];
    const api = createApiClient({ baseUrl });
    await expect(api.request(apiRoutes.services.listById, { params: { id: 7 } })).rejects.toThrow(
      /GET business\/:id\/services answered outside its contract: 0\.price/,
    );
    replies = [{ status: 200, body: JSON.stringify([service]) }];
    await expect(api.request(apiRoutes.services.listById, { params: { id: 7 } })).resolves.toEqual([
      service,
    ]);
  });
});
