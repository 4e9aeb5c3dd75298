// No-show protection (decision 39) against the real `stripe` SDK and our fake Stripe on loopback:
// Connect onboarding, deposit and card-on-file holds confirmed only by signed webhooks, the
// abandoned hold's BullMQ job, refunds and fees charged once, tenant isolation, and the payment.*
// webhook events written with what Stripe said.
import { randomBytes } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CancelAppointmentResponseSchema,
  CreateAppointmentResponseSchema,
  ErrorResponseSchema,
  OwnerAppointmentSchema,
  PaymentPolicySettingsSchema,
  PaymentRecordListSchema,
  PaymentsStatusSchema,
  RescheduleDetailsSchema,
  ServiceSchema,
  type UpdatePaymentPolicyRequest,
  WebhookEndpointSchema,
} from '@slotwise/contracts';
import {
  BookingPaymentsService,
  PaymentCharges,
  PaymentEventsService,
} from '../src/modules/payments/index.js';
import { bearer, json, type SignedInOwner, signUpOwner } from './support/auth.js';
import { type FakeStripe, type FakeStripeEvent, startFakeStripe } from './support/fake-stripe.js';
import { bookingRequest, type CreatedBusiness, createBusiness } from './support/fixtures.js';
import { createTestContext, TEST_NOW, type TestContext } from './support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';
import { bookingEventsWritten } from './support/webhook-rows.js';
import { eventually, startTestWorker, TEST_REDIS_URL } from './support/worker.js';

let fake: FakeStripe;
let ctx: TestContext;

// Friday 15 January 2027, Sydney (AEDT, +11): 9:00, 10:00, 11:00…
const AT = (hour: number) =>
  new Date(Date.parse('2027-01-14T22:00:00Z') + (hour - 9) * 3_600_000).toISOString();

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext({
    logLevels: [],
    env: fake.env({
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: `test-pay-${randomBytes(6).toString('hex')}`,
      PAYMENT_HOLD_SECONDS: '2',
      PUBLIC_URL: 'https://slotwise.example',
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
    }),
  });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(() => ctx.clock.set(TEST_NOW));

interface Shop {
  owner: SignedInOwner;
  shop: CreatedBusiness;
  id: number;
  serviceId: number;
}

/** A business with an 80-dollar service, owned by a signed-in owner. */
async function newShop(name: string): Promise<Shop> {
  const owner = await signUpOwner(ctx);
  const shop = await createBusiness(ctx.db, {
    name,
    services: [{ name: 'Cut', durationMinutes: 60, priceCents: 8000 }],
  });
  await ctx.db.query(`UPDATE businesses SET owner_user_id = NULL WHERE owner_user_id = $1`, [
    owner.userId,
  ]);
  await ctx.db.query(`UPDATE businesses SET owner_user_id = $1 WHERE id = $2`, [
    owner.userId,
    shop.business.id,
  ]);
  return { owner, shop, id: shop.business.id, serviceId: shop.services.Cut!.id };
}

function ownerGet(s: Shop, url: string) {
  return ctx.request({ method: 'GET', url, headers: bearer(s.owner.accessToken) });
}

async function deliver(event: FakeStripeEvent, url = '/api/stripe/webhook', secret?: string) {
  const { payload, signature } = fake.signedEvent(event, secret);
  return ctx.request({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  });
}

/** Connect → Stripe's onboarding → account.updated on the Connect endpoint. */
async function connectAndEnable(s: Shop) {
  const res = await ctx.request({
    method: 'POST',
    url: `/api/business/${s.id}/payments/connect`,
    headers: bearer(s.owner.accessToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  const link = fake.accountLinks.at(-1)!;
  expect(link.return_url).toBe(
    'https://slotwise.example/dashboard/settings/payments?stripe=return',
  );
  expect(link.refresh_url).toBe(
    'https://slotwise.example/dashboard/settings/payments?stripe=refresh',
  );
  const onboarding = PaymentsStatusSchema.parse(
    (await ownerGet(s, `/api/business/${s.id}/payments`)).json(),
  );
  expect(onboarding.state).toBe('onboarding');
  expect(onboarding.requirements.length).toBeGreaterThan(0);
  const event = fake.enableAccount(link.account);
  const applied = await deliver(event, '/api/stripe/connect-webhook', fake.connectWebhookSecret);
  expect(applied.statusCode, applied.body).toBe(200);
  const enabled = PaymentsStatusSchema.parse(
    (await ownerGet(s, `/api/business/${s.id}/payments`)).json(),
  );
  expect(enabled.state).toBe('enabled');
}

async function setPolicy(s: Shop, body: UpdatePaymentPolicyRequest) {
  const res = await ctx.request(
    json('PUT', `/api/business/${s.id}/payment-policy`, body, s.owner.accessToken),
  );
  expect(res.statusCode, res.body).toBe(200);
  return PaymentPolicySettingsSchema.parse(res.json());
}

const DEPOSIT: UpdatePaymentPolicyRequest = {
  policy: { kind: 'deposit', deposit: { type: 'flat', cents: 2000 }, freeCancellationHours: 24 },
  serviceOverrides: [],
};
const CARD: UpdatePaymentPolicyRequest = {
  policy: {
    kind: 'card_on_file',
    freeCancellationHours: 24,
    lateCancellationFee: { type: 'percent', percent: 50 },
    noShowFee: { type: 'percent', percent: 100 },
  },
  serviceOverrides: [],
};

async function summaryOf(s: Shop): Promise<string> {
  const res = await ctx.get(`/api/business/slug/${s.shop.business.slug}/services`);
  const services = ServiceSchema.array().parse(res.json());
  return services[0]!.policySummary!;
}

async function book(s: Shop, date: string, phone: string, accepted?: string | null) {
  const res = await ctx.post(
    '/api/appointments',
    bookingRequest(s.id, s.serviceId, date, {
      phone,
      acceptedPolicy: accepted === undefined ? await summaryOf(s) : accepted,
    }),
  );
  return res;
}

async function bookHeld(s: Shop, date: string, phone: string) {
  const res = await book(s, date, phone);
  expect(res.statusCode, res.body).toBe(201);
  const created = CreateAppointmentResponseSchema.parse(res.json());
  expect(created.appointment.status).toBe('pending_payment');
  expect(created.payment).toBeDefined();
  return created;
}

/** The customer pays in the Payment Element; Stripe's webhook confirms the booking. */
async function pay(created: { payment?: { clientSecret: string } }, paymentMethod?: string) {
  const intentId = created.payment!.clientSecret.split('_secret_')[0]!;
  const res = await deliver(fake.succeedIntent(intentId, paymentMethod));
  expect(res.statusCode, res.body).toBe(200);
  return intentId;
}

async function statusOf(id: number): Promise<string> {
  const rows: { status: string }[] = await ctx.db.query(
    `SELECT status FROM appointments WHERE id = $1`,
    [id],
  );
  return rows[0]!.status;
}

let second: Awaited<ReturnType<TestContext['secondApp']>> | undefined;
/** One second API process for the tests that race two (each holds its own database pool). */
async function secondProcess() {
  second ??= await ctx.secondApp();
  return second;
}

async function records(s: Shop, query = '') {
  const res = await ownerGet(s, `/api/business/${s.id}/payments/charges${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return PaymentRecordListSchema.parse(res.json());
}

async function cancelLink(appointmentId: number): Promise<string> {
  const rows: { body: string }[] = await ctx.db.query(
    `SELECT body FROM outbox WHERE appointment_id = $1 AND kind = 'booking-confirmation'`,
    [appointmentId],
  );
  const token = /\/cancel\?token=([A-Za-z0-9_-]+)/.exec(rows[0]!.body)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

async function mark(s: Shop, appointmentId: number, status: string) {
  return ctx.request(
    json('PATCH', `/api/appointments/${appointmentId}`, { status }, s.owner.accessToken),
  );
}

/** When the payment's confirmation by Stripe was recorded (what the reports count money by). */
async function succeededAt(appointmentId: number, kind: string): Promise<Date | null> {
  const [row] = (await ctx.db.query(
    `SELECT succeeded_at FROM booking_payments WHERE appointment_id = $1 AND kind = $2`,
    [appointmentId, kind],
  )) as { succeeded_at: Date | null }[];
  return row!.succeeded_at;
}

describe('connecting Stripe', () => {
  it('refuses a policy that asks for money until charges are enabled', async () => {
    const s = await newShop('Not Yet Salon');
    const status = PaymentsStatusSchema.parse(
      (await ownerGet(s, `/api/business/${s.id}/payments`)).json(),
    );
    expect(status.state).toBe('not_connected');
    const res = await ctx.request(
      json('PUT', `/api/business/${s.id}/payment-policy`, DEPOSIT, s.owner.accessToken),
    );
    expect(res.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(res.json()).code).toBe('PAYMENTS_NOT_ENABLED');
    // Nothing is asked of a customer meanwhile.
    const booked = await book(s, AT(9), '0400 100 001', null);
    expect(booked.statusCode).toBe(201);
    expect(CreateAppointmentResponseSchema.parse(booked.json()).appointment.status).toBe(
      'confirmed',
    );
  });
});

describe('deposit', () => {
  let s: Shop;
  beforeAll(async () => {
    s = await newShop('Deposit Salon');
    await connectAndEnable(s);
    const settings = await setPolicy(s, DEPOSIT);
    expect(settings.services[0]!.summary).toMatch(
      /^A \$20\.00 deposit is taken now\. Cancel at least 24 hours before for a refund/,
    );
  });

  it('holds the slot pending payment and confirms only on Stripe’s webhook, then texts what was paid', async () => {
    // The wording must be accepted as shown.
    const refused = await book(s, AT(9), '0400 200 001', 'I agree');
    expect(refused.statusCode).toBe(409);
    const error = ErrorResponseSchema.parse(refused.json());
    expect(error.code).toBe('POLICY_NOT_ACCEPTED');
    expect(error.issues![0]!.message).toBe(await summaryOf(s));

    const created = await bookHeld(s, AT(9), '0400 200 001');
    expect(created.payment).toMatchObject({
      kind: 'deposit',
      amount: 2000,
      publishableKey: 'pk_test_fake_0123456789',
    });
    const intent = fake.paymentIntents.get(created.payment!.clientSecret.split('_secret_')[0]!)!;
    expect(intent.transfer_data.destination).toMatch(/^acct_/);
    // The slot is held: another customer cannot take it.
    const clash = await book(s, AT(9), '0400 200 002');
    expect(clash.statusCode).toBe(409);
    // Nothing is sent, nothing is 'succeeded', before Stripe says so.
    const before = await ctx.db.query(
      `SELECT count(*)::int AS n FROM outbox WHERE appointment_id = $1`,
      [created.appointment.id],
    );
    expect(before[0].n).toBe(0);
    expect((await records(s, `?appointmentId=${created.appointment.id}`)).items[0]).toMatchObject({
      kind: 'deposit',
      state: 'pending',
    });
    expect(await succeededAt(created.appointment.id, 'deposit')).toBeNull();
    const stored: { accepted_policy: string; accepted_at: Date }[] = await ctx.db.query(
      `SELECT accepted_policy, accepted_at FROM booking_payments WHERE appointment_id = $1`,
      [created.appointment.id],
    );
    expect(stored[0]!.accepted_policy).toBe(created.payment!.policySummary);
    expect(stored[0]!.accepted_at.toISOString()).toBe(new Date(TEST_NOW).toISOString());

    const poll = (secret: string) =>
      ctx.get(`/api/appointments/${created.appointment.id}/payment-status?clientSecret=${secret}`);
    expect((await poll(created.payment!.clientSecret)).json()).toMatchObject({
      status: 'pending_payment',
      payment: { kind: 'deposit', amount: 2000, state: 'pending' },
    });
    expect((await poll('pi_someone_else_secret_guess')).statusCode).toBe(404);
    await pay(created);
    expect(await statusOf(created.appointment.id)).toBe('confirmed');
    expect((await poll(created.payment!.clientSecret)).json()).toMatchObject({
      status: 'confirmed',
      payment: { state: 'succeeded' },
    });
    const sms: { body: string }[] = await ctx.db.query(
      `SELECT body FROM outbox WHERE appointment_id = $1 AND channel = 'sms'`,
      [created.appointment.id],
    );
    expect(sms[0]!.body).toContain('Deposit paid: $20.00');
    expect((await records(s, `?appointmentId=${created.appointment.id}`)).items[0]).toMatchObject({
      state: 'succeeded',
      amount: 2000,
    });
    // The reports count money by when Stripe's word was recorded: set by the webhook, not before.
    expect(await succeededAt(created.appointment.id, 'deposit')).toBeInstanceOf(Date);
  });

  it('frees an abandoned hold with the delayed job', async () => {
    const created = await bookHeld(s, AT(10), '0400 200 003');
    ctx.clock.set(new Date(Date.parse(TEST_NOW) + 11 * 60_000).toISOString());
    await eventually(
      async () => (await statusOf(created.appointment.id)) === 'cancelled',
      15_000,
      'hold released',
    );
    const intentId = created.payment!.clientSecret.split('_secret_')[0]!;
    expect(fake.paymentIntents.get(intentId)!.status).toBe('canceled');
    const polled = await ctx.get(
      `/api/appointments/${created.appointment.id}/payment-status?clientSecret=${created.payment!.clientSecret}`,
    );
    expect(polled.json()).toMatchObject({ status: 'expired', payment: { state: 'canceled' } });
    ctx.clock.set(TEST_NOW);
    // The slot is free again.
    const again = await bookHeld(s, AT(10), '0400 200 004');
    expect(again.appointment.id).not.toBe(created.appointment.id);
  });

  it('refunds a cancellation in time, after telling the customer', async () => {
    const created = await bookHeld(s, AT(11), '0400 200 005');
    const intentId = await pay(created);
    const token = await cancelLink(created.appointment.id);
    const details = RescheduleDetailsSchema.parse(
      (await ctx.get(`/api/cancel-appointment/details?token=${token}`)).json(),
    );
    expect(details.cancellation).toMatchObject({ outcome: 'refund', amount: 2000 });
    const res = await ctx.post('/api/cancel-appointment', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(CancelAppointmentResponseSchema.parse(res.json()).cancellation?.outcome).toBe('refund');
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === intentId);
    expect(refunds).toHaveLength(1);
    const list = await records(s, `?appointmentId=${created.appointment.id}`);
    expect(list.items.map((r) => [r.kind, r.state]).sort()).toEqual([
      ['deposit', 'refunded'],
      ['refund', 'succeeded'],
    ]);
  });

  it('keeps the deposit on a late cancellation', async () => {
    const created = await bookHeld(s, AT(12), '0400 200 006');
    const intentId = await pay(created);
    const token = await cancelLink(created.appointment.id);
    ctx.clock.set('2027-01-14T12:00:00Z'); // 12 hours before
    const details = RescheduleDetailsSchema.parse(
      (await ctx.get(`/api/cancel-appointment/details?token=${token}`)).json(),
    );
    expect(details.cancellation).toMatchObject({ outcome: 'deposit_kept', amount: 2000 });
    const res = await ctx.post('/api/cancel-appointment', { token });
    expect(res.statusCode).toBe(200);
    expect([...fake.refunds.values()].some((r) => r.payment_intent === intentId)).toBe(false);
    expect((await records(s, `?appointmentId=${created.appointment.id}`)).items[0]).toMatchObject({
      kind: 'deposit',
      state: 'succeeded',
      // Derived from the booking: cancelled, the deposit paid and no refund asked.
      kept: 'late_cancellation',
    });
  });

  it('retries a refund whose process died before Stripe answered, once', async () => {
    const created = await bookHeld(s, AT(16), '0400 200 009');
    const intentId = await pay(created);
    const id = created.appointment.id;
    // The refund's row as refund() writes it before calling Stripe; the process died there.
    await ctx.db.query(
      `INSERT INTO booking_payments (business_id, appointment_id, customer_id, kind, amount_cents,
                                     state, idempotency_key, updated_at)
       SELECT business_id, appointment_id, customer_id, 'refund', amount_cents, 'pending',
              'booking-' || appointment_id || '-refund', now() - interval '3 minutes'
         FROM booking_payments WHERE appointment_id = $1 AND kind = 'deposit'`,
      [id],
    );
    const other = await secondProcess();
    const retried = await Promise.all([
      ctx.app.get(PaymentCharges).retryStalePayments(120_000),
      other.get(PaymentCharges).retryStalePayments(120_000),
    ]);
    expect(retried.sort()).toEqual([0, 1]);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    const list = await records(s, `?appointmentId=${id}`);
    expect(list.items.map((r) => [r.kind, r.state]).sort()).toEqual([
      ['deposit', 'refunded'],
      ['refund', 'succeeded'],
    ]);
  });

  it('refunds in full when the owner cancels', async () => {
    const created = await bookHeld(s, AT(13), '0400 200 007');
    const intentId = await pay(created);
    const res = await ctx.request({
      method: 'DELETE',
      url: `/api/appointments/${created.appointment.id}`,
      headers: bearer(s.owner.accessToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = OwnerAppointmentSchema.parse(res.json());
    expect(answer.payments?.map((p) => p.kind).sort()).toEqual(['deposit', 'refund']);
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === intentId);
    expect(refunds.map((r) => r.amount)).toEqual([2000]);
  });

  it('applies a repeated event once, and refuses unsigned or forged events', async () => {
    const created = await bookHeld(s, AT(14), '0400 200 008');
    const intentId = created.payment!.clientSecret.split('_secret_')[0]!;
    const event = fake.succeedIntent(intentId);
    const unsigned = await ctx.request({
      method: 'POST',
      url: '/api/stripe/connect-webhook',
      payload: JSON.stringify(event),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    const forged = await deliver(event, '/api/stripe/connect-webhook', 'whsec_forged');
    expect(forged.statusCode).toBe(400);
    expect(await statusOf(created.appointment.id)).toBe('pending_payment');
    const first = await deliver(event, '/api/stripe/connect-webhook', fake.connectWebhookSecret);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const again = await deliver(event, '/api/stripe/connect-webhook', fake.connectWebhookSecret);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    const sms = await ctx.db.query(
      `SELECT count(*)::int AS n FROM outbox WHERE appointment_id = $1 AND kind = 'booking-confirmation'`,
      [created.appointment.id],
    );
    expect(sms[0].n).toBe(1);
  });
});

describe('card on file', () => {
  let s: Shop;
  beforeAll(async () => {
    s = await newShop('Card Salon');
    await connectAndEnable(s);
    await setPolicy(s, CARD);
  });

  /** The booking as the payment services take it. */
  async function appointmentOf(id: number) {
    const [booking] = await ctx.db.query(`SELECT * FROM appointments WHERE id = $1`, [id]);
    return {
      id: booking.id,
      businessId: booking.business_id,
      priceCents: booking.price_cents,
      customerPhone: booking.customer_phone,
      customerEmail: booking.customer_email,
      startsAt: booking.starts_at,
    } as never;
  }

  async function bookAndSaveCard(hour: number, phone: string, paymentMethod: string) {
    const created = await bookHeld(s, AT(hour), phone);
    expect(created.payment).toMatchObject({ kind: 'card_on_file', amount: 0 });
    const seti = fake.setupIntents.get(created.payment!.clientSecret.split('_secret_')[0]!)!;
    expect(seti.usage).toBe('off_session');
    await pay(created, paymentMethod);
    expect(await statusOf(created.appointment.id)).toBe('confirmed');
    return created;
  }

  it('charges the no-show fee once under a double click and across two API processes', async () => {
    const created = await bookAndSaveCard(9, '0400 300 001', 'pm_card_ok');
    ctx.clock.set('2027-01-15T00:00:00Z'); // after the start
    // A second API instance (own Nest app, pool and Redis clients; same config, database, Redis).
    const other = await ctx.secondApp();
    const otherRequest = (options: Parameters<TestContext['request']>[0]) =>
      other.getHttpAdapter().getInstance().inject(options);
    const markOn = (send: TestContext['request']) =>
      send(
        json(
          'PATCH',
          `/api/appointments/${created.appointment.id}`,
          { status: 'no_show' },
          s.owner.accessToken,
        ),
      );
    // A double click whose two requests land on two processes at once, then a retry on each.
    const both = await Promise.all([markOn(ctx.request), markOn(otherRequest)]);
    const retries = [await markOn(otherRequest), await markOn(ctx.request)];
    const answers = [...both, ...retries];
    // Each process accepts the owner's token: none is 401.
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
    for (const refused of answers.filter((r) => r.statusCode !== 200)) {
      // The booking is already a no-show: the spec's error shape, never a 5xx.
      expect(ErrorResponseSchema.parse(refused.json()).code).toBe('VALIDATION_FAILED');
    }
    const accepted = OwnerAppointmentSchema.parse(
      answers.find((r) => r.statusCode === 200)!.json(),
    );
    expect(accepted.payments?.filter((p) => p.kind === 'no_show_fee')).toHaveLength(1);
    // Both processes' payment services asked to charge again at the same time (a retried job).
    const appointment = await appointmentOf(created.appointment.id);
    await Promise.all([
      ctx.app.get(BookingPaymentsService).afterNoShow(appointment),
      other.get(BookingPaymentsService).afterNoShow(appointment),
    ]);
    const charges = [...fake.paymentIntents.values()].filter(
      (pi) =>
        pi.metadata.appointmentId === String(created.appointment.id) &&
        pi.metadata.kind === 'no_show_fee',
    );
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      amount: 8000,
      payment_method: 'pm_card_ok',
      status: 'succeeded',
    });
    const feeRequests = fake.requests.filter(
      (r) =>
        r.path === '/v1/payment_intents' &&
        r.params.metadata?.appointmentId === String(created.appointment.id) &&
        r.params.off_session === 'true',
    );
    expect(feeRequests).toHaveLength(1);
    const rows = await ctx.db.query(
      `SELECT count(*)::int AS n FROM booking_payments WHERE appointment_id = $1 AND kind = 'no_show_fee'`,
      [created.appointment.id],
    );
    expect(rows[0].n).toBe(1);
    const list = await records(s, `?appointmentId=${created.appointment.id}&kind=no_show_fee`);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ state: 'succeeded', amount: 8000 });
    // The fee names the saved card, as Stripe described it when it was saved.
    expect(list.items[0]!.card).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
  });

  it('describes the saved card from Stripe’s payment method (brand, last four, expiry)', async () => {
    fake.card('pm_card_mc', { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2029 });
    const created = await bookAndSaveCard(12, '0400 300 004', 'pm_card_mc');
    // Read on the platform account, where destination charges keep the payment method.
    const read = fake.requests.filter((r) => r.path === '/v1/payment_methods/pm_card_mc');
    expect(read).toHaveLength(1);
    expect(read[0]!.headers?.['stripe-account']).toBeUndefined();
    const [saved] = (await records(s, `?appointmentId=${created.appointment.id}`)).items;
    expect(saved).toMatchObject({
      kind: 'card_saved',
      card: { brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2029 },
    });
    // The client record shows it too.
    const byClient = await records(s, `?customerId=${saved!.customerId}`);
    expect(byClient.items.map((r) => r.card?.last4)).toContain('4444');
    // A repeat of the event reads nothing again: the card is described.
    const event = fake.events.find(
      (e) => e.type === 'setup_intent.succeeded' && e.data.object.payment_method === 'pm_card_mc',
    )!;
    expect((await deliver(event)).statusCode).toBe(200);
    expect(fake.requests.filter((r) => r.path === '/v1/payment_methods/pm_card_mc')).toHaveLength(
      1,
    );
  });

  it('ends as fee failed with a pay link when the card needs authentication', async () => {
    fake.authenticationRequired.add('pm_card_3ds');
    const created = await bookAndSaveCard(10, '0400 300 002', 'pm_card_3ds');
    ctx.clock.set('2027-01-15T01:00:00Z');
    const res = await mark(s, created.appointment.id, 'no_show');
    expect(res.statusCode, res.body).toBe(200);
    const fee = OwnerAppointmentSchema.parse(res.json()).payments!.find(
      (p) => p.kind === 'no_show_fee',
    )!;
    expect(fee.state).toBe('fee_failed');
    expect(await succeededAt(created.appointment.id, 'no_show_fee')).toBeNull();
    const sms: { body: string }[] = await ctx.db.query(
      `SELECT body FROM outbox WHERE appointment_id = $1 AND kind = 'payment_fee_link'`,
      [created.appointment.id],
    );
    const token = /pay-fee\?token=([A-Za-z0-9_-]+)/.exec(sms[0]!.body)?.[1];
    expect(token).toBeTruthy();
    const link = await ctx.get(`/api/pay-fee?token=${token}`);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).toMatchObject({ amount: 8000, state: 'fee_failed', kind: 'no_show_fee' });
    expect((link.json() as { clientSecret: string }).clientSecret).toMatch(/^pi_/);
  });

  it('charges the late-cancellation fee on a late cancel', async () => {
    const created = await bookAndSaveCard(11, '0400 300 003', 'pm_card_late');
    const token = await cancelLink(created.appointment.id);
    ctx.clock.set('2027-01-14T20:00:00Z'); // 4 hours before
    const res = await ctx.post('/api/cancel-appointment', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(CancelAppointmentResponseSchema.parse(res.json()).cancellation).toMatchObject({
      outcome: 'late_fee',
      amount: 4000,
    });
    const list = await records(
      s,
      `?appointmentId=${created.appointment.id}&kind=late_cancellation_fee`,
    );
    expect(list.items[0]).toMatchObject({ state: 'succeeded', amount: 4000 });
  });

  /** A fee row left as a process that died before Stripe answered leaves it, 3 minutes ago. */
  async function leftPending(appointmentId: number, kind: string): Promise<void> {
    const rows: unknown[] = await ctx.db.query(
      `WITH u AS (UPDATE booking_payments
                     SET state = 'pending', stripe_id = NULL, stripe_status = NULL,
                         updated_at = now() - interval '3 minutes'
                   WHERE appointment_id = $1 AND kind = $2 RETURNING id)
       SELECT id FROM u`,
      [appointmentId, kind],
    );
    expect(rows).toHaveLength(1);
  }

  /** What marking the booking a no-show does to the money (without moving the clock). */
  async function chargeNoShow(appointmentId: number): Promise<void> {
    await ctx.app.get(BookingPaymentsService).afterNoShow(await appointmentOf(appointmentId));
  }

  const feeIntents = (appointmentId: number, kind: string) =>
    [...fake.paymentIntents.values()].filter(
      (pi) => pi.metadata.appointmentId === String(appointmentId) && pi.metadata.kind === kind,
    );

  const feeRequests = (appointmentId: number) =>
    fake.requests.filter(
      (r) =>
        r.path === '/v1/payment_intents' &&
        r.params.metadata?.appointmentId === String(appointmentId) &&
        r.params.off_session === 'true',
    );

  it('retries a no-show fee whose answer was lost: Stripe replays the charge, never a second one', async () => {
    const created = await bookAndSaveCard(13, '0400 300 005', 'pm_card_lost');
    await chargeNoShow(created.appointment.id);
    const [charged] = feeIntents(created.appointment.id, 'no_show_fee');
    expect(charged).toMatchObject({ status: 'succeeded', amount: 8000 });
    // Stripe charged, but the process died before writing its answer.
    await leftPending(created.appointment.id, 'no_show_fee');
    // Two workers' passes at the same time: one takes the row, the other skips it.
    const other = await secondProcess();
    const retried = await Promise.all([
      ctx.app.get(PaymentCharges).retryStalePayments(120_000),
      other.get(PaymentCharges).retryStalePayments(120_000),
    ]);
    expect(retried.sort()).toEqual([0, 1]);
    // Sent again with the same Idempotency-Key: Stripe answered the first charge.
    const requests = feeRequests(created.appointment.id);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.headers!['idempotency-key']).toBe(requests[0]!.headers!['idempotency-key']);
    expect(feeIntents(created.appointment.id, 'no_show_fee')).toHaveLength(1);
    const [row] = await ctx.db.query(
      `SELECT state, stripe_id FROM booking_payments WHERE appointment_id = $1 AND kind = 'no_show_fee'`,
      [created.appointment.id],
    );
    expect(row).toEqual({ state: 'succeeded', stripe_id: charged!.id });
    // Settled: later passes find nothing.
    expect(await ctx.app.get(PaymentCharges).retryStalePayments(0)).toBe(0);
  });

  it('charges a late fee whose request never reached Stripe once the bound passed, and ends fee failed with one pay link', async () => {
    fake.authenticationRequired.add('pm_card_crash');
    const created = await bookAndSaveCard(14, '0400 300 006', 'pm_card_crash');
    const id = created.appointment.id;
    // The row as chargeFee writes it before calling Stripe; the process died there.
    await ctx.db.query(
      `INSERT INTO booking_payments (business_id, appointment_id, customer_id, kind, amount_cents,
                                     state, idempotency_key, stripe_customer_id, payment_method_id)
       SELECT business_id, appointment_id, customer_id, 'late_cancellation_fee', 4000, 'pending',
              'booking-' || appointment_id || '-late_cancellation_fee', stripe_customer_id,
              payment_method_id
         FROM booking_payments WHERE appointment_id = $1 AND kind = 'card_saved'`,
      [id],
    );
    const payments = ctx.app.get(PaymentCharges);
    // Younger than the bound: left alone (its process may still be waiting for Stripe).
    expect(await payments.retryStalePayments(120_000)).toBe(0);
    expect(feeRequests(id)).toHaveLength(0);
    await ctx.db.query(
      `UPDATE booking_payments SET updated_at = now() - interval '3 minutes'
        WHERE appointment_id = $1 AND kind = 'late_cancellation_fee'`,
      [id],
    );
    const other = await secondProcess();
    const retried = await Promise.all([
      payments.retryStalePayments(120_000),
      other.get(PaymentCharges).retryStalePayments(120_000),
    ]);
    expect(retried.sort()).toEqual([0, 1]);
    expect(feeRequests(id)).toHaveLength(1);
    expect(feeRequests(id)[0]!.headers!['idempotency-key']).toBe(
      `booking-${id}-late_cancellation_fee`,
    );
    const [row] = await ctx.db.query(
      `SELECT state, pay_token_hash IS NOT NULL AS has_link FROM booking_payments
        WHERE appointment_id = $1 AND kind = 'late_cancellation_fee'`,
      [id],
    );
    expect(row).toEqual({ state: 'fee_failed', has_link: true });
    const links = await ctx.db.query(
      `SELECT count(*)::int AS n FROM outbox WHERE appointment_id = $1 AND kind = 'payment_fee_link'`,
      [id],
    );
    expect(links[0].n).toBe(1);
  });

  it('is retried by the worker on its own', async () => {
    const created = await bookAndSaveCard(15, '0400 300 007', 'pm_card_worker');
    await chargeNoShow(created.appointment.id);
    await leftPending(created.appointment.id, 'no_show_fee');
    const worker = await startTestWorker(
      ctx,
      fake.env({ PAYMENT_RETRY_INTERVAL_MS: '50', PAYMENT_RETRY_AFTER_MS: '60000' }),
    );
    try {
      await eventually(async () => {
        const [row] = await ctx.db.query(
          `SELECT state FROM booking_payments WHERE appointment_id = $1 AND kind = 'no_show_fee'`,
          [created.appointment.id],
        );
        return row.state === 'succeeded';
      });
    } finally {
      await worker.close();
    }
    expect(feeIntents(created.appointment.id, 'no_show_fee')).toHaveLength(1);
  });
});

describe('disputes', () => {
  let s: Shop;
  beforeAll(async () => {
    s = await newShop('Disputed Salon');
    await connectAndEnable(s);
    await setPolicy(s, DEPOSIT);
  });

  const disputeEmails = (appointmentId: number) =>
    ctx.db.query(
      `SELECT recipient, subject, body FROM outbox
        WHERE appointment_id = $1 AND kind = 'payment-dispute-opened'`,
      [appointmentId],
    ) as Promise<{ recipient: string; subject: string; body: string }[]>;

  async function paidDeposit(hour: number, phone: string) {
    const created = await bookHeld(s, AT(hour), phone);
    const intentId = await pay(created);
    return { id: created.appointment.id, intentId };
  }

  const depositOf = async (appointmentId: number) =>
    (await records(s, `?appointmentId=${appointmentId}&kind=deposit`)).items[0]!;

  it('keeps the dispute’s amount, reason and due date, emails the owner once, and follows it to won', async () => {
    const { id, intentId } = await paidDeposit(9, '0400 600 001');
    // Evidence due 13:30 UTC on 24 January: the 25th in Sydney.
    const dueBy = Date.parse('2027-01-24T13:30:00Z') / 1000;
    const opened = fake.disputeIntent(intentId, { reason: 'product_not_received', dueBy });
    const disputeId = opened.data.object.id as string;
    expect((await deliver(opened)).json()).toEqual({ received: true, duplicate: false });
    expect(await depositOf(id)).toMatchObject({
      state: 'disputed',
      // The card the deposit was paid with, described on payment_intent.succeeded.
      card: { brand: 'visa', last4: '4242' },
      dispute: {
        id: disputeId,
        amount: 2000,
        reason: 'product_not_received',
        status: 'needs_response',
        evidenceDueBy: '2027-01-24T13:30:00.000Z',
        dashboardUrl: `https://dashboard.stripe.com/test/disputes/${disputeId}`,
      },
    });
    // Only the disputed payment is in the list's 'disputed' filter.
    expect((await records(s, '?state=disputed')).items.map((r) => r.appointmentId)).toEqual([id]);
    const emails = await disputeEmails(id);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.recipient).toBe(s.owner.email);
    expect(emails[0]!.subject).toBe('A client disputed the $20.00 deposit');
    expect(emails[0]!.body).toContain('Reason given: product not received.');
    expect(emails[0]!.body).toContain('Send your evidence in Stripe by 25 Jan 2027');
    expect(emails[0]!.body).toContain(`https://dashboard.stripe.com/test/disputes/${disputeId}`);

    // The same event again: acknowledged, not applied (no second email).
    expect((await deliver(opened)).json()).toEqual({ received: true, duplicate: true });
    expect(await disputeEmails(id)).toHaveLength(1);

    const review = fake.updateDispute(disputeId, 'under_review');
    expect((await deliver(review)).statusCode).toBe(200);
    expect((await depositOf(id)).dispute).toMatchObject({
      status: 'under_review',
      evidenceDueBy: null,
    });
    const won = fake.updateDispute(disputeId, 'won');
    expect(won.type).toBe('charge.dispute.closed');
    expect((await deliver(won)).statusCode).toBe(200);
    expect(await depositOf(id)).toMatchObject({ state: 'succeeded', dispute: { status: 'won' } });
    // An older update arriving late does not reopen it.
    expect((await deliver(review)).json()).toEqual({ received: true, duplicate: true });
    const late = { ...review, id: `${review.id}_late` };
    expect((await deliver(late)).statusCode).toBe(200);
    expect(await depositOf(id)).toMatchObject({ state: 'succeeded', dispute: { status: 'won' } });
    expect(await disputeEmails(id)).toHaveLength(1);
  });

  it('stays disputed when the dispute is lost', async () => {
    const { id, intentId } = await paidDeposit(10, '0400 600 002');
    const opened = fake.disputeIntent(intentId, { amount: 1500 });
    expect((await deliver(opened)).statusCode).toBe(200);
    const lost = fake.updateDispute(opened.data.object.id as string, 'lost');
    expect((await deliver(lost)).statusCode).toBe(200);
    expect(await depositOf(id)).toMatchObject({
      state: 'disputed',
      // The card the deposit was paid with, described on payment_intent.succeeded.
      card: { brand: 'visa', last4: '4242' },
      dispute: { amount: 1500, reason: 'fraudulent', status: 'lost', evidenceDueBy: null },
    });
  });
});

describe('tenant isolation', () => {
  it('never lets business B see, charge or change business A’s payments', async () => {
    const a = await newShop('Isolation A');
    await connectAndEnable(a);
    await setPolicy(a, CARD);
    const created = await bookHeld(a, AT(15), '0400 400 001');
    await pay(created, 'pm_a');
    const b = await newShop('Isolation B');
    for (const url of [
      `/api/business/${a.id}/payments`,
      `/api/business/${a.id}/payment-policy`,
      `/api/business/${a.id}/payments/charges`,
    ]) {
      expect((await ownerGet(b, url)).statusCode).toBe(404);
    }
    ctx.clock.set('2027-01-15T05:00:00Z');
    const noShow = await mark(b, created.appointment.id, 'no_show');
    expect(noShow.statusCode).toBe(404);
    expect((await records(b)).items).toHaveLength(0);
    // B cannot put A's service under its own policy either.
    const res = await ctx.request(
      json(
        'PUT',
        `/api/business/${b.id}/payment-policy`,
        {
          policy: { kind: 'none' },
          serviceOverrides: [{ serviceId: a.serviceId, policy: { kind: 'none' } }],
        },
        b.owner.accessToken,
      ),
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('payment webhooks', () => {
  let s: Shop;
  let receiver: WebhookReceiver;
  let worker: INestApplicationContext;
  let path: string;
  let endpointId: number;
  const PAYMENT_EVENTS = [
    'payment.succeeded',
    'payment.card_saved',
    'payment.failed',
    'payment.refunded',
  ];

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    worker = await startTestWorker(ctx, { WEBHOOKS_ALLOW_LOOPBACK: 'true' });
    s = await newShop('Hooked Salon');
    await connectAndEnable(s);
    await setPolicy(s, DEPOSIT);
    path = '/payments';
    const res = await ctx.request(
      json(
        'POST',
        `/api/business/${s.id}/webhooks`,
        { url: receiver.url(path), events: PAYMENT_EVENTS },
        s.owner.accessToken,
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = WebhookEndpointSchema.parse(res.json());
    receiver.secret(path, created.secret);
    endpointId = created.id;
  });
  afterAll(async () => {
    await worker?.close();
    await receiver?.close();
  });

  const written = async (type: string, appointmentId: number) =>
    (
      await ctx.db.query(
        `SELECT payload FROM webhook_deliveries
          WHERE endpoint_id = $1 AND event_type = $2 AND (payload->'data'->>'appointmentId')::int = $3`,
        [endpointId, type, appointmentId],
      )
    ).map((r: { payload: { data: Record<string, unknown> } }) => r.payload.data);

  const heard = (type: string, appointmentId: number) =>
    eventually(
      async () =>
        receiver
          .received(path)
          .find((r) => r.payload?.type === type && r.payload.data.appointmentId === appointmentId),
      10_000,
      `${type} for booking ${appointmentId}`,
    );

  it('sends payment.succeeded once Stripe confirms the deposit, and payment.refunded after an in-time cancel', async () => {
    const created = await bookHeld(s, AT(13), '0400 500 001');
    const id = created.appointment.id;
    // Held, not paid: nothing is said before Stripe's webhook.
    expect(await written('payment.succeeded', id)).toEqual([]);
    const intentId = await pay(created);
    const succeeded = await heard('payment.succeeded', id);
    expect(succeeded.verified).toBe(true);
    expect(succeeded.headers['webhook-id']).toMatch(/^msg_/);
    expect(succeeded.payload!.data).toEqual({
      paymentId: expect.any(Number),
      appointmentId: id,
      customerId: expect.any(Number),
      kind: 'deposit',
      fee: null,
      amountCents: 2000,
      currency: 'aud',
      state: 'succeeded',
      stripeStatus: 'succeeded',
      stripeId: intentId,
    });
    // Stripe repeats itself (a new event id for the same success): no second event.
    expect((await deliver(fake.succeedIntent(intentId))).statusCode).toBe(200);

    const token = await cancelLink(id);
    const res = await ctx.post('/api/cancel-appointment', { token });
    expect(res.statusCode, res.body).toBe(200);
    const refunded = await heard('payment.refunded', id);
    expect(refunded.verified).toBe(true);
    const refund = [...fake.refunds.values()].find((r) => r.payment_intent === intentId)!;
    expect(refunded.payload!.data).toMatchObject({
      kind: 'deposit',
      amountCents: 2000,
      state: 'refunded',
      stripeId: intentId,
      refundId: refund.id,
      refundedCents: 2000,
    });
    // Stripe's charge.refunded afterwards confirms what its reply said: nothing new to tell.
    const charge = fake.events.filter(
      (e) => e.type === 'charge.refunded' && e.data.object.payment_intent === intentId,
    );
    expect(charge).toHaveLength(1);
    expect((await deliver(charge[0]!)).statusCode).toBe(200);
    expect(await written('payment.succeeded', id)).toHaveLength(1);
    expect(await written('payment.refunded', id)).toHaveLength(1);
    // No card data travels: not the brand, not the last four, not the payment method.
    expect(JSON.stringify([succeeded.payload, refunded.payload])).not.toMatch(/pm_|card"|last4/);
  });

  it('writes nothing when the transaction applying Stripe’s event rolls back', async () => {
    const created = await bookHeld(s, AT(14), '0400 500 002');
    const intentId = created.payment!.clientSecret.split('_secret_')[0]!;
    const event = fake.succeedIntent(intentId) as unknown as Stripe.Event;
    const events = ctx.app.get(PaymentEventsService);
    await expect(
      ctx.db.transaction(async (em) => {
        expect(await events.applyOnce(em, event)).toBe(true);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await written('payment.succeeded', created.appointment.id)).toEqual([]);
    expect(await statusOf(created.appointment.id)).toBe('pending_payment');
    // Stripe retries the event, which now commits, with its event.
    expect((await deliver(event as never)).statusCode).toBe(200);
    expect(await written('payment.succeeded', created.appointment.id)).toHaveLength(1);
  });

  it('sends payment.card_saved, and payment.failed for a fee the card needs its owner for', async () => {
    await setPolicy(s, CARD);
    fake.authenticationRequired.add('pm_card_hook_3ds');
    const created = await bookHeld(s, AT(15), '0400 500 003');
    const id = created.appointment.id;
    await pay(created, 'pm_card_hook_3ds');
    const saved = await heard('payment.card_saved', id);
    expect(saved.payload!.data).toMatchObject({ kind: 'card', amountCents: 0, state: 'succeeded' });
    expect(saved.body).not.toContain('pm_card_hook_3ds');
    ctx.clock.set('2027-01-15T06:00:00Z');
    expect((await mark(s, id, 'no_show')).statusCode).toBe(200);
    const failed = await heard('payment.failed', id);
    expect(failed.payload!.data).toMatchObject({
      kind: 'fee',
      fee: 'no_show',
      amountCents: 8000,
      state: 'fee_failed',
    });
    expect(await written('payment.succeeded', id)).toEqual([]);
  });
});

describe('booking webhooks of held bookings (decision record 026)', () => {
  let s: Shop;
  let endpointId: number;
  const BOOKING_EVENTS = [
    'booking.created',
    'booking.rescheduled',
    'booking.cancelled',
    'booking.status_changed',
    'booking.no_show',
  ];

  beforeAll(async () => {
    s = await newShop('Held Hooks Salon');
    await connectAndEnable(s);
    await setPolicy(s, DEPOSIT);
    const res = await ctx.request(
      json(
        'POST',
        `/api/business/${s.id}/webhooks`,
        { url: 'http://127.0.0.1:9/held', events: BOOKING_EVENTS },
        s.owner.accessToken,
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    endpointId = WebhookEndpointSchema.parse(res.json()).id;
  });

  const bookingEvents = (appointmentId: number) =>
    bookingEventsWritten(ctx.db, endpointId, appointmentId);

  it('sends no booking.created for a held deposit until Stripe confirms it, then exactly one', async () => {
    const created = await bookHeld(s, AT(9), '0400 600 001');
    const id = created.appointment.id;
    expect(await bookingEvents(id)).toEqual([]);
    const intentId = await pay(created);
    const after = await bookingEvents(id);
    expect(after.map((e) => e.type)).toEqual(['booking.created']);
    expect(after[0]!.data).toMatchObject({
      id,
      status: 'confirmed',
      start: AT(9),
      customerId: expect.any(Number),
    });
    // Stripe repeats itself: nothing more.
    expect((await deliver(fake.succeedIntent(intentId))).statusCode).toBe(200);
    expect(await bookingEvents(id)).toHaveLength(1);
  });

  it('sends booking.created for a card on file once Stripe confirms the saved card', async () => {
    await setPolicy(s, CARD);
    try {
      const created = await bookHeld(s, AT(10), '0400 600 002');
      const id = created.appointment.id;
      expect(await bookingEvents(id)).toEqual([]);
      await pay(created, 'pm_card_held_hooks');
      expect((await bookingEvents(id)).map((e) => e.type)).toEqual(['booking.created']);
    } finally {
      await setPolicy(s, DEPOSIT);
    }
  });

  it('sends nothing for a hold that expires, nor for one the owner cancels', async () => {
    const expiring = await bookHeld(s, AT(11), '0400 600 003');
    ctx.clock.set(new Date(Date.parse(TEST_NOW) + 11 * 60_000).toISOString());
    await eventually(
      async () => (await statusOf(expiring.appointment.id)) === 'cancelled',
      15_000,
      'hold released',
    );
    ctx.clock.set(TEST_NOW);
    expect(await bookingEvents(expiring.appointment.id)).toEqual([]);

    const dropped = await bookHeld(s, AT(12), '0400 600 004');
    const res = await ctx.request({
      method: 'DELETE',
      url: `/api/appointments/${dropped.appointment.id}`,
      headers: bearer(s.owner.accessToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await bookingEvents(dropped.appointment.id)).toEqual([]);
    // A hold that never was a booking to integrations stays unheard of: no event names it.
    const any = await ctx.db.query(
      `SELECT count(*)::int AS n FROM webhook_deliveries
        WHERE (payload->'data'->>'id')::int = ANY($1::int[]) AND event_type LIKE 'booking.%'`,
      [[expiring.appointment.id, dropped.appointment.id]],
    );
    expect(any[0].n).toBe(0);
  });
});
