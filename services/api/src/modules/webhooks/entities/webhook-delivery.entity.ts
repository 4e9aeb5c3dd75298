import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { WebhookDeliveryStatus } from '@slotwise/contracts';
import {
  BusinessIdColumn,
  CreatedAtColumn,
  InstantColumn,
  UpdatedAtColumn,
} from '../../../core/database/columns.js';

/**
 * One event for one endpoint: the webhooks' outbox, written in the transaction of the change it
 * tells about, moved to the queue by the worker's relay when `nextAttemptAt` has passed, and kept
 * as the delivery log for 30 days.
 */
@Entity({ name: 'webhook_deliveries' })
export class WebhookDeliveryEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  @Column({ name: 'endpoint_id', type: 'integer' })
  endpointId!: number;

  /** The `webhook-id` header: the same on every attempt. */
  @Column({ name: 'message_id', type: 'varchar', length: 60 })
  messageId!: string;

  @Column({ name: 'event_type', type: 'varchar', length: 60 })
  eventType!: string;

  /** The body sent: `{ type, timestamp, data }`. */
  @Column({ type: 'jsonb' })
  payload!: unknown;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: WebhookDeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @InstantColumn('next_attempt_at', { nullable: true })
  nextAttemptAt!: Date | null;

  /** When a worker took it for sending (its lease). */
  @InstantColumn('claimed_at', { nullable: true })
  claimedAt!: Date | null;

  @Column({ name: 'response_code', type: 'integer', nullable: true })
  responseCode!: number | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @InstantColumn('delivered_at', { nullable: true })
  deliveredAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
