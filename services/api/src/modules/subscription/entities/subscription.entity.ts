import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** 'professional' when the subscription is for the configured Professional price. */
export type SubscriptionPlanMatch = 'professional' | 'other';

/** A Stripe subscription of a business, as Stripe last reported it (never as a browser said). */
@Entity({ name: 'subscriptions' })
export class SubscriptionEntity {
  @PrimaryColumn({ name: 'stripe_subscription_id', type: 'varchar', length: 255 })
  stripeSubscriptionId!: string;

  @Column({ name: 'business_id', type: 'integer' })
  businessId!: number;

  /** Stripe's status: active, past_due, canceled, incomplete… */
  @Column({ type: 'varchar', length: 32 })
  status!: string;

  @Column({ name: 'price_id', type: 'varchar', length: 255, nullable: true })
  priceId!: string | null;

  @Column({ type: 'varchar', length: 20 })
  plan!: SubscriptionPlanMatch;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd!: Date | null;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd!: boolean;

  @Column({ name: 'stripe_created_at', type: 'timestamptz' })
  stripeCreatedAt!: Date;

  /** When this state was read from Stripe; an older reading never replaces a newer one. */
  @Column({ name: 'synced_at', type: 'timestamptz' })
  syncedAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
