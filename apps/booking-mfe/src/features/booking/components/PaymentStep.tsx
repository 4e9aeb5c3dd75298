import { useEffect, useState } from 'react';
import { formatPrice } from '@slotwise/contracts';
import { Alert, Button, Card, CardBody, Spinner } from '@slotwise/ui';
import { StepHeading } from './StepHeading';
import { StripePaymentForm } from '../../payment';
import { formatRemaining, useRemaining } from '../hold';
import { type HeldBooking, type HoldStatus, useHoldStatus } from '../payment-api';

type Phase = 'pay' | 'waiting';

interface PaymentStepProps {
  held: HeldBooking;
  focusHeading: boolean;
  /** The webhook confirmed the booking: the page shows the confirmation. */
  onConfirmed: (status: HoldStatus) => void;
  /** 'Choose another time' after the hold ended or the booking was dropped. */
  onStartAgain: () => void;
}

const TITLES = { deposit: 'Pay your deposit', card_on_file: 'Save a card for this booking' };

/**
 * The slot is held for the customer while they pay the deposit (PaymentIntent) or save a card
 * (SetupIntent) in Stripe's Payment Element. Stripe's webhook confirms the booking on the server;
 * this page only waits for it, so nothing here says 'paid' before the server does.
 */
export default function PaymentStep({
  held,
  focusHeading,
  onConfirmed,
  onStartAgain,
}: PaymentStepProps) {
  const [phase, setPhase] = useState<Phase>('pay');
  const remaining = useRemaining(held.expiresAt);
  const status = useHoldStatus(held, phase === 'waiting' ? 2000 : 10_000);
  const state = status.data?.status ?? 'pending_payment';
  const confirmed = state === 'confirmed';
  // The hold's end as the server says it (its answer wins), or as the clock says while paying.
  const ended =
    state === 'expired' || state === 'cancelled' || (phase === 'pay' && remaining === 0);

  useEffect(() => {
    if (confirmed && status.data) onConfirmed(status.data);
  }, [confirmed, status.data, onConfirmed]);

  const title = TITLES[held.kind];
  if (ended) {
    return (
      <section className="bk-step" aria-labelledby="bk-step-title">
        <StepHeading id="bk-step-title" className="bk-step__title" focus>
          Your hold on this time has ended
        </StepHeading>
        <Alert variant="warning" title="This time is no longer held for you">
          <p>
            We held it for 10 minutes while you paid. Nothing was charged for this booking; please
            choose a time again.
          </p>
          <Button size="sm" variant="secondary" className="bk-alert-action" onClick={onStartAgain}>
            Choose another time
          </Button>
        </Alert>
      </section>
    );
  }

  return (
    <section className="bk-step" aria-labelledby="bk-step-title">
      <StepHeading id="bk-step-title" className="bk-step__title" focus={focusHeading}>
        {phase === 'waiting' ? 'Waiting for confirmation' : title}
      </StepHeading>
      <Card className="bk-pay">
        <CardBody className="sw-stack">
          <dl className="sw-summary">
            <dt>{held.kind === 'deposit' ? 'Deposit' : 'Charged now'}</dt>
            <dd data-testid="payment-amount">
              {held.kind === 'deposit' ? formatPrice(held.amount) : formatPrice(0)}
            </dd>
          </dl>
          {held.policySummary && <p className="bk-policy">{held.policySummary}</p>}
          {remaining !== null && phase === 'pay' && (
            <p className="bk-hold" role="timer" aria-live="off">
              This time is held for you for{' '}
              <strong data-testid="hold-remaining">{formatRemaining(remaining)}</strong>
            </p>
          )}
          {phase === 'waiting' ? (
            <div className="bk-waiting" role="status" aria-live="polite">
              <Spinner />
              <p>
                {status.isError
                  ? // The server cannot be asked just now: say only what is known.
                    'Stripe has your details. Your booking is confirmed as soon as Stripe tells the business; the confirmation comes by SMS or email.'
                  : held.kind === 'deposit'
                    ? 'Stripe is confirming your payment. Your booking is confirmed as soon as it does; please keep this page open.'
                    : 'Stripe is confirming your card. Your booking is confirmed as soon as it does; please keep this page open.'}
              </p>
            </div>
          ) : (
            <StripePaymentForm
              clientSecret={held.clientSecret}
              publishableKey={held.publishableKey}
              intent={held.kind === 'deposit' ? 'payment' : 'setup'}
              label={
                held.kind === 'deposit'
                  ? `Pay ${formatPrice(held.amount)} deposit`
                  : 'Save card and book'
              }
              onSubmitted={() => setPhase('waiting')}
            />
          )}
        </CardBody>
      </Card>
    </section>
  );
}
