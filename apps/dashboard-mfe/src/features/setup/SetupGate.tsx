import { type ReactNode, Suspense, lazy, useState } from 'react';
import { type Business } from '@slotwise/contracts';
import { Page, Skeleton } from '@slotwise/ui';
import { useSetupData } from './api';
import {
  markSetupInProgress,
  setupComplete,
  setupInProgress,
  setupProgress,
  setupSkipped,
  skipSetup,
} from './setup';

// Only new owners see it: its forms are not part of the dashboard's download.
const FirstRunSetup = lazy(() => import('./FirstRunSetup'));

function SetupLoading() {
  return (
    <Page>
      <div className="sw-stack" role="status" aria-live="polite">
        <span className="sw-visually-hidden">Loading your business…</span>
        <Skeleton width="40%" height={32} />
        <Skeleton height={220} radius={14} />
      </div>
    </Page>
  );
}

/**
 * The dashboard, or first the short setup while the business still has the default name, no
 * active service or no open day. Once opened, the setup stays until the owner leaves it (its last
 * screen shows the booking link); "Skip for now" leaves it for the rest of the tab's session.
 * Reopened where it was after a reload until the owner confirms the hours (setupInProgress).
 */
export function SetupGate({ business, children }: { business: Business; children: ReactNode }) {
  const [open, setOpen] = useState(() => setupInProgress(business.id));
  const [left, setLeft] = useState(() => setupSkipped(business.id));
  // A published business has all three: no need to ask for its services and hours.
  const known = business.published === true && !open;
  const { services, hours } = useSetupData(business.id, !known && !left);

  if (known || left) return <>{children}</>;
  // Reopened after a reload: the steps start from the lists, so wait for them (the hours step
  // offers to keep the hours only if it knows there are some).
  if (open && !services.isError && !hours.isError && (!services.data || !hours.data)) {
    return <SetupLoading />;
  }
  if (!open) {
    // A failed list leaves the dashboard usable rather than guess where the setup should start.
    if (services.isError || hours.isError) return <>{children}</>;
    if (!services.data || !hours.data) return <SetupLoading />;
    if (setupComplete(setupProgress(business, services.data, hours.data))) return <>{children}</>;
    // Adjusting state while rendering: once open, the setup stays until the owner leaves it.
    setOpen(true);
  }

  return (
    <Suspense fallback={<SetupLoading />}>
      <FirstRunSetup
        business={business}
        services={services.data ?? []}
        hours={hours.data ?? []}
        onSkip={() => {
          // Left on purpose: a later visit goes by what the business has, not back to the step.
          markSetupInProgress(business.id, false);
          skipSetup(business.id);
          setLeft(true);
        }}
        onDone={() => {
          markSetupInProgress(business.id, false);
          setLeft(true);
        }}
      />
    </Suspense>
  );
}
