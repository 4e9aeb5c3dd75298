import axios, {
  type AxiosAdapter,
  type AxiosError,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { type ApiRoute, type PathParams, apiPath } from '@slotwise/contracts';
import { ApiError, TOKEN_REFRESH_FAILED, errorFromResponse } from './api-error';

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
}

/** Headers that ask every cache on the way to revalidate (live availability). */
export const NO_CACHE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-cache, no-store, must-revalidate',
  Pragma: 'no-cache',
};

interface RetryableConfig extends InternalAxiosRequestConfig {
  sentToken?: string | null;
  retried?: boolean;
}

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

function toApiError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if (!axios.isAxiosError(error)) return error;
  const axiosError = error as AxiosError<unknown>;
  const response = axiosError.response;
  if (response) {
    const text = typeof response.data === 'string' ? response.data : '';
    return errorFromResponse(response.status, response.statusText ?? '', text);
  }
  if (axios.isCancel(error) || axiosError.code === 'ERR_CANCELED') {
    return new DOMException('The request was aborted', 'AbortError');
  }
  return new ApiError({ message: axiosError.message || 'Network Error', status: 0 });
}

/**
 * The front ends' one HTTP client: axios with the API's conventions. JSON in and out, cookies
 * included (the refresh cookie), the session's bearer token, one refresh and one retry on a 401,
 * and failures as ApiError with the API's error `code`.
 */
export function createApiClient(config: ApiClientConfig): ApiClient {
  const validate = config.validateResponses ?? checkAnswers();
  const http: AxiosInstance = axios.create({
    baseURL: config.baseUrl,
    withCredentials: true,
    headers: { Accept: 'application/json' },
    responseType: 'text',
    transformResponse: [(data: unknown) => data],
    ...(config.adapter ? { adapter: config.adapter } : {}),
  });

  http.interceptors.request.use((request: RetryableConfig) => {
    const token = request.retried ? request.sentToken : config.getAccessToken?.();
    request.sentToken = token ?? null;
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    if (request.data !== undefined) request.headers.set('Content-Type', 'application/json');
    return request;
  });

  // An access token lives about 15 minutes: a 401 with one means it expired, so refresh once and
  // retry once; a second 401 is reported as it is.
  http.interceptors.response.use(undefined, async (error: unknown) => {
    if (!axios.isAxiosError(error)) throw error;
    const request = error.config as RetryableConfig | undefined;
    const refresh = config.refreshSession;
    if (error.response?.status !== 401 || !request?.sentToken || request.retried || !refresh) {
      throw error;
    }
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
        statusText: error.response.statusText,
      });
    }
    request.retried = true;
    request.sentToken = fresh;
    return http.request(request);
  });

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
      let response: AxiosResponse<unknown>;
      try {
        response = await http.request({
          method: route.method,
          url,
          params: opts.query,
          data: opts.body === undefined ? undefined : JSON.stringify(opts.body),
          headers: opts.headers,
          signal: opts.signal,
        });
      } catch (error) {
        throw toApiError(error);
      }
      const data = response.status === 204 ? undefined : parseBody(response.data);
      if (validate) await checkContract(route, data);
      return data as Res;
    },
  };
}
