import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RemoteApiClientProvider } from '@slotwise/api-client';
import { type RemoteAppProps } from '@slotwise/contracts';
import { LoadingState, RemoteRoot, remotePages } from '@slotwise/ui';
import { BUILD_ID, REMOTE_NAME } from './build-info';
import ROUTES from './routes.json';

// Each page is its own chunk, named page-<its routes.json key> so the manifest can list each
// page's files (apps/rspack.base.mjs) for the gateway to preload: the shell loads only the one
// the visitor opened.
const DirectoryPage = lazy(
  () => import(/* webpackChunkName: "page-directory" */ './features/directory/DirectoryPage'),
);
const BookingPage = lazy(
  () => import(/* webpackChunkName: "page-booking" */ './features/booking/components/BookingPage'),
);
// The booking widget's page: the same wizard without the site's chrome, in a host page's iframe.
const EmbedPage = lazy(
  () => import(/* webpackChunkName: "page-embed" */ './features/booking/components/EmbedPage'),
);
const CancelPage = lazy(
  () => import(/* webpackChunkName: "page-cancel" */ './features/self-service/CancelPage'),
);
const ReschedulePage = lazy(
  () => import(/* webpackChunkName: "page-reschedule" */ './features/self-service/ReschedulePage'),
);

const PayFeePage = lazy(
  () => import(/* webpackChunkName: "page-payFee" */ './features/self-service/PayFeePage'),
);

export default function App(props: RemoteAppProps) {
  return (
    <RemoteRoot name={REMOTE_NAME} buildId={BUILD_ID} notify={props.notify}>
      <RemoteApiClientProvider props={props}>
        <Suspense fallback={<LoadingState title="Loading" />}>
          {/* routes.json is also published to the shell (mf-manifest.json): one list for both. */}
          <Routes>
            {remotePages(ROUTES, {
              directory: <DirectoryPage />,
              booking: <BookingPage />,
              embed: <EmbedPage />,
              cancel: <CancelPage />,
              reschedule: <ReschedulePage />,
              payFee: <PayFeePage />,
            }).map((page) => (
              <Route key={page.key} path={page.path} element={page.element} />
            ))}
          </Routes>
        </Suspense>
      </RemoteApiClientProvider>
    </RemoteRoot>
  );
}
