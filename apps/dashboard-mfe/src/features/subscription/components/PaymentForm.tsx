import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { type Stripe, loadStripe } from '@stripe/stripe-js';
import { PLANS } from '@slotwise/contracts';
import { Alert, Button, toast } from '@slotwise/ui';

const PRICE = `$${(PLANS.professional.monthlyPriceCents ?? 0) / 100}`;
export const SUBSCRIBE_LABEL = `Subscribe Now - ${PRICE}/month`;

// One Stripe instance per publishable key for the page's life (Stripe asks for exactly that).
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripes.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch(() => null);
    stripes.set(publishableKey, promise);
  }
  return promise;
}

function CheckoutForm() {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const [processing, setProcessing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setProcessing(true);
    const { error } = await stripe.confirmPayment({
      elements,
      // Wallets and bank redirects come back here; cards finish without leaving the page.
      confirmParams: { return_url: `${window.location.origin}/dashboard` },
      redirect: 'if_required',
    });
    if (error) {
      toast({
        title: 'Payment Failed',
        description: error.message ?? 'Your payment could not be completed.',
        variant: 'destructive',
      });
      setProcessing(false);
      return;
    }
    // Same address a redirect would land on: the dashboard waits there for Stripe's webhook.
    void navigate('/dashboard?redirect_status=succeeded');
  };

  return (
    <form className="dash-subscribe" onSubmit={(e) => void submit(e)}>
      <div className="dash-payment-element">
        <PaymentElement
          options={{ layout: 'tabs', wallets: { applePay: 'auto', googlePay: 'auto' } }}
        />
      </div>
      <Button type="submit" block disabled={!stripe || !elements || processing}>
        {processing ? 'Processing...' : SUBSCRIBE_LABEL}
      </Button>
    </form>
  );
}

/** The Payment Element, confirmed in the browser; a lazy chunk of /subscribe. */
export default function PaymentForm({
  clientSecret,
  publishableKey,
}: {
  clientSecret: string;
  publishableKey: string;
}) {
  const [stripePromise] = useState(() => stripeFor(publishableKey));
  const [failed, setFailed] = useState(false);

  // Null when Stripe.js cannot be fetched (offline, blocked by an extension).
  useEffect(() => {
    let live = true;
    void stripePromise.then((s) => live && !s && setFailed(true));
    return () => {
      live = false;
    };
  }, [stripePromise]);
  if (failed) {
    return (
      <Alert variant="danger" title="Unable to Process Payment">
        The payment form could not be loaded. Check your connection and try again.
      </Alert>
    );
  }
  return (
    <Elements
      stripe={stripePromise}
      options={{
        clientSecret,
        appearance: { theme: 'stripe', variables: { borderRadius: '10px' } },
      }}
    >
      <CheckoutForm />
    </Elements>
  );
}
