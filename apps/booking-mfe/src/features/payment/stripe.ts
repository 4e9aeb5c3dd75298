import { type Stripe, loadStripe } from '@stripe/stripe-js';

// One Stripe instance per publishable key for the page's life (Stripe asks for exactly that).
const stripes = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for a key; null when it cannot be fetched (offline, blocked by an extension). */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripes.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch(() => null);
    stripes.set(publishableKey, promise);
  }
  return promise;
}
