// The one fake Stripe lives in tests/support (plain ESM), so the browser tests use it too.
export {
  DECLINED_CARD,
  type FakeStripe,
  type FakeStripeEvent,
  startFakeStripe,
} from '../../../../tests/support/fake-stripe.mjs';
