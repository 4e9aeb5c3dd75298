import './dashboard.css';
import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { type OwnerSession, type RemoteAppProps } from '@slotwise/contracts';
import { LoadingState, RemoteRoot, remotePages } from '@slotwise/ui';
import { BUILD_ID, REMOTE_NAME } from './build-info';
import { OwnerProvider } from './features/owner';
import ROUTES from './routes.json';

const DashboardPage = lazy(() =>
  import('./features/dashboard').then((m) => ({ default: m.DashboardPage })),
);
const SettingsPage = lazy(() =>
  import('./features/settings').then((m) => ({ default: m.SettingsPage })),
);
const SubscribePage = lazy(() =>
  import('./features/subscription').then((m) => ({ default: m.SubscribePage })),
);
const ReportsPage = lazy(() =>
  import('./features/reports').then((m) => ({ default: m.ReportsPage })),
);
const PaymentsPage = lazy(() =>
  import('./features/payments').then((m) => ({ default: m.PaymentsPage })),
);
const PaymentsOnboardingPage = lazy(() =>
  import('./features/payments').then((m) => ({ default: m.PaymentsOnboardingPage })),
);
const EmailTestPage = lazy(() =>
  import('./features/testing-tools').then((m) => ({ default: m.EmailTestPage })),
);
const SmsTestPage = lazy(() =>
  import('./features/testing-tools').then((m) => ({ default: m.SmsTestPage })),
);

export default function App(props: RemoteAppProps) {
  const { session } = props;
  return (
    <RemoteRoot name={REMOTE_NAME} buildId={BUILD_ID} notify={props.notify}>
      {/* The shell renders this area only for a signed-in owner; the check keeps types honest. */}
      {session ? (
        <OwnerProvider props={{ ...props, session: session satisfies OwnerSession }}>
          <Suspense fallback={<LoadingState title="Loading" />}>
            {/* routes.json is also published to the shell (mf-manifest.json): one list for both. */}
            <Routes>
              {remotePages(ROUTES, {
                dashboard: <DashboardPage />,
                settings: <SettingsPage />,
                reports: <ReportsPage />,
                payments: <PaymentsPage />,
                paymentsOnboarding: <PaymentsOnboardingPage />,
                emailTest: <EmailTestPage />,
                smsTest: <SmsTestPage />,
                subscribe: <SubscribePage />,
              }).map((page) => (
                <Route key={page.key} path={page.path} element={page.element} />
              ))}
            </Routes>
          </Suspense>
        </OwnerProvider>
      ) : (
        <LoadingState title="Checking your session…" />
      )}
    </RemoteRoot>
  );
}
