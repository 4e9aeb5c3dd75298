import type { AxiosAdapter } from 'axios';
import { type ApiRoute, type HttpMethod, type PathParams, apiPath } from '@slotwise/contracts';
import { type ListenOptions, listenToStream } from './event-stream';
import { takePageData } from './page-data';

export interface ApiClientConfig {
  /** Prefix for the API's paths: '' for the same origin ('/api/...'), as RemoteAppProps says. */
  baseUrl: string;
  /** The session's current access token, read at each call (it changes on refresh). */
  getAccessToken?: () => string | null | undefined;
  /**
   * A new access token, or null when the session has ended. With a token, a 401 refreshes once and
   * retries once; a failed refresh rejects with 'Token refresh failed'.
   */
  refreshSession?: () => Promise<string | null>;
  /**
   * Check each answer against the route's contract schema. On by default outside production
   * builds (development and tests), where a drift between API and front end should fail loudly.
   */
  validateResponses?: boolean;
  /** A transport for tests (axios adapter). */
  adapter?: AxiosAdapter;
}

type ParamsOption<P extends string> = keyof PathParams<P> extends never
  ? { params?: undefined }
  : { params: PathParams<P> };
type BodyOption<B> = [B] extends [undefined] ? { body?: undefined } : { body: B };

export type CallOptions<P extends string, B, Q> = ParamsOption<P> &
  BodyOption<B> & {
    query?: Q;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

/** Options may be left out only when the route needs neither path parameters nor a body. */
type CallArgs<P extends string, B, Q> =
  object extends CallOptions<P, B, Q>
    ? [options?: CallOptions<P, B, Q>]
    : [options: CallOptions<P, B, Q>];

export interface ApiClient {
  /** Calls a route of the contracts' table and answers its typed body (undefined for 204). */
  request<Res, B, Q, P extends string>(
    route: ApiRoute<Res, B, Q, P>,
    ...args: CallArgs<P, B, Q>
  ): Promise<Res>;
  /**
   * Listens to a text/event-stream route (the live diary) until the returned function is called:
   * fetch with the session's token, reconnecting with Last-Event-ID (event-stream.ts). Absent on
   * the server-rendering client.
   */
  listen?<P extends string>(
    route: ApiRoute<string, undefined, unknown, P>,
    options: ParamsOption<P> & ListenOptions,
  ): () => void;
}

/** What the client hands its transport, and what it answers. */
export interface Transport {
  send(request: {
    method: HttpMethod;
    url: string;
    query?: unknown;
    body?: unknown;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  }): Promise<{ status: number; text: unknown }>;
}

/** Headers that ask every cache on the way to revalidate (live availability). */
export const NO_CACHE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-cache, no-store, must-revalidate',
  Pragma: 'no-cache',
};

const checkAnswers = () => process.env.NODE_ENV !== 'production';

/** Answers are read as text and parsed here, so a failed call can report the response text. */
function parseBody(text: unknown): unknown {
  if (typeof text !== 'string' || text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function checkContract(route: ApiRoute<unknown, unknown, unknown>, data: unknown) {
  // Never in a production build: the branch and the schemas' import are dropped there.
  if (process.env.NODE_ENV === 'production') return;
  const { responseSchemaOf } = await import('@slotwise/contracts');
  const schema = responseSchemaOf(route);
  if (!schema) return;
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new Error(
      `${route.key} answered outside its contract: ${result.error.issues
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ')}`,
    );
  }
}

/**
 * The front ends' one HTTP client: the contracts' route table over axios, with the API's
 * conventions (see axios-transport.ts) and failures as ApiError carrying the API's error `code`.
 * axios itself loads with the first call that needs the network: a page whose first data came
 * embedded in its HTML (page-data.ts) shows without it.
 */
export function createApiClient(config: ApiClientConfig): ApiClient {
  const validate = config.validateResponses ?? checkAnswers();
  let transport: Promise<Transport> | null = null;
  const send: Transport['send'] = async (request) => {
    transport ??= import('./axios-transport').then((m) => m.createTransport(config));
    return (await transport).send(request);
  };

  return {
    async request<Res, B, Q, P extends string>(
      route: ApiRoute<Res, B, Q, P>,
      ...[options]: CallArgs<P, B, Q>
    ): Promise<Res> {
      const opts = (options ?? {}) as CallOptions<P, B, Q>;
      const url = (apiPath as (r: ApiRoute<Res, B, Q, P>, p?: unknown) => string)(
        route,
        opts.params,
      );
      const embedded =
        route.method === 'GET' && opts.query === undefined && config.baseUrl === ''
          ? takePageData(url)
          : undefined;
      let data: unknown;
      if (embedded) {
        data = embedded.data;
      } else {
        const response = await send({
          method: route.method,
          url,
          query: opts.query,
          body: opts.body,
          headers: opts.headers,
          signal: opts.signal,
        });
        data = response.status === 204 ? undefined : parseBody(response.text);
      }
      if (validate) await checkContract(route, data);
      return data as Res;
    },
    listen(route, options) {
      const url = (apiPath as (r: typeof route, p?: unknown) => string)(route, options.params);
      return listenToStream(config, url, options);
    },
  };
}
