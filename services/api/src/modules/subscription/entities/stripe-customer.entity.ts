import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn } from '../../../core/database/columns.js';

/** The Stripe customer of a business: created once, reused for every later subscription. */
@Entity({ name: 'stripe_customers' })
export class StripeCustomerEntity {
  @PrimaryColumn({ name: 'business_id', type: 'integer' })
  businessId!: number;

  @Column({ name: 'customer_id', type: 'varchar', length: 255, unique: true })
  customerId!: string;

  @CreatedAtColumn()
  createdAt!: Date;
}
