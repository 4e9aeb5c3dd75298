// Stripe Billing: the real `stripe` SDK against our fake Stripe server on loopback, and
// webhooks signed exactly as Stripe signs them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateSubscriptionResponseSchema,
  ErrorResponseSchema,
  PLANS,
  staffLimitMessage,
  SubscriptionConfigSchema,
  SubscriptionStatusSchema,
} from '@slotwise/contracts';
import { bearer, json, type SignedInOwner, signUpOwner } from './support/auth.js';
import { type FakeStripe, type FakeStripeEvent, startFakeStripe } from './support/fake-stripe.js';
import { bookingRequest } from './support/fixtures.js';
import { createTestContext, type TestContext } from './support/test-app.js';

const WEBHOOK = '/api/stripe/webhook';

let fake: FakeStripe;
let ctx: TestContext;

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext({ env: fake.env() });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

function errorOf(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  return ErrorResponseSchema.parse(res.json());
}

async function businessOf(owner: SignedInOwner) {
  const res = await ctx.request({
    method: 'GET',
    url: `/api/business/owner/${owner.userId}`,
    headers: bearer(owner.accessToken),
  });
  return res.json() as { id: number; subscriptionPlan: string; slug: string };
}

async function status(owner: SignedInOwner) {
  const res = await ctx.request({
    method: 'GET',
    url: '/api/subscription-status',
    headers: bearer(owner.accessToken),
  });
  expect(res.statusCode).toBe(200);
  return SubscriptionStatusSchema.parse(res.json());
}

async function subscribe(owner: SignedInOwner) {
  const res = await ctx.request(
    json(
      'POST',
      '/api/create-subscription',
      { priceId: 'price_professional_monthly' },
      owner.accessToken,
    ),
  );
  expect(res.statusCode, res.body).toBe(200);
  return CreateSubscriptionResponseSchema.parse(res.json());
}

async function deliver(event: FakeStripeEvent, secret?: string) {
  const { payload, signature } = fake.signedEvent(event, secret);
  return ctx.request({
    method: 'POST',
    url: WEBHOOK,
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  });
}

async function deliverAll(events: FakeStripeEvent[]) {
  for (const event of events) {
    const res = await deliver(event);
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** Subscribes and pays: the webhooks make the business Professional. */
async function upgrade(owner: SignedInOwner): Promise<string> {
  const { subscriptionId } = await subscribe(owner);
  await deliverAll(fake.pay(subscriptionId));
  return subscriptionId;
}

async function addStaff(
  owner: SignedInOwner,
  businessId: number,
  firstName: string,
  serviceIds: number[] = [],
) {
  return ctx.request(
    json(
      'POST',
      '/api/staff',
      { businessId, firstName, lastName: 'Test', title: 'Stylist', serviceIds },
      owner.accessToken,
    ),
  );
}

async function addService(owner: SignedInOwner, businessId: number, name: string) {
  const res = await ctx.request(
    json(
      'POST',
      '/api/services',
      { businessId, name, duration: 60, price: 8500 },
      owner.accessToken,
    ),
  );
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

describe('subscribing', () => {
  let owner: SignedInOwner;
  let businessId: number;
  let subscriptionId: string;

  beforeAll(async () => {
    owner = await signUpOwner(ctx);
    businessId = (await businessOf(owner)).id;
  });

  it('serves the price id and publishable key', async () => {
    const res = await ctx.get('/api/subscription-config');
    expect(SubscriptionConfigSchema.parse(res.json())).toEqual({
      priceId: 'price_professional_monthly',
      publishableKey: 'pk_test_fake_0123456789',
    });
  });

  it('refuses strangers and other prices', async () => {
    expect(
      (await ctx.post('/api/create-subscription', { priceId: 'price_professional_monthly' }))
        .statusCode,
    ).toBe(401);
    const other = await ctx.request(
      json('POST', '/api/create-subscription', { priceId: 'price_cheap' }, owner.accessToken),
    );
    expect(errorOf(other, 400).code).toBe('VALIDATION_FAILED');
  });

  it('creates a customer and an incomplete subscription, and answers its client secret', async () => {
    const before = fake.subscriptions.size;
    const first = await subscribe(owner);
    subscriptionId = first.subscriptionId;
    const sub = fake.subscriptions.get(subscriptionId)!;
    expect(sub.status).toBe('incomplete');
    expect(first.clientSecret).toBe(
      fake.invoices.get(sub.latest_invoice)!.confirmation_secret.client_secret,
    );
    const create = fake.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/subscriptions',
    )!;
    expect(create.params).toMatchObject({
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      items: [{ price: 'price_professional_monthly' }],
    });

    // Asking again (a reload of /subscribe) reuses the incomplete subscription and the customer.
    const again = await subscribe(owner);
    expect(again).toEqual(first);
    expect(fake.subscriptions.size).toBe(before + 1);
    expect(
      [...fake.customers.values()].filter((c) => c.metadata.businessId === String(businessId)),
    ).toHaveLength(1);

    // Not paid yet: still Free, whatever the browser says.
    expect(await status(owner)).toMatchObject({ status: 'none', plan: 'free' });
  });

  it('rejects webhooks without a valid signature and changes nothing', async () => {
    const [updated] = fake.pay(subscriptionId);
    fake.setStatus(subscriptionId, 'incomplete');
    const { payload } = fake.signedEvent(updated!);
    const missing = await ctx.request({
      method: 'POST',
      url: WEBHOOK,
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(errorOf(missing, 400).message).toBe('Invalid Stripe webhook signature');
    expect((await deliver(updated!, 'whsec_wrong_secret')).statusCode).toBe(400);
    const tampered = fake.signedEvent(updated!);
    const forged = await ctx.request({
      method: 'POST',
      url: WEBHOOK,
      payload: tampered.payload.replace('"livemode": false', '"livemode": true'),
      headers: { 'content-type': 'application/json', 'stripe-signature': tampered.signature },
    });
    expect(forged.statusCode).toBe(400);
    expect((await businessOf(owner)).subscriptionPlan).toBe('free');
  });

  it('becomes Professional from the webhooks once paid, and the staff limit rises to 5', async () => {
    expect((await addStaff(owner, businessId, 'One')).statusCode).toBe(201);
    const refused = errorOf(await addStaff(owner, businessId, 'Two'), 403);
    expect(refused.message).toBe(staffLimitMessage('free'));

    await deliverAll(fake.pay(subscriptionId));
    expect((await businessOf(owner)).subscriptionPlan).toBe('professional');
    const s = await status(owner);
    const periodEnd = fake.subscriptions.get(subscriptionId)!.items.data[0].current_period_end;
    expect(s).toMatchObject({
      status: 'active',
      plan: 'professional',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: periodEnd,
      complimentary: false,
    });

    for (const name of ['Two', 'Three', 'Four', 'Five']) {
      expect((await addStaff(owner, businessId, name)).statusCode).toBe(201);
    }
    expect(errorOf(await addStaff(owner, businessId, 'Six'), 403).message).toBe(
      staffLimitMessage('professional'),
    );
    expect(PLANS.professional.maxStaff).toBe(5);

    // Already Professional: no second subscription.
    const twice = await ctx.request(
      json(
        'POST',
        '/api/create-subscription',
        { priceId: 'price_professional_monthly' },
        owner.accessToken,
      ),
    );
    expect(errorOf(twice, 409).code).toBe('SUBSCRIPTION_CONFLICT');
  });

  it('handles each event once: a replay is acknowledged and ignored', async () => {
    const paid = fake.lastEvent('invoice.paid', subscriptionId)!;
    // Were the replay handled, the re-read would now see 'unpaid' and drop the plan.
    fake.setStatus(subscriptionId, 'unpaid');
    const replay = await deliver(paid);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect((await businessOf(owner)).subscriptionPlan).toBe('professional');
    fake.setStatus(subscriptionId, 'active');
    const rows = await ctx.db.query('SELECT count(*)::int AS n FROM stripe_events WHERE id = $1', [
      paid.id,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('cancels at period end and reactivates', async () => {
    const periodEnd = fake.subscriptions.get(subscriptionId)!.items.data[0].current_period_end;
    const cancel = await ctx.request({
      method: 'POST',
      url: '/api/cancel-subscription',
      headers: bearer(owner.accessToken),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(SubscriptionStatusSchema.parse(cancel.json())).toMatchObject({
      status: 'active',
      plan: 'professional',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: periodEnd,
    });
    expect(fake.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    // Its webhook agrees and changes nothing.
    await deliverAll([fake.lastEvent('customer.subscription.updated', subscriptionId)!]);
    expect(await status(owner)).toMatchObject({ cancelAtPeriodEnd: true, plan: 'professional' });

    const reactivate = await ctx.request({
      method: 'POST',
      url: '/api/reactivate-subscription',
      headers: bearer(owner.accessToken),
    });
    expect(SubscriptionStatusSchema.parse(reactivate.json())).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    expect(fake.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(false);
  });

  it('keeps another owner out of it', async () => {
    const other = await signUpOwner(ctx);
    expect(await status(other)).toMatchObject({ status: 'none', plan: 'free' });
    const cancel = await ctx.request({
      method: 'POST',
      url: '/api/cancel-subscription',
      headers: bearer(other.accessToken),
    });
    expect(errorOf(cancel, 409).code).toBe('SUBSCRIPTION_CONFLICT');
    expect(fake.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(false);
    expect((await businessOf(other)).subscriptionPlan).toBe('free');
    expect((await businessOf(owner)).subscriptionPlan).toBe('professional');
  });
});

describe('out-of-order delivery', () => {
  it('converges on Stripe state: a stale update after the deletion does not revive the plan', async () => {
    const owner = await signUpOwner(ctx);
    const { subscriptionId } = await subscribe(owner);
    const created = fake.lastEvent('customer.subscription.created', subscriptionId)!;
    const [activated, paid] = fake.pay(subscriptionId);
    const [deleted] = fake.endSubscription(subscriptionId);

    // invoice.paid first (before the subscription's own events), then deleted, then the stale ones:
    // the last payload says 'active', and trusting it would revive the plan.
    await deliverAll([paid!, deleted!, created, activated!]);
    expect((await businessOf(owner)).subscriptionPlan).toBe('free');
    expect(await status(owner)).toMatchObject({ status: 'canceled', plan: 'free' });
  });

  it('an invoice.paid that arrives first is enough to become Professional', async () => {
    const owner = await signUpOwner(ctx);
    const { subscriptionId } = await subscribe(owner);
    const [activated, paid] = fake.pay(subscriptionId);
    await deliverAll([paid!]);
    expect((await businessOf(owner)).subscriptionPlan).toBe('professional');
    await deliverAll([activated!]);
    expect((await businessOf(owner)).subscriptionPlan).toBe('professional');
  });
});

describe('a lapsed subscription', () => {
  let owner: SignedInOwner;
  let business: { id: number; slug: string };
  let services: number[];
  let staff: number[];

  beforeAll(async () => {
    owner = await signUpOwner(ctx);
    business = await businessOf(owner);
    await upgrade(owner);
    services = [];
    for (const name of ['Cut', 'Colour', 'Blow-dry'])
      services.push(await addService(owner, business.id, name));
    staff = [];
    for (const name of ['Ava', 'Ben', 'Cleo']) {
      const res = await addStaff(owner, business.id, name, services);
      expect(res.statusCode).toBe(201);
      staff.push((res.json() as { id: number }).id);
    }
  });

  it('returns to Free limits: extras are paused for booking, not deleted, and the owner is told', async () => {
    // Booked on Professional: its reminder (a Professional feature) is written, then withdrawn.
    const wednesday = (
      await ctx.get(
        `/api/business/${business.id}/available-times?date=2027-01-06&serviceId=${services[0]}`,
      )
    ).json() as { start: string }[];
    const booked = await ctx.post(
      '/api/appointments',
      bookingRequest(business.id, services[0]!, wednesday[0]!.start),
    );
    expect(booked.statusCode).toBe(201);
    const reminderStatus = async () =>
      (
        (await ctx.db.query(
          `SELECT status FROM outbox WHERE business_id = $1 AND kind = 'reminder'`,
          [business.id],
        )) as { status: string }[]
      ).map((r) => r.status);
    expect(await reminderStatus()).toEqual(['pending']);

    const sub = [...fake.subscriptions.values()].find(
      (s) => s.metadata.businessId === String(business.id) && s.status === 'active',
    )!;
    await deliverAll(fake.failPayment(sub.id));
    expect(await reminderStatus()).toEqual(['cancelled']);
    expect((await businessOf(owner)).subscriptionPlan).toBe('free');

    // Public: only the oldest service and staff member are offered.
    const publicServices = (await ctx.get(`/api/business/${business.id}/services`)).json() as {
      id: number;
    }[];
    expect(publicServices.map((s) => s.id)).toEqual([services[0]]);
    const publicStaff = (await ctx.get(`/api/business/${business.id}/staff`)).json() as {
      id: number;
    }[];
    expect(publicStaff.map((s) => s.id)).toEqual([staff[0]]);
    const times = await ctx.get(
      `/api/business/${business.id}/available-times?date=2027-01-05&serviceId=${services[1]}`,
    );
    expect(times.statusCode).toBe(404);
    const open = (
      await ctx.get(
        `/api/business/${business.id}/available-times?date=2027-01-05&serviceId=${services[0]}`,
      )
    ).json() as { start: string }[];
    expect(open.length).toBeGreaterThan(0);
    const booking = await ctx.post(
      '/api/appointments',
      bookingRequest(business.id, services[1]!, open[0]!.start),
    );
    expect(booking.statusCode).toBe(404);
    const withPausedStaff = await ctx.post(
      '/api/appointments',
      bookingRequest(business.id, services[0]!, open[0]!.start, { staffMemberId: staff[2] }),
    );
    expect(withPausedStaff.statusCode).toBeGreaterThanOrEqual(400);

    // The owner still has everything, and is told what is paused.
    const ownerServices = await ctx.request({
      method: 'GET',
      url: `/api/business/${business.id}/services`,
      headers: bearer(owner.accessToken),
    });
    expect((ownerServices.json() as unknown[]).length).toBe(3);
    const s = await status(owner);
    expect(s).toMatchObject({ status: 'past_due', plan: 'free' });
    expect(s.paused.services.map((p) => p.name)).toEqual(['Colour', 'Blow-dry']);
    expect(s.paused.staff.map((p) => p.name)).toEqual(['Ben Test', 'Cleo Test']);
  });

  it('restores them when the subscription is active again', async () => {
    const sub = [...fake.subscriptions.values()].find(
      (x) => x.metadata.businessId === String(business.id) && x.status === 'past_due',
    )!;
    // Upgrading again pays the failed renewal's open invoice: no second subscription.
    const before = fake.subscriptions.size;
    const again = await subscribe(owner);
    expect(again.subscriptionId).toBe(sub.id);
    expect(again.clientSecret).toBe(
      fake.invoices.get(sub.latest_invoice)!.confirmation_secret.client_secret,
    );
    expect(fake.subscriptions.size).toBe(before);
    await deliverAll(fake.pay(sub.id));
    expect((await businessOf(owner)).subscriptionPlan).toBe('professional');
    const publicServices = (
      await ctx.get(`/api/business/${business.id}/services`)
    ).json() as unknown[];
    expect(publicServices).toHaveLength(3);
    const publicStaff = (await ctx.get(`/api/business/${business.id}/staff`)).json() as unknown[];
    expect(publicStaff).toHaveLength(3);
    expect((await status(owner)).paused).toEqual({ staff: [], services: [] });
  });
});

describe('a complimentary plan (the demo businesses)', () => {
  it('is Professional without Stripe: active, nothing to bill or cancel, no second subscription', async () => {
    const owner = await signUpOwner(ctx);
    const { id } = await businessOf(owner);
    await ctx.db.query(`UPDATE businesses SET subscription_plan = 'professional' WHERE id = $1`, [
      id,
    ]);
    expect(await status(owner)).toMatchObject({
      status: 'active',
      plan: 'professional',
      complimentary: true,
      currentPeriodEnd: null,
    });
    const create = await ctx.request(
      json(
        'POST',
        '/api/create-subscription',
        { priceId: 'price_professional_monthly' },
        owner.accessToken,
      ),
    );
    expect(errorOf(create, 409).code).toBe('SUBSCRIPTION_CONFLICT');
    const cancel = await ctx.request({
      method: 'POST',
      url: '/api/cancel-subscription',
      headers: bearer(owner.accessToken),
    });
    expect(errorOf(cancel, 409).code).toBe('SUBSCRIPTION_CONFLICT');
    expect([...fake.customers.values()].some((c) => c.metadata.businessId === String(id))).toBe(
      false,
    );
  });
});
