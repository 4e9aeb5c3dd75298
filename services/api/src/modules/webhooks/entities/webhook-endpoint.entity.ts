import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { WebhookEventType } from '@slotwise/contracts';
import {
  BusinessIdColumn,
  CreatedAtColumn,
  InstantColumn,
  UpdatedAtColumn,
} from '../../../core/database/columns.js';

/** An owner's webhook endpoint: where the business's events go, signed with `secret`. */
@Entity({ name: 'webhook_endpoints' })
export class WebhookEndpointEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  @Column({ type: 'varchar', length: 2000 })
  url!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  description!: string | null;

  @Column({ type: 'text', array: true })
  events!: WebhookEventType[];

  /** `whsec_…` (Standard Webhooks): kept readable, since every delivery is signed with it. */
  @Column({ type: 'varchar', length: 100 })
  secret!: string;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  @Column({ name: 'disabled_reason', type: 'varchar', length: 200, nullable: true })
  disabledReason!: string | null;

  /** The first failure since the last success; 5 days of it disable the endpoint. */
  @InstantColumn('failing_since', { nullable: true })
  failingSince!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
