import '../subscription.css';
import { Suspense, lazy, useEffect } from 'react';
import { Link } from 'react-router';
import { paymentSetupErrorMessage, PLANS, SubscriptionMessages } from '@slotwise/contracts';
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

// Stripe.js and its React bindings load only here, after the secret is known: nothing else pays.
const PaymentForm = lazy(() => import('./PaymentForm'));

const SETTING_UP = 'Setting up your subscription...';

/** /subscribe (spec section 2): spinner, then the Payment Element or 'Unable to Process Payment'. */
export default function SubscribePage() {
  useDocumentTitle('Upgrade to Professional');
  const setup = usePaymentSetup();
  // Already Professional (a paid or complimentary plan): nothing to pay, and not an error.
  const alreadyPro = setup.error?.message === SubscriptionMessages.alreadySubscribed;
  const message =
    setup.isError && !alreadyPro ? paymentSetupErrorMessage(setup.error.message) : null;

  useEffect(() => {
    if (message)
      toast({ title: 'Configuration Error', description: message, variant: 'destructive' });
  }, [message]);

  if (setup.isPending) return <LoadingState title={SETTING_UP} />;
  if (alreadyPro) {
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
  if (setup.isError) {
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
        {setup.error.message || message}
      </StatusPage>
    );
  }

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
