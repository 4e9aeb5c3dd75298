// A fake Stripe API on loopback, shared by the API's integration tests (services/api/test) and the
// browser tests (tests/e2e): the real `stripe` SDK talks to it through its host/port/protocol
// options. It speaks Stripe's wire format (form-encoded requests, JSON answers, Stripe's error
// shape), keeps customers, subscriptions and invoices in memory, and produces webhook events signed
// with `Stripe.webhooks.generateTestHeaderString`, exactly as Stripe would sign them.
/* eslint-disable @typescript-eslint/no-explicit-any -- the fake keeps Stripe objects as loose JSON, as the wire has them */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, any>;

export interface FakeStripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Json; previous_attributes?: Record<string, unknown> };
  [key: string]: unknown;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  params: Json;
  headers?: Json;
}

export interface FakeStripe {
  url: string;
  webhookSecret: string;
  /** The Connect endpoint's signing secret (STRIPE_CONNECT_WEBHOOK_SECRET). */
  connectWebhookSecret: string;
  accounts: Map<string, Json>;
  accountLinks: Json[];
  paymentIntents: Map<string, Json>;
  setupIntents: Map<string, Json>;
  refunds: Map<string, Json>;
  /** Payment methods by id (pm_…); one the fake has not seen is made a Visa •••• 4242 on first use. */
  paymentMethods: Map<string, Json>;
  /** Registers the card behind a payment method id (brand, last four, expiry). */
  card(
    paymentMethodId: string,
    card: { brand: string; last4: string; exp_month?: number; exp_year?: number },
  ): void;
  /** The client disputes the intent's charge: charge.dispute.created (needs_response). */
  disputeIntent(
    intentId: string,
    options?: { reason?: string; amount?: number; dueBy?: number },
  ): FakeStripeEvent;
  /** Stripe moves the dispute on: charge.dispute.updated, or .closed for won, lost, warning_closed. */
  updateDispute(disputeId: string, status: string): FakeStripeEvent;
  disputes: Map<string, Json>;
  /** Payment methods whose off-session charges need the customer (authentication_required). */
  authenticationRequired: Set<string>;
  /** account.updated: charges (and payouts) enabled, nothing more due. */
  enableAccount(accountId: string): FakeStripeEvent;
  /** What confirming the Payment Element does: the intent succeeds (a card is attached). */
  succeedIntent(intentId: string, paymentMethod?: string): FakeStripeEvent;
  customers: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  events: FakeStripeEvent[];
  requests: FakeStripeRequest[];
  setWebhookUrl(url: string): void;
  env(extra?: Record<string, string>): Record<string, string>;
  pay(subscriptionId: string): FakeStripeEvent[];
  failPayment(subscriptionId: string): FakeStripeEvent[];
  endSubscription(subscriptionId: string): FakeStripeEvent[];
  setStatus(subscriptionId: string, status: string): void;
  lastEvent(type: string, subscriptionId?: string): FakeStripeEvent | undefined;
  signedEvent(event: FakeStripeEvent, secret?: string): { payload: string; signature: string };
  deliver(
    event: FakeStripeEvent,
    options?: { secret?: string; url?: string },
  ): Promise<{ status: number; body: string }>;
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** An error answered in Stripe's shape (`{ error: { type, message, code?, param? } }`). */
type StripeError = Error & { status: number; stripe: Json };

const DAY = 24 * 60 * 60;
/** The card number the fake Stripe.js sends to simulate a decline. */
export const DECLINED_CARD = '4000000000000002';

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const clone = <T,>(value: T): T => JSON.parse(JSON.stringify(value));

/** Stripe's form encoding (`a[b][0][c]=1`, `expand[]=x`) back into nested objects and arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: any = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(parts[i + 1]!);
      const slot = part === '' && Array.isArray(node) ? node.length : part;
      if (last) node[slot] = value;
      else node = node[slot] ??= nextIsIndex ? [] : {};
    });
  }
  return root;
}

function expands(params: Json): string[] {
  const e = params.expand ?? [];
  return Array.isArray(e) ? e : Object.values(e);
}

/**
 * autoDeliver posts every event to webhookUrl as it happens (browser tests); integration tests
 * deliver events themselves, in any order and as often as they like.
 */
export async function startFakeStripe(
  options: {
    webhookSecret?: string;
    webhookUrl?: string;
    autoDeliver?: boolean;
    now?: () => number;
    confirmDelayMs?: number;
  } = {},
): Promise<FakeStripe> {
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const connectWebhookSecret = `whsec_connect_${randomBytes(16).toString('hex')}`;
  let webhookUrl = options.webhookUrl ?? null;
  const autoDeliver = options.autoDeliver ?? false;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  /** Slows the browser's confirmation down, so the page's 'Processing...' state can be seen. */
  const confirmDelayMs = options.confirmDelayMs ?? 0;

  const customers = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  /** client secret → invoice id */
  const secrets = new Map<string, string>();
  const events: FakeStripeEvent[] = [];
  const requests: FakeStripeRequest[] = [];
  const accounts = new Map<string, Json>();
  const accountLinks: Json[] = [];
  const paymentIntents = new Map<string, Json>();
  const setupIntents = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  const disputes = new Map<string, Json>();
  const authenticationRequired = new Set<string>();
  /** Idempotency-Key → the first answer, replayed as Stripe does. */
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const deliveries: Promise<unknown>[] = [];

  function invoiceView(invoiceId: string, withSecret: boolean) {
    const invoice = clone(invoices.get(invoiceId)!);
    if (!withSecret) delete invoice.confirmation_secret;
    return invoice;
  }

  function subscriptionView(sub: Json, expand: string[] = []) {
    const view = clone(sub);
    if (expand.some((e) => e.startsWith('latest_invoice')) && view.latest_invoice) {
      view.latest_invoice = invoiceView(
        view.latest_invoice,
        expand.includes('latest_invoice.confirmation_secret'),
      );
    }
    return view;
  }

  /** Records an event (a snapshot of the object now) and posts it when autoDeliver is on. */
  function emit(
    type: string,
    object: Json,
    previousAttributes?: Record<string, unknown>,
    account?: string,
  ) {
    const event: FakeStripeEvent = {
      id: id('evt'),
      object: 'event',
      ...(account ? { account } : {}),
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: {
        object: clone(object),
        ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
      },
    };
    events.push(event);
    if (autoDeliver && webhookUrl) {
      // Connected accounts' events go to the Connect endpoint, signed with its own secret.
      const target = account
        ? {
            secret: connectWebhookSecret,
            url: webhookUrl.replace(/\/webhook$/, '/connect-webhook'),
          }
        : {};
      deliveries.push(
        deliver(event, target).catch((e) => console.error('fake stripe delivery', e)),
      );
    }
    return event;
  }

  function newInvoice(sub: Json) {
    const invoiceId = id('in');
    const secret = `pi_${randomBytes(8).toString('hex')}_secret_${randomBytes(8).toString('hex')}`;
    invoices.set(invoiceId, {
      id: invoiceId,
      object: 'invoice',
      customer: sub.customer,
      status: 'open',
      amount_due: 4900,
      currency: 'aud',
      created: now(),
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: clone(sub.metadata) },
      },
      confirmation_secret: { client_secret: secret, type: 'payment_intent' },
    });
    secrets.set(secret, invoiceId);
    return invoiceId;
  }

  function createSubscription(params: Json) {
    if (!customers.has(params.customer)) throw missing('customer', params.customer);
    const items: Json[] = Array.isArray(params.items)
      ? params.items
      : Object.values(params.items ?? {});
    const start = now();
    const sub: Json = {
      id: id('sub'),
      object: 'subscription',
      customer: params.customer,
      status: 'incomplete',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      currency: 'aud',
      metadata: params.metadata ?? {},
      payment_settings: params.payment_settings ?? null,
      items: {
        object: 'list',
        has_more: false,
        data: items.map((item) => ({
          id: id('si'),
          object: 'subscription_item',
          price: { id: item.price, object: 'price', currency: 'aud', unit_amount: 4900 },
          quantity: 1,
          current_period_start: start,
          current_period_end: start + 30 * DAY,
        })),
      },
      latest_invoice: null,
    };
    sub.latest_invoice = newInvoice(sub);
    subscriptions.set(sub.id, sub);
    emit('customer.subscription.created', sub);
    return sub;
  }

  function getSubscription(subId: string) {
    const sub = subscriptions.get(subId);
    if (!sub) throw missing('subscription', subId);
    return sub;
  }

  function updateSubscription(subId: string, params: Json) {
    const sub = getSubscription(subId);
    if (sub.status === 'canceled') {
      throw stripeError(400, 'A canceled subscription can only update its cancellation_details.');
    }
    const previous: Json = {};
    if (params.cancel_at_period_end !== undefined) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
      sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0].current_period_end : null;
    }
    if (params.metadata) sub.metadata = { ...sub.metadata, ...params.metadata };
    emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  /** The first invoice is paid (what confirming the Payment Element does): active, then paid. */
  function pay(subId: string) {
    const sub = getSubscription(subId);
    const invoice = invoices.get(sub.latest_invoice)!;
    invoice.status = 'paid';
    sub.status = 'active';
    const updated = emit('customer.subscription.updated', sub, { status: 'incomplete' });
    const paid = emit('invoice.paid', invoiceView(invoice.id, false));
    return [updated, paid];
  }

  function failPayment(subId: string) {
    const sub = getSubscription(subId);
    const previous = sub.status;
    sub.status = 'past_due';
    sub.latest_invoice = newInvoice(sub);
    const failed = emit('invoice.payment_failed', invoiceView(sub.latest_invoice, false));
    const updated = emit('customer.subscription.updated', sub, { status: previous });
    return [failed, updated];
  }

  /** Stripe ends the subscription (period over after a cancel, or payments given up). */
  function endSubscription(subId: string) {
    const sub = getSubscription(subId);
    sub.status = 'canceled';
    sub.ended_at = now();
    sub.canceled_at ??= now();
    return [emit('customer.subscription.deleted', sub)];
  }

  // --- Connect: accounts, account links, payment and setup intents, refunds -------------------

  function enableAccount(accountId: string) {
    const account = accounts.get(accountId);
    if (!account) throw missing('account', accountId);
    Object.assign(account, {
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      requirements: { currently_due: [], eventually_due: [], past_due: [] },
    });
    return emit('account.updated', account, { charges_enabled: false }, accountId);
  }

  function intentSecret(intentId: string) {
    return `${intentId}_secret_${randomBytes(8).toString('hex')}`;
  }

  function createPaymentIntent(params: Json) {
    const intentId = id('pi');
    const intent: Json = {
      id: intentId,
      object: 'payment_intent',
      amount: Number(params.amount),
      amount_received: 0,
      currency: params.currency ?? 'aud',
      customer: params.customer ?? null,
      payment_method: params.payment_method ?? null,
      status: 'requires_payment_method',
      client_secret: intentSecret(intentId),
      transfer_data: params.transfer_data ?? null,
      application_fee_amount: params.application_fee_amount
        ? Number(params.application_fee_amount)
        : null,
      metadata: params.metadata ?? {},
      description: params.description ?? null,
      last_payment_error: null,
      created: now(),
    };
    paymentIntents.set(intentId, intent);
    if (params.confirm === 'true' && params.off_session === 'true') {
      if (authenticationRequired.has(intent.payment_method)) {
        intent.status = 'requires_action';
        intent.last_payment_error = {
          code: 'authentication_required',
          message: 'This payment requires authentication.',
        };
        emit('payment_intent.requires_action', intent);
        const error = stripeError(
          402,
          'Your card was declined. This transaction requires authentication.',
          'card_error',
          'authentication_required',
        );
        error.stripe.payment_intent = clone(intent);
        throw error;
      }
      succeedPaymentIntent(intent);
    }
    return intent;
  }

  function succeedPaymentIntent(intent: Json, paymentMethod?: string) {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.payment_method ??= paymentMethod ?? id('pm');
    intent.latest_charge = id('ch');
    return emit('payment_intent.succeeded', intent);
  }

  function succeedIntent(intentId: string, paymentMethod?: string) {
    const pi = paymentIntents.get(intentId);
    if (pi) return succeedPaymentIntent(pi, paymentMethod);
    const si = setupIntents.get(intentId);
    if (!si) throw missing('intent', intentId);
    si.status = 'succeeded';
    si.payment_method = paymentMethod ?? id('pm');
    return emit('setup_intent.succeeded', si);
  }

  function cancelIntent(map: Map<string, Json>, intentId: string, type: string) {
    const intent = map.get(intentId);
    if (!intent) throw missing(type, intentId);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      const error = stripeError(
        400,
        `You cannot cancel this ${type} because it has a status of ${intent.status}.`,
        'invalid_request_error',
        `${type}_unexpected_state`,
      );
      throw error;
    }
    intent.status = 'canceled';
    emit(`${type}.canceled`, intent);
    return intent;
  }

  function createRefund(params: Json) {
    const intent = paymentIntents.get(params.payment_intent);
    if (!intent) throw missing('payment_intent', params.payment_intent);
    if (intent.status !== 'succeeded')
      throw stripeError(400, 'This PaymentIntent has no charge to refund.');
    const amount = params.amount
      ? Number(params.amount)
      : intent.amount - (intent.amount_refunded ?? 0);
    intent.amount_refunded = (intent.amount_refunded ?? 0) + amount;
    const refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      metadata: params.metadata ?? {},
      created: now(),
    };
    refunds.set(refund.id, refund);
    emit('charge.refunded', {
      id: intent.latest_charge ?? id('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: intent.amount_refunded,
      payment_intent: intent.id,
      refunded: intent.amount_refunded >= intent.amount,
    });
    return refund;
  }

  function card(
    paymentMethodId: string,
    details: { brand: string; last4: string; exp_month?: number; exp_year?: number },
  ) {
    paymentMethods.set(paymentMethodId, {
      id: paymentMethodId,
      object: 'payment_method',
      type: 'card',
      card: {
        brand: details.brand,
        last4: details.last4,
        exp_month: details.exp_month ?? 12,
        exp_year: details.exp_year ?? 2030,
        country: 'AU',
        funding: 'credit',
      },
      created: now(),
    });
  }

  function paymentMethod(paymentMethodId: string) {
    if (!paymentMethods.has(paymentMethodId))
      card(paymentMethodId, { brand: 'visa', last4: '4242' });
    return paymentMethods.get(paymentMethodId)!;
  }

  function disputeIntent(
    intentId: string,
    options: { reason?: string; amount?: number; dueBy?: number } = {},
  ) {
    const intent = paymentIntents.get(intentId);
    if (!intent) throw missing('payment_intent', intentId);
    const dispute = {
      id: id('dp'),
      object: 'dispute',
      amount: options.amount ?? intent.amount,
      currency: intent.currency,
      charge: intent.latest_charge ?? id('ch'),
      payment_intent: intent.id,
      reason: options.reason ?? 'fraudulent',
      status: 'needs_response',
      evidence_details: {
        due_by: options.dueBy ?? now() + 7 * DAY,
        has_evidence: false,
        past_due: false,
        submission_count: 0,
      },
      is_charge_refundable: false,
      livemode: false,
      created: now(),
    };
    disputes.set(dispute.id, dispute);
    return emit('charge.dispute.created', dispute);
  }

  function updateDispute(disputeId: string, status: string) {
    const dispute = disputes.get(disputeId);
    if (!dispute) throw missing('dispute', disputeId);
    const previous = dispute.status;
    dispute.status = status;
    if (status !== 'needs_response' && status !== 'warning_needs_response') {
      dispute.evidence_details.has_evidence = true;
    }
    const closed = ['won', 'lost', 'warning_closed'].includes(status);
    return emit(closed ? 'charge.dispute.closed' : 'charge.dispute.updated', dispute, {
      status: previous,
    });
  }

  async function deliver(
    event: FakeStripeEvent,
    { secret = webhookSecret, url = webhookUrl }: { secret?: string; url?: string | null } = {},
  ) {
    if (!url) throw new Error('fake stripe: no webhook URL to deliver to');
    const { payload, signature } = signedEvent(event, secret);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body: payload,
    });
    return { status: res.status, body: await res.text() };
  }

  function signedEvent(event: FakeStripeEvent, secret = webhookSecret) {
    const payload = JSON.stringify(event, null, 2);
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  function route(method: string, path: string, params: Json) {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        created: now(),
      };
      customers.set(customer.id, customer);
      return customer;
    }
    if ((m = /^\/v1\/customers\/([^/]+)$/.exec(path)) && method === 'GET') {
      const customer = customers.get(m[1]!);
      if (!customer) throw missing('customer', m[1]!);
      return customer;
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      return subscriptionView(createSubscription(params), expands(params));
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      if (method === 'GET') return subscriptionView(getSubscription(m[1]!), expands(params));
      if (method === 'POST') {
        return subscriptionView(updateSubscription(m[1]!, params), expands(params));
      }
      if (method === 'DELETE') {
        endSubscription(m[1]!);
        return subscriptionView(getSubscription(m[1]!));
      }
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const account = {
        id: id('acct'),
        object: 'account',
        type: params.type ?? 'express',
        country: params.country ?? 'AU',
        email: params.email ?? null,
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        requirements: {
          currently_due: ['external_account', 'individual.dob.day'],
          eventually_due: [],
          past_due: [],
        },
        metadata: params.metadata ?? {},
        created: now(),
      };
      accounts.set(account.id, account);
      return account;
    }
    if ((m = /^\/v1\/accounts\/([^/]+)$/.exec(path)) && method === 'GET') {
      const account = accounts.get(m[1]!);
      if (!account) throw missing('account', m[1]!);
      return account;
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!accounts.has(params.account)) throw missing('account', params.account);
      const link = {
        object: 'account_link',
        url: `https://connect.stripe.com/setup/e/${params.account}/${randomBytes(6).toString('hex')}`,
        account: params.account,
        return_url: params.return_url,
        refresh_url: params.refresh_url,
        type: params.type,
        created: now(),
        expires_at: now() + 300,
      };
      accountLinks.push(link);
      return link;
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(params);
    if ((m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)) && method === 'GET') {
      const intent = paymentIntents.get(m[1]!);
      if (!intent) throw missing('payment_intent', m[1]!);
      return intent;
    }
    if ((m = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path)) && method === 'POST') {
      return cancelIntent(paymentIntents, m[1]!, 'payment_intent');
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const intentId = id('seti');
      const intent = {
        id: intentId,
        object: 'setup_intent',
        customer: params.customer ?? null,
        usage: params.usage ?? 'off_session',
        status: 'requires_payment_method',
        payment_method: null,
        client_secret: intentSecret(intentId),
        metadata: params.metadata ?? {},
        description: params.description ?? null,
        created: now(),
      };
      setupIntents.set(intentId, intent);
      return intent;
    }
    if ((m = /^\/v1\/setup_intents\/([^/]+)\/cancel$/.exec(path)) && method === 'POST') {
      return cancelIntent(setupIntents, m[1]!, 'setup_intent');
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params);
    if ((m = /^\/v1\/payment_methods\/([^/]+)$/.exec(path)) && method === 'GET') {
      return paymentMethod(m[1]!);
    }
    throw stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  /** What the fake Stripe.js calls when the customer confirms the Payment Element. */
  function confirm(body: Json) {
    const intentId = String(body.client_secret ?? '').split('_secret_')[0]!;
    const intent = paymentIntents.get(intentId) ?? setupIntents.get(intentId);
    if (intent) {
      if (String(body.card ?? '').replace(/\s/g, '') === DECLINED_CARD) {
        throw stripeError(402, 'Your card was declined.', 'card_error', 'card_declined');
      }
      if (intent.status !== 'succeeded') succeedIntent(intentId);
      return { status: 'succeeded', id: intentId };
    }
    const invoiceId = secrets.get(body.client_secret);
    if (!invoiceId) throw stripeError(400, 'No such payment_intent.');
    if (String(body.card ?? '').replace(/\s/g, '') === DECLINED_CARD) {
      throw stripeError(402, 'Your card was declined.', 'card_error', 'card_declined');
    }
    const invoice = invoices.get(invoiceId)!;
    const subId = invoice.parent.subscription_details.subscription;
    if (invoice.status !== 'paid') pay(subId);
    return { status: 'succeeded', id: body.client_secret.split('_secret_')[0] };
  }

  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'content-type',
    'access-control-allow-methods': 'POST, OPTIONS',
  };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url!, 'http://fake');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    try {
      if (url.pathname === '/_test/confirm') {
        if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
        if (confirmDelayMs) await new Promise((r) => setTimeout(r, confirmDelayMs));
        return send(200, confirm(JSON.parse(text || '{}')), cors);
      }
      if (!/^Bearer sk_/.test(req.headers.authorization ?? '')) {
        throw stripeError(401, 'Invalid API Key provided.');
      }
      const params = parseStripeForm(req.method === 'GET' ? url.search.slice(1) : text);
      requests.push({
        method: req.method!,
        path: url.pathname,
        params,
        headers: req.headers as Json,
      });
      const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const replay = typeof key === 'string' ? idempotent.get(key) : undefined;
      if (replay) return send(replay.status, replay.body, { 'idempotent-replayed': 'true' });
      try {
        const body = route(req.method!, url.pathname, params);
        if (typeof key === 'string') idempotent.set(key, { status: 200, body: clone(body) });
        send(200, body);
      } catch (caught) {
        const error = caught as StripeError;
        if (typeof key === 'string' && error.stripe) {
          idempotent.set(key, { status: error.status, body: { error: error.stripe } });
        }
        throw caught;
      }
    } catch (caught) {
      const error = caught as StripeError;
      if (!error.stripe) {
        console.error('fake stripe', error);
        return send(500, { error: { type: 'api_error', message: String(error) } });
      }
      send(error.status, { error: error.stripe }, url.pathname.startsWith('/_test') ? cors : {});
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    webhookSecret,
    connectWebhookSecret,
    accounts,
    accountLinks,
    paymentIntents,
    setupIntents,
    refunds,
    paymentMethods,
    card,
    disputeIntent,
    updateDispute,
    disputes,
    authenticationRequired,
    enableAccount,
    succeedIntent,
    customers,
    subscriptions,
    invoices,
    events,
    requests,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    /** Env for an API using this fake. */
    env(extra = {}) {
      return {
        STRIPE_SECRET_KEY: 'sk_test_fake_0123456789',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_0123456789',
        STRIPE_PRICE_ID: 'price_professional_monthly',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_CONNECT_WEBHOOK_SECRET: connectWebhookSecret,
        STRIPE_API_URL: `http://127.0.0.1:${port}`,
        ...extra,
      };
    },
    pay,
    failPayment,
    endSubscription,
    /** Changes a subscription without any event (for replay tests: what a re-read would see). */
    setStatus(subId, status) {
      getSubscription(subId).status = status;
    },
    /** The latest event of a type (optionally about one subscription). */
    lastEvent(type, subId) {
      return [...events]
        .reverse()
        .find(
          (e) =>
            e.type === type &&
            (!subId ||
              e.data.object.id === subId ||
              e.data.object.parent?.subscription_details?.subscription === subId),
        );
    },
    signedEvent,
    deliver,
    /** Waits for automatic deliveries in flight. */
    async settled() {
      while (deliveries.length) await deliveries.shift();
    },
    async close() {
      server.closeAllConnections?.();
      server.close();
      await once(server, 'close').catch(() => undefined);
    },
  };
}

function stripeError(
  status: number,
  message: string,
  type = 'invalid_request_error',
  code?: string,
): StripeError {
  return Object.assign(new Error(message), {
    status,
    stripe: { type, message, ...(code ? { code } : {}) },
  });
}

function missing(kind: string, objectId: string) {
  const error = stripeError(404, `No such ${kind}: '${objectId}'`);
  error.stripe.code = 'resource_missing';
  error.stripe.param = 'id';
  return error;
}
