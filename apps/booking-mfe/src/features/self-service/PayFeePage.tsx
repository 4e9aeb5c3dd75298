import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { NO_CACHE_HEADERS, useApiClient } from '@slotwise/api-client';
import { type FeePayment, PaymentMessages, apiRoutes, formatPrice } from '@slotwise/contracts';
import { Alert, Card, CardBody, LoadingState, Spinner } from '@slotwise/ui';
import { StripePaymentForm } from '../payment';
import { selfServiceErrorMessage } from './api';
import { SelfServiceLayout, formatStart } from './SelfServiceLayout';

const FEE_NAMES: Record<FeePayment['kind'], string> = {
  late_cancellation_fee: 'late cancellation fee',
  no_show_fee: 'no-show fee',
};

/**
 * The pay link sent when Stripe could not take a fee without the client (their bank asked them to
 * approve it): the fee, then Stripe's Payment Element; 'paid' only once Stripe's webhook says so.
 */
export default function PayFeePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const api = useApiClient();
  const [submitted, setSubmitted] = useState(false);
  const fee = useQuery({
    queryKey: ['pay-fee', token],
    enabled: !!token,
    retry: false,
    queryFn: ({ signal }) =>
      api.request(apiRoutes.payments.feePayment, {
        query: { token: token ?? '' },
        headers: NO_CACHE_HEADERS,
        signal,
      }),
    // After the card is confirmed, wait for Stripe's webhook to mark the fee paid.
    refetchInterval: (q) => (submitted && q.state.data?.state !== 'succeeded' ? 2000 : false),
  });

  let body;
  if (!token) body = <Alert variant="danger" title={PaymentMessages.feeLinkInvalid} />;
  else if (fee.isPending) body = <LoadingState title="Loading the payment…" />;
  else if (fee.isError) {
    body = (
      <Alert
        variant="danger"
        title={selfServiceErrorMessage(fee.error, PaymentMessages.feeLinkInvalid)}
      />
    );
  } else {
    const f = fee.data;
    const name = FEE_NAMES[f.kind];
    body = (
      <Card>
        <CardBody className="sw-stack">
          <p>
            {f.business.name}: {f.service} on {formatStart(f.date, f.business.timeZone)}.
          </p>
          <dl className="sw-summary">
            <dt>{name.charAt(0).toUpperCase() + name.slice(1)}</dt>
            <dd>{formatPrice(f.amount)}</dd>
          </dl>
          {f.state === 'succeeded' ? (
            <Alert variant="success" title="Paid">
              Stripe has confirmed this payment. Thank you.
            </Alert>
          ) : submitted || !f.clientSecret ? (
            <div className="sw-row" role="status" aria-live="polite">
              <Spinner />
              <p>Waiting for Stripe to confirm the payment…</p>
            </div>
          ) : (
            <StripePaymentForm
              clientSecret={f.clientSecret}
              publishableKey={f.publishableKey}
              intent="payment"
              label={`Pay ${formatPrice(f.amount)}`}
              onSubmitted={() => setSubmitted(true)}
            />
          )}
        </CardBody>
      </Card>
    );
  }
  return <SelfServiceLayout title="Pay a fee">{body}</SelfServiceLayout>;
}
