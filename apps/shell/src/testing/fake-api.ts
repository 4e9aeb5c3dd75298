import { ApiError, type ApiClient } from '@slotwise/api-client';
import {
  type ApiRoute,
  apiPath,
  knownErrorCode,
  readErrorResponse,
  responseSchemaOf,
} from '@slotwise/contracts';

/** One request as the API would have received it. */
export interface SeenRequest {
  method: string;
  /** The path with the API prefix, e.g. '/api/auth/reset-password'. */
  path: string;
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
}

export type Handler = Reply | ((request: SeenRequest) => Reply);

/** An answer in the API's error shape. */
export function errorReply(status: number, message: string, code: string): Reply {
  return { status, body: { statusCode: status, error: 'Error', message, code } };
}

/**
 * A client of the contracts' route table that answers from `routes` (keyed
 * 'POST /api/auth/forgot-password') and records every request: answers are checked against the
 * route's response schema and failures are ApiErrors, as the real client makes them. Unknown routes
 * answer 404.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const seen: SeenRequest[] = [];
  const client: ApiClient = {
    async request(route: ApiRoute<unknown, unknown, unknown>, ...[options]: unknown[]) {
      const opts = (options ?? {}) as { params?: Record<string, string | number>; body?: unknown };
      const request: SeenRequest = {
        method: route.method,
        path: (apiPath as (r: ApiRoute<unknown, unknown, unknown>, p?: unknown) => string)(
          route,
          opts.params,
        ),
        body: opts.body,
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
      if (status >= 400) {
        const error = readErrorResponse(reply.body);
        throw new ApiError({
          message: error?.message ?? `Status ${status}`,
          status,
          code: knownErrorCode(error?.code),
          issues: error?.issues,
          serverMessage: error?.message ?? null,
          body: reply.body,
        });
      }
      responseSchemaOf(route)?.parse(reply.body);
      return reply.body;
    },
  } as ApiClient;
  return {
    client,
    seen,
    /** The requests made with this method to this path, in order. */
    calls: (method: string, path: string) =>
      seen.filter((r) => r.method === method && r.path === path),
  };
}
