import { type Business, type PaymentsStatus } from '@slotwise/contracts';
import { Alert, Badge, Button, QueryState, Skeleton, toast } from '@slotwise/ui';
import { SectionCard } from '../../owner';
import { useConnectStripe, usePaymentsStatus } from '../api';
import '../payments.css';
import { requirementList } from '../payment-text';

/**
 * Settings → Payments: the business's Stripe account. Clients can be asked for deposits or a card
 * only once Stripe says charges are enabled (its `account.updated` webhook sets the state).
 */
export function PaymentsCard({
  business,
  poll,
}: {
  business: Business;
  /** Re-read every `poll` ms (just back from Stripe's onboarding, waiting for its webhook). */
  poll?: number | false;
}) {
  const status = usePaymentsStatus(business.id, { poll });
  return (
    <SectionCard
      id="payments-account-title"
      title="Payments"
      description="Take deposits or hold a card for no-shows, paid out to your own Stripe account."
    >
      <QueryState
        query={status}
        errorTitle="Could not load your payments set-up"
        loading={
          <div className="sw-stack" aria-busy="true" aria-label="Loading payments">
            <Skeleton height={20} width="50%" />
            <Skeleton height={44} width={200} />
          </div>
        }
      >
        {(s) => <AccountState businessId={business.id} status={s} />}
      </QueryState>
    </SectionCard>
  );
}

function ConnectButton({ businessId, label }: { businessId: number; label: string }) {
  const connect = useConnectStripe(businessId);
  return (
    <div>
      <Button
        loading={connect.isPending || connect.isSuccess}
        onClick={() =>
          connect.mutate(undefined, {
            onError: (error) =>
              toast({
                title: 'Could not open Stripe',
                description: error.message || 'Please try again in a moment.',
                variant: 'destructive',
              }),
          })
        }
      >
        {connect.isPending || connect.isSuccess ? 'Opening Stripe…' : label}
      </Button>
    </div>
  );
}

function AccountState({ businessId, status }: { businessId: number; status: PaymentsStatus }) {
  switch (status.state) {
    case 'not_configured':
      return (
        <Alert variant="info" title="Payments are not set up on this server">
          Bookings work as before, without deposits or cards. Whoever runs this server can add
          Stripe keys to turn payments on.
        </Alert>
      );
    case 'not_connected':
      return (
        <>
          <p className="dash-muted">
            Stripe pays the money straight into your bank account. Setting up takes a few minutes:
            your business details, your identity and a bank account for payouts.
          </p>
          <ConnectButton businessId={businessId} label="Connect with Stripe" />
        </>
      );
    case 'onboarding': {
      const needs = requirementList(status.requirements);
      return (
        <>
          <p className="dash-status" data-testid="payments-state">
            <Badge variant="warning">Set-up not finished</Badge>
          </p>
          {needs.length > 0 ? (
            <div>
              <p>Stripe still needs:</p>
              <ul className="dash-features" aria-label="What Stripe still needs">
                {needs.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="dash-muted">
              Stripe is checking your details. This page updates when Stripe tells us it is done.
            </p>
          )}
          <ConnectButton businessId={businessId} label="Continue Stripe set-up" />
        </>
      );
    }
    case 'enabled':
      return (
        <>
          <p className="dash-status" data-testid="payments-state">
            <Badge variant="success">Charges enabled</Badge>
            {!status.payoutsEnabled && <Badge variant="warning">Payouts not enabled yet</Badge>}
          </p>
          <p className="dash-muted">
            Stripe account {status.accountId}.{' '}
            {status.platformFeePercent > 0
              ? `Slotwise keeps ${status.platformFeePercent}% of each charge.`
              : 'Slotwise takes no fee from your charges.'}
          </p>
        </>
      );
  }
}
