import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import {
  BusinessIdColumn,
  CreatedAtColumn,
  InstantColumn,
  UpdatedAtColumn,
} from '../../../core/database/columns.js';
import type { OutboxChannel, OutboxStatus } from '@slotwise/contracts';

export type { OutboxChannel, OutboxStatus };

/** A file an email carries; `content` is its text (an iCalendar invite), sent as UTF-8. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * A message to deliver, never lost: written in the transaction that causes it, moved to the
 * queue by the relay once `notBefore` has passed, and delivered by the worker, which records its
 * state (contracts' OUTBOX_STATUSES).
 */
@Entity({ name: 'outbox' })
export class OutboxMessageEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 10 })
  channel!: OutboxChannel;

  @Column({ type: 'varchar', length: 254 })
  recipient!: string;

  @Column({ type: 'text', nullable: true })
  subject!: string | null;

  @Column({ type: 'text' })
  body!: string;

  /** Files an email carries (a booking's calendar invite); null for none. */
  @Column({ type: 'jsonb', nullable: true })
  attachments!: OutboxAttachment[] | null;

  /** What the message is for, e.g. 'verify-email', 'booking-confirmation', 'reminder'. */
  @Column({ type: 'varchar', length: 60 })
  kind!: string;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: OutboxStatus;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  /** The business the message is sent for (SMS caps per business); null for account emails. */
  @BusinessIdColumn({ nullable: true })
  businessId!: number | null;

  /** The appointment it is about; a reminder is withdrawn or moved with its appointment. */
  @Column({ name: 'appointment_id', type: 'integer', nullable: true })
  appointmentId!: number | null;

  /** Not handed to the queue before this instant (reminders); the insert time otherwise. */
  @InstantColumn('not_before', { default: () => 'now()' })
  notBefore!: Date;

  /** When a worker took the message for sending (its lease). */
  @InstantColumn('claimed_at', { nullable: true })
  claimedAt!: Date | null;

  /** Twilio's message SID or the email's Message-ID. */
  @Column({ name: 'provider_message_id', type: 'varchar', length: 100, nullable: true })
  providerMessageId!: string | null;

  @InstantColumn('sent_at', { nullable: true })
  sentAt!: Date | null;

  @InstantColumn('delivered_at', { nullable: true })
  deliveredAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
