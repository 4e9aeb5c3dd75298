// Stripe's Payment Element for the customers' pages (a deposit or card when booking, a fee's pay
// link). Import it only from lazily loaded chunks: Stripe.js and its bindings come with it.
export { StripePaymentForm } from './StripePaymentForm';
