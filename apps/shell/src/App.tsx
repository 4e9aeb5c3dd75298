import { Suspense, lazy, useMemo } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { type RemoteAppProps } from '@slotwise/contracts';
import { Spinner } from '@slotwise/ui';
import { AppLayout } from './layout/AppLayout';
import { RemoteArea } from './federation/RemoteArea';
import { NotFoundPage } from './pages/NotFoundPage';
import { areaForPath, isProtectedArea } from './routing/areas';
import { refreshSession, useSessionState } from './session/session-store';
import { useSignOut } from './session/useSignOut';

// Owner-only pages load on demand so the public pages (the phone budget of /book) never pay for them.
const AuthPage = lazy(() => import('./pages/auth/AuthPage'));
const VerifyEmailPage = lazy(() => import('./pages/VerifyEmailPage'));
const DevOutboxPage = lazy(() => import('./pages/DevOutboxPage'));

function PageLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="shell-page-loading" role="status" aria-live="polite">
      <Spinner size="lg" />
      <span className="sw-visually-hidden">{label}</span>
    </div>
  );
}

/** Picks the app that owns the current path; remotes render their own <Routes> below. */
function AreaSwitch() {
  const { pathname, search } = useLocation();
  const area = areaForPath(pathname);
  const { status, session } = useSessionState();
  const signOut = useSignOut();
  const remoteProps = useMemo<RemoteAppProps>(
    () => ({
      basePath: '',
      apiBaseUrl: '',
      session,
      sessionStatus: status,
      refreshSession,
      signOut,
    }),
    [session, status, signOut],
  );

  if (isProtectedArea(area)) {
    if (status === 'loading') return <PageLoading label="Checking your session…" />;
    if (status === 'signed-out') {
      return <Navigate to="/auth" replace state={{ from: `${pathname}${search}` }} />;
    }
  }
  if (area === 'not-found') return <NotFoundPage />;

  if (area === 'auth' || area === 'verify-email' || area === 'dev-outbox') {
    return (
      <Suspense fallback={<PageLoading />}>
        {area === 'auth' && (status === 'loading' ? <PageLoading /> : <AuthPage />)}
        {area === 'verify-email' && <VerifyEmailPage />}
        {area === 'dev-outbox' && <DevOutboxPage />}
      </Suspense>
    );
  }
  return <RemoteArea key={area} name={area} props={remoteProps} />;
}

export function App() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {/* A splat at the root gives remotes the full pathname to match. */}
        <Route path="*" element={<AreaSwitch />} />
      </Route>
    </Routes>
  );
}
