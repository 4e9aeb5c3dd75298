import { Column, Entity, PrimaryColumn } from 'typeorm';
import {
  BusinessIdColumn,
  CreatedAtColumn,
  InstantColumn,
  UpdatedAtColumn,
} from '../../../core/database/columns.js';

/** 'professional' when the subscription is for the configured Professional price. */
export type SubscriptionPlanMatch = 'professional' | 'other';

/** A Stripe subscription of a business, as Stripe last reported it (never as a browser said). */
@Entity({ name: 'subscriptions' })
export class SubscriptionEntity {
  @PrimaryColumn({ name: 'stripe_subscription_id', type: 'varchar', length: 255 })
  stripeSubscriptionId!: string;

  @BusinessIdColumn()
  businessId!: number;

  /** Stripe's status: active, past_due, canceled, incomplete… */
  @Column({ type: 'varchar', length: 32 })
  status!: string;

  @Column({ name: 'price_id', type: 'varchar', length: 255, nullable: true })
  priceId!: string | null;

  @Column({ type: 'varchar', length: 20 })
  plan!: SubscriptionPlanMatch;

  @InstantColumn('current_period_end', { nullable: true })
  currentPeriodEnd!: Date | null;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd!: boolean;

  @InstantColumn('stripe_created_at')
  stripeCreatedAt!: Date;

  /** When this state was read from Stripe; an older reading never replaces a newer one. */
  @InstantColumn('synced_at')
  syncedAt!: Date;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
