import { useState } from 'react';
import { Link } from 'react-router';
import {
  type Business,
  formatDate,
  formatPrice,
  PLANS,
  planFeatures,
  type SubscriptionPlan,
  type SubscriptionStatus,
} from '@slotwise/contracts';
import {
  Alert,
  Badge,
  type BadgeVariant,
  Button,
  Card,
  CardBody,
  buttonClassName,
  toast,
  QueryState,
} from '@slotwise/ui';
import { SectionHead, StatusLine } from '../../owner';
import { useSubscriptionChange, useSubscriptionStatus } from '../api';
import { CancelSubscriptionDialog } from './CancelSubscriptionDialog';
import { PausedByPlanNotice } from './PausedByPlanNotice';

/**
 * The plan's features as the pricing page lists them (one list, from the plan catalogue), so the
 * card says exactly what the API enforces and never less than the pricing page promised.
 */
const features = (plan: SubscriptionPlan): string[] => planFeatures(PLANS[plan]);

/** Subscriptions that still run (billing continues or is being retried) show the Professional view. */
const RUNNING = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);

const BADGES: Record<string, { label: string; variant: BadgeVariant }> = {
  active: { label: 'Active', variant: 'success' },
  trialing: { label: 'Trial', variant: 'info' },
  past_due: { label: 'Past due', variant: 'danger' },
  unpaid: { label: 'Unpaid', variant: 'danger' },
  paused: { label: 'Paused', variant: 'warning' },
};

function FeatureList({ plan }: { plan: SubscriptionPlan }) {
  return (
    <ul className="dash-features">
      {features(plan).map((feature) => (
        <li key={feature}>{feature}</li>
      ))}
    </ul>
  );
}

function FreePlan({ status }: { status: SubscriptionStatus }) {
  return (
    <>
      <SectionHead title="Free Plan" description="Free forever for small businesses">
        <Badge>Current plan</Badge>
      </SectionHead>
      {status.status === 'canceled' && status.currentPeriodEnd !== null && (
        <p className="dash-muted">Your Professional subscription has ended.</p>
      )}
      <FeatureList plan="free" />
      <div>
        <Link to="/pricing" className={buttonClassName()}>
          Upgrade to Professional
        </Link>
      </div>
    </>
  );
}

function ProfessionalPlan({
  status,
  business,
}: {
  status: SubscriptionStatus;
  business: Business;
}) {
  const timeZone = business.timeZone;
  const change = useSubscriptionChange();
  // Cancelling asks first, saying what the Free plan will pause.
  const [confirming, setConfirming] = useState(false);
  const badge = status.cancelAtPeriodEnd
    ? { label: 'Cancels at period end', variant: 'warning' as const }
    : (BADGES[status.status] ?? { label: status.status, variant: 'neutral' as const });
  const date =
    status.currentPeriodEnd !== null
      ? formatDate(new Date(status.currentPeriodEnd * 1000), timeZone)
      : null;

  const cancel = () =>
    change.mutate('cancel', {
      onSuccess: () => {
        setConfirming(false);
        toast({
          title: 'Subscription Cancelled',
          description: date
            ? `You keep Professional until ${date}; it will not renew.`
            : 'Your subscription will not renew.',
          variant: 'success',
        });
      },
      onError: (e) =>
        toast({ title: 'Cancellation Failed', description: e.message, variant: 'destructive' }),
    });
  const reactivate = () =>
    change.mutate('reactivate', {
      onSuccess: () =>
        toast({
          title: 'Subscription Reactivated',
          description: date
            ? `Your Professional plan renews on ${date}.`
            : 'Your Professional plan will renew.',
          variant: 'success',
        }),
      onError: (e) =>
        toast({ title: 'Reactivation Failed', description: e.message, variant: 'destructive' }),
    });

  return (
    <>
      <SectionHead
        title="Professional Plan"
        description={
          status.complimentary
            ? 'Complimentary: nothing to bill'
            : `${formatPrice(PLANS.professional.monthlyPriceCents)} per month`
        }
      >
        <Badge variant={badge.variant} data-testid="subscription-status">
          {badge.label}
        </Badge>
      </SectionHead>
      {(status.status === 'past_due' || status.status === 'unpaid') && (
        <Alert variant="warning" title="Payment failed">
          Your last payment didn&apos;t go through. Stripe retries it automatically; until it
          succeeds your business has the Free plan&apos;s limits.
        </Alert>
      )}
      <FeatureList plan="professional" />
      {date && (
        <p className="dash-billing-date">
          {status.cancelAtPeriodEnd ? 'Subscription ends on' : 'Next billing date'}:{' '}
          <strong>{date}</strong>
        </p>
      )}
      {!status.complimentary && (
        <div>
          {status.cancelAtPeriodEnd ? (
            <Button onClick={reactivate} loading={change.isPending}>
              Reactivate Subscription
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Cancel Subscription
            </Button>
          )}
        </div>
      )}
      <CancelSubscriptionDialog
        open={confirming}
        onOpenChange={setConfirming}
        businessId={business.id}
        endDate={date}
        busy={change.isPending}
        onConfirm={cancel}
      />
    </>
  );
}

/** Settings → Subscription: the Free or Professional view from the live status. */
export function SubscriptionCard({ business }: { business: Business }) {
  const status = useSubscriptionStatus();
  return (
    <Card as="section">
      <CardBody className="sw-stack">
        <QueryState
          query={status}
          loading={<StatusLine>Loading subscription details...</StatusLine>}
          errorTitle="Could not load your subscription"
        >
          {(current) => (
            <>
              <PausedByPlanNotice status={current} />
              {current.complimentary || RUNNING.has(current.status) ? (
                <ProfessionalPlan status={current} business={business} />
              ) : (
                <FreePlan status={current} />
              )}
            </>
          )}
        </QueryState>
      </CardBody>
    </Card>
  );
}
