import { Column, Entity, PrimaryColumn } from 'typeorm';
import { InstantColumn } from '../../../core/database/columns.js';

/** A webhook event already handled: its id is stored with the change it caused, so never twice. */
@Entity({ name: 'stripe_events' })
export class StripeEventEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  type!: string;

  @InstantColumn('stripe_created_at')
  stripeCreatedAt!: Date;

  @InstantColumn('processed_at', { default: () => 'now()' })
  processedAt!: Date;
}
