import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A webhook event already handled: its id is stored with the change it caused, so never twice. */
@Entity({ name: 'stripe_events' })
export class StripeEventEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  type!: string;

  @Column({ name: 'stripe_created_at', type: 'timestamptz' })
  stripeCreatedAt!: Date;

  @Column({ name: 'processed_at', type: 'timestamptz', default: () => 'now()' })
  processedAt!: Date;
}
