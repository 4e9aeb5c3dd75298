import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, type EntityManager, In } from 'typeorm';
import {
  type AuthUser,
  type CreateSubscriptionResponse,
  ErrorCode,
  type SubscriptionConfig,
  SubscriptionMessages,
  type SubscriptionStatus,
  SubscriptionStatusValue,
} from '@slotwise/contracts';
import {
  DomainException,
  ValidationFailedException,
} from '../../../core/exceptions/domain.exception.js';
import {
  type BusinessEntity,
  BusinessService,
  type OwnedBusinessRef,
} from '../../business/index.js';
import { StripeCustomerEntity } from '../entities/stripe-customer.entity.js';
import { SubscriptionEntity } from '../entities/subscription.entity.js';
import { PlanLimitsService } from './plan-limits.service.js';
import { StripeGateway } from './stripe-gateway.service.js';
import { lockBilling, snapshotOf, SubscriptionSyncService } from './subscription-sync.service.js';

/** Statuses of a subscription that still runs (billing continues or is being retried). */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);
/** Subscriptions waiting for a payment the Payment Element can make. */
const UNPAID_STATUSES = new Set(['incomplete', 'past_due', 'unpaid']);

/** The Payment Element's secret: the first invoice's payment (pinned API version's shape). */
export function clientSecretOf(sub: Stripe.Subscription): string | null {
  const invoice = sub.latest_invoice;
  if (!invoice || typeof invoice === 'string') return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

/** The subscription the card talks about: an active Professional one, else a live one, else the last ended. */
export function currentSubscription(
  rows: readonly SubscriptionEntity[],
): SubscriptionEntity | null {
  const newestFirst = [...rows].sort(
    (a, b) => b.stripeCreatedAt.getTime() - a.stripeCreatedAt.getTime(),
  );
  return (
    newestFirst.find((r) => r.status === 'active' && r.plan === 'professional') ??
    newestFirst.find((r) => LIVE_STATUSES.has(r.status)) ??
    newestFirst.find((r) => r.status === 'canceled') ??
    null
  );
}

const conflict = (message: string) => new DomainException(ErrorCode.SUBSCRIPTION_CONFLICT, message);

/** The owner's subscription calls. The plan itself only moves with Stripe's webhooks. */
@Injectable()
export class SubscriptionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly gateway: StripeGateway,
    private readonly businessService: BusinessService,
    private readonly sync: SubscriptionSyncService,
    private readonly planLimits: PlanLimitsService,
  ) {}

  config(): SubscriptionConfig {
    const { priceId, publishableKey } = this.gateway.setup();
    return { priceId, publishableKey };
  }

  /**
   * A customer (created once) and an incomplete subscription whose first invoice the Payment Element
   * pays. A still-incomplete subscription of the same price is reused rather than piling up new ones.
   */
  async create(
    owned: OwnedBusinessRef,
    user: AuthUser,
    priceId: string,
  ): Promise<CreateSubscriptionResponse> {
    const setup = this.gateway.setup();
    if (priceId !== setup.priceId) {
      throw new ValidationFailedException(SubscriptionMessages.wrongPrice, [
        { path: 'priceId', message: SubscriptionMessages.wrongPrice },
      ]);
    }
    // Checked again under the lock below; this early answer spares Stripe a needless customer.
    if (owned.business.subscriptionPlan === 'professional') {
      throw conflict(SubscriptionMessages.alreadySubscribed);
    }
    const { stripe } = setup;

    const customerId = await this.customerFor(owned.business, user, stripe);
    return this.dataSource.transaction(async (em) => {
      await lockBilling(em, owned.id);
      const business = await this.businessService.byIdOrThrow(owned.id, { em });
      if (business.subscriptionPlan === 'professional') {
        throw conflict(SubscriptionMessages.alreadySubscribed);
      }

      // An unfinished checkout is reused, and a subscription whose renewal failed is paid again
      // through its open invoice: a second subscription would bill the owner twice.
      const pending = await em.find(SubscriptionEntity, {
        where: { businessId: business.id, status: In([...UNPAID_STATUSES]), priceId },
        order: { stripeCreatedAt: 'DESC' },
      });
      for (const row of pending) {
        const sub = await this.gateway.call('subscriptions.retrieve', () =>
          stripe.subscriptions.retrieve(row.stripeSubscriptionId, {
            expand: ['latest_invoice.confirmation_secret'],
          }),
        );
        await this.sync.apply(em, business.id, snapshotOf(sub, priceId), new Date());
        const secret = clientSecretOf(sub);
        const invoiceOpen =
          typeof sub.latest_invoice === 'object' && sub.latest_invoice?.status === 'open';
        if (UNPAID_STATUSES.has(sub.status) && secret && invoiceOpen) {
          return { clientSecret: secret, subscriptionId: sub.id };
        }
        if (sub.status === 'past_due' || sub.status === 'unpaid') {
          throw conflict(SubscriptionMessages.paymentOutstanding);
        }
      }

      const sub = await this.gateway.call('subscriptions.create', () =>
        stripe.subscriptions.create({
          customer: customerId,
          items: [{ price: priceId }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          expand: ['latest_invoice.confirmation_secret'],
          metadata: { businessId: String(business.id) },
        }),
      );
      await this.sync.apply(em, business.id, snapshotOf(sub, priceId), new Date());
      const secret = clientSecretOf(sub);
      if (!secret) {
        throw new DomainException(
          ErrorCode.PAYMENT_PROVIDER_ERROR,
          SubscriptionMessages.providerFailed,
        );
      }
      return { clientSecret: secret, subscriptionId: sub.id };
    });
  }

  /** Committed on its own, before the subscription exists, so its webhooks find the business. */
  private async customerFor(business: BusinessEntity, user: AuthUser, stripe: Stripe) {
    return this.dataSource.transaction(async (em) => {
      await lockBilling(em, business.id);
      const existing = await em.findOneBy(StripeCustomerEntity, { businessId: business.id });
      if (existing) return existing.customerId;
      const customer = await this.gateway.call('customers.create', () =>
        stripe.customers.create({
          email: user.email,
          name: business.name,
          metadata: { businessId: String(business.id) },
        }),
      );
      await em.insert(StripeCustomerEntity, {
        businessId: business.id,
        customerId: customer.id,
      });
      return customer.id;
    });
  }

  status(owned: OwnedBusinessRef): Promise<SubscriptionStatus> {
    return this.statusOf(this.dataSource.manager, owned.id);
  }

  /** Cancel at period end: the plan stays Professional until Stripe ends the subscription. */
  cancel(owned: OwnedBusinessRef): Promise<SubscriptionStatus> {
    return this.setCancelAtPeriodEnd(owned.business, true);
  }

  reactivate(owned: OwnedBusinessRef): Promise<SubscriptionStatus> {
    return this.setCancelAtPeriodEnd(owned.business, false);
  }

  private async setCancelAtPeriodEnd(
    business: BusinessEntity,
    cancel: boolean,
  ): Promise<SubscriptionStatus> {
    const { stripe, priceId } = this.gateway.setup();
    return this.dataSource.transaction(async (em) => {
      await lockBilling(em, business.id);
      const rows = await em.findBy(SubscriptionEntity, { businessId: business.id });
      const current = currentSubscription(rows);
      if (!current || !LIVE_STATUSES.has(current.status)) {
        throw conflict(SubscriptionMessages.noActiveSubscription);
      }
      // Asking twice for the same thing is not an error: the answer is the state it asked for.
      if (current.cancelAtPeriodEnd !== cancel) {
        const sub = await this.gateway.call('subscriptions.update', () =>
          stripe.subscriptions.update(current.stripeSubscriptionId, {
            cancel_at_period_end: cancel,
          }),
        );
        await this.sync.apply(em, business.id, snapshotOf(sub, priceId), new Date());
      }
      return this.statusOf(em, business.id);
    });
  }

  private async statusOf(em: EntityManager, businessId: number): Promise<SubscriptionStatus> {
    // One after another: `em` may be a transaction, i.e. one connection that runs one query at a time.
    const business = await this.businessService.byIdOrThrow(businessId, { em });
    const rows = await em.findBy(SubscriptionEntity, { businessId });
    const paused = await this.planLimits.paused(em, businessId);
    const current = currentSubscription(rows);
    if (!current) {
      // Professional with no Stripe subscription at all: the demo businesses (complimentary).
      const complimentary = business.subscriptionPlan === 'professional';
      return {
        status: complimentary ? 'active' : 'none',
        plan: business.subscriptionPlan,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        complimentary,
        paused,
      };
    }
    const status = SubscriptionStatusValue.safeParse(current.status);
    return {
      // A status newer than this API version knows is shown as not usable yet.
      status: status.success ? status.data : 'incomplete',
      plan: business.subscriptionPlan,
      currentPeriodEnd: current.currentPeriodEnd
        ? Math.floor(current.currentPeriodEnd.getTime() / 1000)
        : null,
      cancelAtPeriodEnd: current.cancelAtPeriodEnd,
      complimentary: false,
      paused,
    };
  }
}
