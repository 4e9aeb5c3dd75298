// Types of fake-stripe.mjs for the TypeScript integration tests.
/* eslint-disable @typescript-eslint/no-explicit-any -- the fake keeps Stripe objects as loose JSON, as the wire has them */
export declare const DECLINED_CARD: string;

export interface FakeStripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Record<string, any>; previous_attributes?: Record<string, unknown> };
  [key: string]: unknown;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  params: Record<string, any>;
}

export interface FakeStripe {
  url: string;
  webhookSecret: string;
  customers: Map<string, Record<string, any>>;
  subscriptions: Map<string, Record<string, any>>;
  invoices: Map<string, Record<string, any>>;
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

export declare function parseStripeForm(text: string): Record<string, any>;

export declare function startFakeStripe(options?: {
  webhookSecret?: string;
  webhookUrl?: string;
  autoDeliver?: boolean;
  now?: () => number;
  confirmDelayMs?: number;
}): Promise<FakeStripe>;
