import axios, { type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { BUSINESS_HEADER, chosenBusinessId } from './chosen-business';
import { ApiError, TOKEN_REFRESH_FAILED } from './api-error';
import { errorFromResponse } from './error-from-response';
import type { ApiClientConfig, Transport } from './client';

interface RetryableConfig extends InternalAxiosRequestConfig {
  sentToken?: string | null;
  retried?: boolean;
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
 * The client's axios instance: JSON as text (parsed by the client, so a failed call can report the
 * response text), cookies included (the refresh cookie), the session's bearer token, and one
 * refresh and one retry on a 401. Loaded on a client's first network call, not with the page.
 */
export function createTransport(config: ApiClientConfig): Transport {
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
    const business = chosenBusinessId();
    if (token && business) request.headers.set(BUSINESS_HEADER, business);
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
    async send(request) {
      try {
        const response = await http.request<unknown>({
          method: request.method,
          url: request.url,
          params: request.query,
          data: request.body === undefined ? undefined : JSON.stringify(request.body),
          headers: request.headers,
          signal: request.signal,
        });
        return { status: response.status, text: response.data };
      } catch (error) {
        throw toApiError(error);
      }
    },
  };
}
