import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { SubscriptionEntity } from '../entities/subscription.entity.js';
import { subscriptionIdOf } from './stripe-webhook.service.js';
import { snapshotOf } from './subscription-sync.service.js';
import { currentSubscription } from './subscriptions.service.js';

const item = (price: string, end: number) => ({ price: { id: price }, current_period_end: end });

function sub(fields: Record<string, unknown>): Stripe.Subscription {
  return {
    id: 'sub_1',
    customer: 'cus_1',
    status: 'active',
    cancel_at_period_end: false,
    created: 1_800_000_000,
    items: { data: [item('price_pro', 1_802_000_000)] },
    ...fields,
  } as unknown as Stripe.Subscription;
}

describe('snapshotOf', () => {
  it('reads the period end from the items (this API version) and matches the Professional price', () => {
    const s = snapshotOf(
      sub({ items: { data: [item('price_pro', 1_802_000_000), item('price_x', 1_801_000_000)] } }),
      'price_pro',
    );
    expect(s).toMatchObject({ plan: 'professional', priceId: 'price_pro', customerId: 'cus_1' });
    expect(s.currentPeriodEnd?.getTime()).toBe(1_801_000_000_000);
    expect(snapshotOf(sub({}), 'price_other').plan).toBe('other');
    expect(snapshotOf(sub({}), undefined).plan).toBe('other');
    expect(snapshotOf(sub({ customer: { id: 'cus_2' } }), 'price_pro').customerId).toBe('cus_2');
  });
});

describe('subscriptionIdOf', () => {
  const event = (object: Record<string, unknown>) =>
    ({ data: { object } }) as unknown as Stripe.Event;

  it('finds the subscription of subscription and invoice events, and nothing else', () => {
    expect(subscriptionIdOf(event({ object: 'subscription', id: 'sub_9' }))).toBe('sub_9');
    expect(
      subscriptionIdOf(
        event({ object: 'invoice', parent: { subscription_details: { subscription: 'sub_8' } } }),
      ),
    ).toBe('sub_8');
    expect(subscriptionIdOf(event({ object: 'invoice', parent: null }))).toBeNull();
    expect(subscriptionIdOf(event({ object: 'customer', id: 'cus_1' }))).toBeNull();
  });
});

describe('currentSubscription', () => {
  const row = (id: string, status: string, created: number, plan = 'professional') =>
    ({
      stripeSubscriptionId: id,
      status,
      plan,
      stripeCreatedAt: new Date(created),
    }) as SubscriptionEntity;

  it('prefers an active Professional one, then a running one, then the last that ended', () => {
    expect(
      currentSubscription([
        row('a', 'canceled', 3),
        row('b', 'active', 1),
        row('c', 'incomplete', 4),
      ])?.stripeSubscriptionId,
    ).toBe('b');
    expect(
      currentSubscription([row('a', 'canceled', 3), row('b', 'past_due', 1)])?.stripeSubscriptionId,
    ).toBe('b');
    expect(
      currentSubscription([row('a', 'canceled', 1), row('b', 'canceled', 2)])?.stripeSubscriptionId,
    ).toBe('b');
    expect(currentSubscription([row('c', 'incomplete', 4)])).toBeNull();
  });
});
