import { type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { ApiClientProvider, createApiClient } from '@slotwise/api-client';
import { type ToastMessage } from '@slotwise/contracts';
import { QUERY_DEFAULTS, RemoteRoot } from '@slotwise/ui';
import { type FakeApi } from './fake-api';

export interface RenderOptions {
  api: FakeApi;
  /** The URL the router starts at. */
  url?: string;
  /** The route pattern `ui` is mounted at (for useParams); by default every path. */
  route?: string;
}

/**
 * Renders `ui` as the shell and the remote's App do: a query client with the shell's defaults,
 * the remote's root (toasts go to `notify`), the API client (over the fake API) and a router.
 */
export function renderWithApp(
  ui: ReactElement,
  { api, url = '/page', route = '*' }: RenderOptions,
) {
  const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  const client = createApiClient({ baseUrl: '', adapter: api.adapter });
  const notify = vi.fn<(toast: ToastMessage) => void>();
  const wrap = (node: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <RemoteRoot name="booking" buildId="test" notify={notify}>
        <ApiClientProvider client={client}>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path={route} element={node} />
              <Route path="/" element={<p>Home page</p>} />
            </Routes>
          </MemoryRouter>
        </ApiClientProvider>
      </RemoteRoot>
    </QueryClientProvider>
  );
  const result = render(wrap(ui));
  return {
    ...result,
    queryClient,
    notify,
    /** The toasts shown so far, as 'title: description'. */
    toasts: () => notify.mock.calls.map(([t]) => `${t.title}: ${t.description ?? ''}`),
    rerenderWith: (next: ReactElement) => result.rerender(wrap(next)),
  };
}
