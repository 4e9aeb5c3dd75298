import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type Business } from '@slotwise/contracts';
import {
  Alert,
  ArrowLeftIcon,
  LoadingState,
  Page,
  PageHeader,
  buttonClassName,
  useDocumentTitle,
} from '@slotwise/ui';
import { BusinessGate } from '../../owner';
import { useConnectStripe, usePaymentsStatus } from '../api';
import { PaymentPolicyCard } from './PaymentPolicyCard';
import { PaymentsCard } from './PaymentsCard';
import '../payments.css';

/**
 * Where Stripe's onboarding sends the owner back (PAYMENTS_SETTINGS_PATH): `?stripe=return` shows
 * the account while Stripe's `account.updated` webhook arrives; `?stripe=refresh` (the link
 * expired) asks for a new Account Link and goes straight back to Stripe.
 */
export default function PaymentsOnboardingPage() {
  useDocumentTitle('Payments set-up');
  const [params] = useSearchParams();
  const refresh = params.get('stripe') === 'refresh';
  return (
    <BusinessGate>
      {(business) =>
        refresh ? <BackToStripe business={business} /> : <Returned business={business} />
      }
    </BusinessGate>
  );
}

function BackToStripe({ business }: { business: Business }) {
  const connect = useConnectStripe(business.id);
  const asked = useRef(false);
  useEffect(() => {
    // Once: React's development double effects or a re-render must not ask Stripe twice.
    if (asked.current) return;
    asked.current = true;
    connect.mutate();
  }, [connect]);
  if (connect.isError) {
    return (
      <Page narrow className="dash-page">
        <Alert variant="danger" title="Could not reopen Stripe">
          {connect.error.message}{' '}
          <Link to="/settings?tab=payments">Back to Settings → Payments</Link>
        </Alert>
      </Page>
    );
  }
  return <LoadingState title="Taking you back to Stripe…" />;
}

function Returned({ business }: { business: Business }) {
  const status = usePaymentsStatus(business.id);
  // Stripe's webhook may land a moment after the owner: look again until it has.
  const waiting = status.data?.state === 'onboarding' || status.data?.state === 'not_connected';
  return (
    <Page narrow className="dash-page">
      <Link to="/settings?tab=payments" className="dash-back">
        <ArrowLeftIcon width={16} height={16} />
        Back to Settings
      </Link>
      <PageHeader
        title="Payments set-up"
        description={
          status.data?.state === 'enabled'
            ? 'Stripe has enabled charges: choose what clients are asked for.'
            : 'Back from Stripe. This page updates when Stripe tells us your account is ready.'
        }
      />
      <div className="sw-stack">
        <PaymentsCard business={business} poll={waiting ? 3000 : false} />
        {status.data?.state === 'enabled' && <PaymentPolicyCard business={business} />}
        {status.data?.state === 'enabled' && (
          <div className="sw-row sw-row--end">
            <Link to="/settings?tab=payments" className={buttonClassName({ variant: 'secondary' })}>
              Done
            </Link>
          </div>
        )}
      </div>
    </Page>
  );
}
