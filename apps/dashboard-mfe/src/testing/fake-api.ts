import { type AxiosAdapter, AxiosError, type AxiosResponse } from 'axios';
import { createApiClient } from '@slotwise/api-client';

/** One request as the API would have received it. */
export interface SeenRequest {
  method: string;
  /** The path with the API prefix, e.g. '/api/appointments/7'. */
  path: string;
  query: Record<string, unknown>;
  body: unknown;
  authorization: string | undefined;
}

export interface Reply {
  status?: number;
  /** Sent as JSON. */
  body?: unknown;
}

export type Handler = Reply | ((request: SeenRequest) => Reply);

/** An answer in the API's error shape. */
export function errorReply(status: number, message: string, code: string): Reply {
  return { status, body: { statusCode: status, error: 'Error', message, code } };
}

/**
 * The real API client (axios, its errors, the contract checks on answers) over an adapter that
 * answers from `routes`, keyed 'PATCH /api/appointments/7', and records every request. Unknown
 * routes answer 404.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const seen: SeenRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const request: SeenRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      path: config.url ?? '',
      query: { ...(config.params as Record<string, unknown> | undefined) },
      body: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : undefined,
      authorization: config.headers.get('Authorization')?.toString(),
    };
    seen.push(request);
    const handler = routes[`${request.method} ${request.path}`];
    const reply: Reply =
      handler === undefined
        ? errorReply(404, 'Not found', 'NOT_FOUND')
        : typeof handler === 'function'
          ? handler(request)
          : handler;
    const status = reply.status ?? 200;
    const response: AxiosResponse = {
      data: reply.body === undefined ? '' : JSON.stringify(reply.body),
      status,
      statusText: '',
      headers: {},
      config,
    };
    if (status >= 400) {
      throw new AxiosError(`Status ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
    }
    return response;
  };
  return {
    client: createApiClient({ baseUrl: 'http://test', adapter, getAccessToken: () => 'token' }),
    seen,
    /** The requests made with this method to this path, in order. */
    calls: (method: string, path: string) =>
      seen.filter((r) => r.method === method && r.path === path),
  };
}
