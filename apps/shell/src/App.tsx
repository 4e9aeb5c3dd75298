import { Suspense, lazy, useMemo } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { type RemoteAppProps } from '@slotwise/contracts';
import { Spinner } from '@slotwise/ui';
import { AppLayout } from './layout/AppLayout';
import { PendingArea, RemoteArea, UnavailableArea } from './federation/RemoteArea';
import { useRemotesStore } from './federation/remotes-store';
import { NotFoundPage } from './pages/NotFoundPage';
import { resolveArea } from './routing/areas';
import { refreshSession, useSessionState } from './session/session-store';
import { useSignOut } from './session/useSignOut';
import { showToast } from './toast/toast-store';

// Owner-only pages load on demand so the public pages (the phone budget of /book) never pay for them.
const AuthPage = lazy(() => import('./pages/auth/AuthPage'));
const VerifyEmailPage = lazy(() => import('./pages/VerifyEmailPage'));
const ForgotPasswordPage = lazy(() => import('./pages/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./pages/auth/ResetPasswordPage'));
const JoinPage = lazy(() => import('./pages/auth/JoinPage'));
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
  const config = useRemotesStore((s) => s.config);
  const remotes = useRemotesStore((s) => s.remotes);
  const apiBaseUrl = useRemotesStore((s) => s.apiBaseUrl) ?? '';
  const area = resolveArea(pathname, { config, remotes });
  const { status, session } = useSessionState();
  const signOut = useSignOut();
  const remoteProps = useMemo<RemoteAppProps>(
    () => ({
      basePath: '',
      apiBaseUrl,
      session,
      sessionStatus: status,
      refreshSession,
      signOut,
      notify: showToast,
    }),
    [apiBaseUrl, session, status, signOut],
  );

  switch (area.kind) {
    case 'loading':
      return <PendingArea />;
    case 'unavailable':
      return <UnavailableArea remotes={area.remotes} />;
    case 'not-found':
      return <NotFoundPage />;
    case 'shell':
      return (
        <Suspense fallback={<PageLoading />}>
          {area.page === 'auth' && (status === 'loading' ? <PageLoading /> : <AuthPage />)}
          {area.page === 'verify-email' && <VerifyEmailPage />}
          {area.page === 'forgot-password' && <ForgotPasswordPage />}
          {area.page === 'reset-password' && <ResetPasswordPage />}
          {area.page === 'dev-outbox' && <DevOutboxPage />}
          {area.page === 'join' && <JoinPage />}
        </Suspense>
      );
    case 'remote':
      // Pages for signed-in owners only: visitors sign in first and come back here.
      if (area.ownerOnly && status === 'loading') {
        return <PageLoading label="Checking your session…" />;
      }
      if (area.ownerOnly && status === 'signed-out') {
        return <Navigate to="/auth" replace state={{ from: `${pathname}${search}` }} />;
      }
      return <RemoteArea key={area.name} name={area.name} props={remoteProps} />;
  }
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
