import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import type { StripeWebhookResponse } from '@slotwise/contracts';
import { verifiedStripeEvent } from '../../../core/stripe/stripe-support.js';
import { isPaymentEvent, PaymentEventsService } from '../../payments/index.js';
import { isStripeMissingResource, StripeGateway } from './stripe-gateway.service.js';
import { snapshotOf, SubscriptionSyncService } from './subscription-sync.service.js';

/** The subscription an event is about: its own object, or the invoice's parent subscription. */
export function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as {
    object?: string;
    id?: string;
    parent?: { subscription_details?: { subscription?: string | { id: string } } | null } | null;
  };
  if (object.object === 'subscription' && object.id) return object.id;
  if (object.object === 'invoice') {
    const sub = object.parent?.subscription_details?.subscription;
    return typeof sub === 'string' ? sub : (sub?.id ?? null);
  }
  return null;
}

/**
 * POST /api/stripe/webhook, the plan's only source: the signature is checked on the raw bytes,
 * the event id is stored in the same transaction as the change it causes (so each event is
 * handled once, and a failed one is retried by Stripe), and the subscription is read back from
 * Stripe instead of trusting the payload, so repeats and out-of-order deliveries all converge on
 * Stripe's state.
 */
@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger('StripeWebhook');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly gateway: StripeGateway,
    private readonly sync: SubscriptionSyncService,
    private readonly paymentEvents: PaymentEventsService,
  ) {}

  async handle(
    rawBody: Buffer | undefined,
    signature: string | undefined,
  ): Promise<StripeWebhookResponse> {
    const { stripe, secret, priceId } = this.gateway.webhookSetup();
    const event = verifiedStripeEvent(stripe, rawBody, signature, secret);

    const answer = await this.dataSource.transaction(async (em): Promise<StripeWebhookResponse> => {
      const fresh: unknown[] = await em.query(
        `INSERT INTO stripe_events (id, type, stripe_created_at) VALUES ($1, $2, to_timestamp($3))
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [event.id, event.type, event.created],
      );
      if (fresh.length === 0) return { received: true, duplicate: true };
      // Bookings' deposits and saved cards are destination charges: their events are the platform's.
      if (isPaymentEvent(event.type)) await this.paymentEvents.applyOnce(em, event);
      const subscriptionId = subscriptionIdOf(event);
      if (subscriptionId) await this.syncSubscription(em, stripe, priceId, subscriptionId, event);
      return { received: true, duplicate: false };
    });
    // After the commit: the card a booking's payment saved or charged, described (brand, last four).
    if (isPaymentEvent(event.type)) await this.paymentEvents.describeCard(event);
    return answer;
  }

  private async syncSubscription(
    em: EntityManager,
    stripe: Stripe,
    priceId: string | undefined,
    subscriptionId: string,
    event: Stripe.Event,
  ): Promise<void> {
    let sub: Stripe.Subscription;
    let readAt: Date;
    try {
      sub = await stripe.subscriptions.retrieve(subscriptionId);
      readAt = new Date();
    } catch (error) {
      // Only a subscription Stripe no longer knows falls back to the payload, dated by the event.
      const payload = event.data.object as { object?: string };
      if (!isStripeMissingResource(error) || payload.object !== 'subscription') throw error;
      sub = event.data.object as Stripe.Subscription;
      readAt = new Date(event.created * 1000);
    }
    const snapshot = snapshotOf(sub, priceId);
    const businessId = await this.sync.businessFor(em, snapshot, sub.metadata);
    if (businessId === null) return;
    await this.sync.apply(em, businessId, snapshot, readAt);
    this.logger.log(`${event.type} ${event.id}: ${snapshot.id} is ${snapshot.status}`);
  }
}
