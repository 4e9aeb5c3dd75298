import '../subscription.css';
import { Suspense, lazy, useEffect } from 'react';
import { Link } from 'react-router';
import { PLANS, SubscriptionMessages } from '@slotwise/contracts';
import {
  Button,
  Card,
  CardBody,
  CardHeader,
  LoadingState,
  Page,
  PageHeader,
  StatusPage,
  buttonClassName,
  toast,
  useDocumentTitle,
} from '@slotwise/ui';
import { usePaymentSetup } from '../api';
import { setupFailure } from '../setup-failure';

// Stripe.js and its React bindings load only here, after the secret is known: nothing else pays.
const PaymentForm = lazy(() => import('./PaymentForm'));

const SETTING_UP = 'Setting up your subscription...';

/** /subscribe: spinner, then the Payment Element or 'Unable to Process Payment'. */
export default function SubscribePage() {
  useDocumentTitle('Upgrade to Professional');
  const setup = usePaymentSetup();
  const failure = setup.isError ? setupFailure(setup.error) : null;
  const message = failure?.kind === 'failed' ? failure.toast : null;

  useEffect(() => {
    if (message)
      toast({ title: 'Configuration Error', description: message, variant: 'destructive' });
  }, [message]);

  if (setup.isPending) return <LoadingState title={SETTING_UP} />;
  if (failure?.kind === 'already-subscribed') {
    return (
      <StatusPage
        title="You're on the Professional plan"
        actions={
          <Link to="/settings?tab=subscription" className={buttonClassName()}>
            View your plan
          </Link>
        }
      >
        {SubscriptionMessages.alreadySubscribed}
      </StatusPage>
    );
  }
  if (failure) {
    return (
      <StatusPage
        title="Unable to Process Payment"
        actions={
          <>
            <Button onClick={() => window.location.reload()}>Try Again</Button>
            <Link
              to="/settings?tab=subscription"
              className={buttonClassName({ variant: 'secondary' })}
            >
              View your plan
            </Link>
          </>
        }
      >
        {failure.detail}
      </StatusPage>
    );
  }

  if (!setup.isSuccess) return null;

  const pro = PLANS.professional;
  return (
    <Page narrow className="dash-page">
      <PageHeader
        title="Upgrade to Professional"
        description={`Up to ${pro.maxStaff} staff members, ${pro.maxActiveServices} active services and SMS reminders for your customers.`}
      />
      <Card as="section">
        <CardBody className="dash-subscribe">
          <CardHeader
            title="Complete Your Subscription"
            description="Pay by card, Apple Pay, Google Pay or Link. Cancel any time; you keep Professional until the end of the period you paid for."
          />
          <Suspense fallback={<LoadingState title={SETTING_UP} />}>
            <PaymentForm
              clientSecret={setup.data.clientSecret}
              publishableKey={setup.data.publishableKey}
            />
          </Suspense>
        </CardBody>
      </Card>
    </Page>
  );
}
