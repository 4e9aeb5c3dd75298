import { type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ApiClientProvider } from '@slotwise/api-client';
import { QUERY_DEFAULTS } from '@slotwise/ui';
import { type Handler, fakeApi } from './fake-api';

/** Renders a screen with a fresh query cache and the fake API answering `routes`. */
export function renderWithApi(ui: ReactNode, routes: Record<string, Handler>) {
  const api = fakeApi(routes);
  const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={api.client}>{ui}</ApiClientProvider>
    </QueryClientProvider>,
  );
  return { api, queryClient, ...view };
}
