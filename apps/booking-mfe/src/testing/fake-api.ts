import {
  type AxiosAdapter,
  AxiosError,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';

/** One request as the API would have received it. */
export interface SeenRequest {
  method: string;
  /** The path with the API prefix, e.g. '/api/business/slug/harbour'. */
  path: string;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body: unknown;
  baseUrl: string | undefined;
}

export interface Reply {
  /** 0: no answer at all (offline). */
  status?: number;
  statusText?: string;
  /** Sent as JSON; a string is sent as it is. */
  body?: unknown;
}

export type Handler = (request: SeenRequest) => Reply | Promise<Reply>;

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
};

/**
 * An API for component tests: the real client (axios, errors, contract checks) over an adapter
 * that answers from `routes`, keyed 'GET /api/businesses'. Unknown routes answer 404.
 */
export function fakeApi(routes: Record<string, Handler | Reply>) {
  const seen: SeenRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request: SeenRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      path: config.url ?? '',
      query: { ...(config.params as Record<string, unknown> | undefined) },
      headers: Object.fromEntries(
        Object.entries(config.headers.toJSON()).map(([k, v]) => [k, String(v)]),
      ),
      body: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : undefined,
      baseUrl: config.baseURL,
    };
    seen.push(request);
    const route = routes[`${request.method} ${request.path}`];
    const reply: Reply = !route
      ? { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } }
      : typeof route === 'function'
        ? await route(request)
        : route;
    const status = reply.status ?? 200;
    if (status === 0) {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    }
    const response: AxiosResponse = {
      data: typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? null),
      status,
      statusText: reply.statusText ?? STATUS_TEXT[status] ?? '',
      headers: {},
      config,
      request: {},
    };
    if (status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        AxiosError.ERR_BAD_REQUEST,
        config,
        {},
        response,
      );
    }
    return response;
  };
  return {
    adapter,
    seen,
    /** The requests made to one path (any method), in order. */
    calls: (method: string, path: string) =>
      seen.filter((r) => r.method === method && r.path === path),
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;

/** An answer in the API's error shape. */
export function errorReply(status: number, message: string, code?: string): Reply {
  return {
    status,
    body: {
      statusCode: status,
      error: STATUS_TEXT[status] ?? 'Error',
      message,
      ...(code ? { code } : {}),
    },
  };
}
