import { Suspense, lazy, useLayoutEffect, useState } from 'react';
import { Route, Routes } from 'react-router';
import { type ApiClient, ApiClientProvider, createApiClient } from '@slotwise/api-client';
import { type RemoteAppProps } from '@slotwise/contracts';
import { LoadingState, RemoteRoot, remotePages } from '@slotwise/ui';
import { BUILD_ID, REMOTE_NAME } from './build-info';
import ROUTES from './routes.json';

// Each page is its own chunk: the shell loads only the one the visitor opened.
const DirectoryPage = lazy(() => import('./features/directory/DirectoryPage'));
const BookingPage = lazy(() => import('./features/booking/components/BookingPage'));
const CancelPage = lazy(() => import('./features/self-service/CancelPage'));
const ReschedulePage = lazy(() => import('./features/self-service/ReschedulePage'));

/**
 * The API client of one mount, at the API address the shell gives. Requests read the newest props
 * (a refreshed token), even from a call started before the refresh.
 */
function remoteApiClient(initial: RemoteAppProps): {
  client: ApiClient;
  update: (props: RemoteAppProps) => void;
} {
  let props = initial;
  const client = createApiClient({
    baseUrl: initial.apiBaseUrl,
    getAccessToken: () => props.session?.accessToken ?? null,
    refreshSession: () => props.refreshSession(),
  });
  return {
    client,
    update: (next) => {
      props = next;
    },
  };
}

export default function App(props: RemoteAppProps) {
  const [api] = useState(() => remoteApiClient(props));
  useLayoutEffect(() => api.update(props));
  return (
    <RemoteRoot name={REMOTE_NAME} buildId={BUILD_ID} notify={props.notify}>
      <ApiClientProvider client={api.client}>
        <Suspense fallback={<LoadingState title="Loading" />}>
          {/* routes.json is also published to the shell (mf-manifest.json): one list for both. */}
          <Routes>
            {remotePages(ROUTES, {
              directory: <DirectoryPage />,
              booking: <BookingPage />,
              cancel: <CancelPage />,
              reschedule: <ReschedulePage />,
            }).map((page) => (
              <Route key={page.key} path={page.path} element={page.element} />
            ))}
          </Routes>
        </Suspense>
      </ApiClientProvider>
    </RemoteRoot>
  );
}
