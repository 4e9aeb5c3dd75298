// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import axios from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RemoteAppProps } from '@slotwise/contracts';
import { QUERY_DEFAULTS } from '@slotwise/ui';
import { fakeApi } from './testing/fake-api';
import { business } from './testing/fixtures';

import App from './App';

// App builds its own client from its props; axios's default transport is where the fake API
// answers it (every axios instance starts from these defaults).
const api = { current: null as ReturnType<typeof fakeApi> | null };
const realAdapter = axios.defaults.adapter;
function answerWith(routes: Parameters<typeof fakeApi>[0]) {
  api.current = fakeApi(routes);
  axios.defaults.adapter = api.current.adapter;
}
afterEach(() => {
  axios.defaults.adapter = realAdapter;
});

function props(overrides: Partial<RemoteAppProps> = {}): RemoteAppProps {
  return {
    basePath: '',
    apiBaseUrl: 'https://api.slotwise.test',
    session: null,
    sessionStatus: 'signed-out',
    refreshSession: async () => null,
    signOut: async () => undefined,
    notify: () => undefined,
    ...overrides,
  };
}

function renderApp(appProps: RemoteAppProps, url = '/partners') {
  const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  const ui = (p: RemoteAppProps) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <App {...p} />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const view = render(ui(appProps));
  return { ...view, queryClient, rerenderWith: (p: RemoteAppProps) => view.rerender(ui(p)) };
}

describe('App', () => {
  it('calls the API at the address the shell gives', async () => {
    answerWith({ 'GET /api/businesses': { body: [business] } });
    renderApp(props());
    expect(await screen.findByRole('heading', { name: 'Harbour Hair Studio' })).toBeTruthy();
    expect(api.current!.seen[0]).toMatchObject({
      baseUrl: 'https://api.slotwise.test',
      path: '/api/businesses',
    });
    expect(api.current!.seen[0]!.headers.Authorization).toBeUndefined();
  });

  it("sends the shell's newest token, and asks the shell to refresh it on a 401", async () => {
    let calls = 0;
    answerWith({
      'GET /api/businesses': () =>
        ++calls === 2
          ? {
              status: 401,
              body: { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' },
            }
          : { body: [business] },
    });
    const user = { id: 'u1', email: 'owner@example.com' };
    const refreshSession = vi.fn(async () => 'fresh');
    const first = props({ session: { accessToken: 'one', user }, refreshSession });
    const view = renderApp(first);
    await screen.findByRole('heading', { name: 'Harbour Hair Studio' });

    // The shell refreshed the session meanwhile: the next request carries the new token.
    view.rerenderWith({ ...first, session: { accessToken: 'two', user } });
    await view.queryClient.refetchQueries({ queryKey: ['businesses'] });
    await waitFor(() => expect(api.current!.seen).toHaveLength(3));
    expect(api.current!.seen.map((r) => r.headers.Authorization)).toEqual([
      'Bearer one',
      'Bearer two',
      'Bearer fresh',
    ]);
    expect(refreshSession).toHaveBeenCalledTimes(1);
  });

  it("sends its toasts to the shell's notification region", async () => {
    answerWith({
      'GET /api/businesses': {
        status: 503,
        body: { statusCode: 503, error: 'Service Unavailable', message: 'Down' },
      },
    });
    const notify = vi.fn();
    renderApp(props({ notify }));
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(notify).toHaveBeenCalledWith({
      title: 'Error',
      description: 'Failed to load businesses. Please try again later.',
      variant: 'destructive',
    });
  });
});
