import { type FormEvent, Suspense, use, useState } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Alert, Button, Skeleton } from '@slotwise/ui';
import { stripeFor } from './stripe';

interface StripePaymentFormProps {
  clientSecret: string;
  publishableKey: string;
  /** 'payment': a PaymentIntent (confirmPayment); 'setup': a SetupIntent (confirmSetup). */
  intent: 'payment' | 'setup';
  label: string;
  /** Stripe accepted the card; our server learns the outcome from Stripe's webhook. */
  onSubmitted: () => void;
}

/** Stripe's Payment Element and the button that confirms the intent behind `clientSecret`. */
export function StripePaymentForm(props: StripePaymentFormProps) {
  return (
    <Suspense fallback={<Skeleton height={120} radius={10} />}>
      <LoadedForm {...props} />
    </Suspense>
  );
}

/** Suspends until Stripe.js has loaded; null from the loader means it could not be fetched. */
function LoadedForm(props: StripePaymentFormProps) {
  const stripe = use(stripeFor(props.publishableKey));
  if (!stripe) {
    return (
      <Alert variant="danger" title="The payment form could not be loaded">
        Check your connection and reload the page.
      </Alert>
    );
  }
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret: props.clientSecret,
        appearance: { theme: 'stripe', variables: { borderRadius: '10px' } },
      }}
    >
      <ConfirmForm {...props} />
    </Elements>
  );
}

function ConfirmForm({ intent, label, onSubmitted }: StripePaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // One confirmation at a time: a double click must not confirm twice.
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    setError(null);
    // Cards finish on the page; wallets and bank redirects come back to this page.
    const confirmParams = { return_url: window.location.href };
    const { error: failure } =
      intent === 'payment'
        ? await stripe.confirmPayment({ elements, confirmParams, redirect: 'if_required' })
        : await stripe.confirmSetup({ elements, confirmParams, redirect: 'if_required' });
    if (failure) {
      setError(failure.message ?? 'Your card could not be used. Please try another one.');
      setProcessing(false);
      return;
    }
    onSubmitted();
  };

  return (
    <form className="sw-stack" onSubmit={(e) => void submit(e)}>
      <div className="bk-payment-element">
        <PaymentElement options={{ layout: 'tabs' }} />
      </div>
      {error && (
        <Alert variant="danger" title="Payment failed">
          {error}
        </Alert>
      )}
      <Button type="submit" size="lg" block disabled={!stripe || !elements} loading={processing}>
        {processing ? 'Processing...' : label}
      </Button>
    </form>
  );
}
