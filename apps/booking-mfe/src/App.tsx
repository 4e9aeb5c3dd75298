import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { type RemoteAppProps } from '@slotwise/contracts';
import { LoadingState, RemoteRoot } from '@slotwise/ui';
import { BUILD_ID, REMOTE_NAME } from './build-info';

// Each page is its own chunk: the shell loads only the one the visitor opened.
const DirectoryPage = lazy(() => import('./features/directory/DirectoryPage'));
const BookingPage = lazy(() => import('./features/booking/components/BookingPage'));
const CancelPage = lazy(() => import('./features/self-service/CancelPage'));
const ReschedulePage = lazy(() => import('./features/self-service/ReschedulePage'));

export default function App(_props: RemoteAppProps) {
  return (
    <RemoteRoot name={REMOTE_NAME} buildId={BUILD_ID}>
      <Suspense fallback={<LoadingState title="Loading" />}>
        <Routes>
          <Route path="partners" element={<DirectoryPage />} />
          <Route path="book/:businessSlug" element={<BookingPage />} />
          <Route path="cancel" element={<CancelPage />} />
          <Route path="reschedule" element={<ReschedulePage />} />
        </Routes>
      </Suspense>
    </RemoteRoot>
  );
}
