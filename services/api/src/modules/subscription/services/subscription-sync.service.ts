import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { BusinessService } from '../../business/index.js';
import { StripeCustomerEntity } from '../entities/stripe-customer.entity.js';
import type { SubscriptionPlanMatch } from '../entities/subscription.entity.js';
import { PlanLimitsService } from './plan-limits.service.js';

/** What we keep of a Stripe subscription. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: string;
  priceId: string | null;
  plan: SubscriptionPlanMatch;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  createdAt: Date;
}

/**
 * Reads the fields we need. In the pinned API version the billing period lives on each subscription
 * item (`items.data[].current_period_end`), not on the subscription.
 */
export function snapshotOf(
  sub: Stripe.Subscription,
  professionalPriceId: string | undefined,
): SubscriptionSnapshot {
  const items = sub.items?.data ?? [];
  const periodEnds = items
    .map((item) => item.current_period_end)
    .filter((end): end is number => typeof end === 'number');
  return {
    id: sub.id,
    customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    status: sub.status,
    priceId: items[0]?.price?.id ?? null,
    plan:
      professionalPriceId && items.some((item) => item.price?.id === professionalPriceId)
        ? 'professional'
        : 'other',
    currentPeriodEnd: periodEnds.length ? new Date(Math.min(...periodEnds) * 1000) : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    createdAt: new Date(sub.created * 1000),
  };
}

/** Serialises the billing changes of one business (creation, cancel, webhooks). */
export async function lockBilling(em: EntityManager, businessId: number): Promise<void> {
  await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`billing:${businessId}`]);
}

@Injectable()
export class SubscriptionSyncService {
  private readonly logger = new Logger('Subscriptions');

  constructor(
    private readonly planLimits: PlanLimitsService,
    private readonly businesses: BusinessService,
  ) {}

  /**
   * Stores Stripe's state of a subscription read at `readAt`, unless a state read later is already
   * stored (out-of-order deliveries and overlapping requests cannot roll it back), then brings the
   * business's plan and limits in step.
   */
  async apply(
    em: EntityManager,
    businessId: number,
    snapshot: SubscriptionSnapshot,
    readAt: Date,
  ): Promise<void> {
    await lockBilling(em, businessId);
    await em.query(
      `INSERT INTO subscriptions (stripe_subscription_id, business_id, status, price_id, plan,
         current_period_end, cancel_at_period_end, stripe_created_at, synced_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (stripe_subscription_id) DO UPDATE SET
         status = EXCLUDED.status, price_id = EXCLUDED.price_id, plan = EXCLUDED.plan,
         current_period_end = EXCLUDED.current_period_end,
         cancel_at_period_end = EXCLUDED.cancel_at_period_end,
         synced_at = EXCLUDED.synced_at, updated_at = now()
       WHERE subscriptions.synced_at <= EXCLUDED.synced_at`,
      [
        snapshot.id,
        businessId,
        snapshot.status,
        snapshot.priceId,
        snapshot.plan,
        snapshot.currentPeriodEnd,
        snapshot.cancelAtPeriodEnd,
        snapshot.createdAt,
        readAt,
      ],
    );
    await this.planLimits.recompute(em, businessId);
  }

  /**
   * The business a subscription belongs to: by our own record of its customer, else by the
   * `businessId` metadata we set when creating it (the webhook can beat our own commit).
   */
  async businessFor(
    em: EntityManager,
    snapshot: SubscriptionSnapshot,
    metadata: Record<string, string> | null | undefined,
  ): Promise<number | null> {
    const mapped = await em.findOneBy(StripeCustomerEntity, { customerId: snapshot.customerId });
    if (mapped) return mapped.businessId;
    const fromMetadata = Number(metadata?.businessId);
    if (Number.isSafeInteger(fromMetadata) && fromMetadata > 0) {
      // Sequential: `em` is the webhook's transaction (one connection).
      const business = await this.businesses
        .byIdOrThrow(fromMetadata, { em })
        .then(() => true)
        .catch(() => false);
      const other = await em.existsBy(StripeCustomerEntity, { businessId: fromMetadata });
      if (business && !other) return fromMetadata;
    }
    this.logger.warn(`Subscription ${snapshot.id} belongs to no business here; ignored`);
    return null;
  }
}
