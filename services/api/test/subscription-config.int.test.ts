// Without Stripe keys the product still runs and the subscription calls answer the
// spec's configuration error. (Its own file: passport's 'jwt' strategy is process-wide, so one
// signed-in app per test file.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponseSchema, SubscriptionStatusSchema } from '@slotwise/contracts';
import { bearer, json, signUpOwner } from './support/auth.js';
import { type FakeStripe, startFakeStripe } from './support/fake-stripe.js';
import { createTestContext, type TestContext } from './support/test-app.js';

const WEBHOOK = '/api/stripe/webhook';
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => fake?.close());

function errorOf(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  return ErrorResponseSchema.parse(res.json());
}

describe('without Stripe keys', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestContext({ logLevels: [] });
  });
  afterAll(async () => bare?.close());

  it('answers the configuration error, and the status still works (Free)', async () => {
    const config = errorOf(await bare.get('/api/subscription-config'), 503);
    expect(config.message).toContain('Configuration error');
    expect(config.code).toBe('PAYMENTS_NOT_CONFIGURED');

    const owner = await signUpOwner(bare);
    const create = await bare.request(
      json('POST', '/api/create-subscription', { priceId: 'price_x' }, owner.accessToken),
    );
    expect(errorOf(create, 503).message).toContain('Configuration error');
    const res = await bare.request({
      method: 'GET',
      url: '/api/subscription-status',
      headers: bearer(owner.accessToken),
    });
    expect(SubscriptionStatusSchema.parse(res.json())).toMatchObject({
      status: 'none',
      plan: 'free',
    });
    expect(errorOf(await bare.post(WEBHOOK, { id: 'evt_1' }), 503).message).toContain(
      'Configuration error',
    );
  });

  it("says 'No price ID configured' when only the price is missing", async () => {
    const noPrice = await createTestContext({
      logLevels: [],
      env: { ...fake.env(), STRIPE_PRICE_ID: '' },
    });
    try {
      const body = errorOf(await noPrice.get('/api/subscription-config'), 503);
      expect(body.message).toBe('No price ID configured');
    } finally {
      await noPrice.close();
    }
  });
});
