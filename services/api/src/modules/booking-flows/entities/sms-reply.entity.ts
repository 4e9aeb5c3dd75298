import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { SmsReplyAction } from '@slotwise/contracts';
import { BusinessIdColumn, InstantColumn } from '../../../core/database/columns.js';

/**
 * A customer's SMS reply to the request to confirm an appointment (decision record 020), kept with
 * what it did so the owner reads it on the appointment. Twilio's message SID makes a retried
 * webhook a no-op.
 */
@Entity({ name: 'sms_replies' })
export class SmsReplyEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  @Column({ name: 'appointment_id', type: 'integer' })
  appointmentId!: number;

  /** The sender, E.164 as Twilio gives it. */
  @Column({ name: 'from_number', type: 'varchar', length: 30 })
  fromNumber!: string;

  @Column({ type: 'text' })
  body!: string;

  @Column({ type: 'varchar', length: 20 })
  action!: SmsReplyAction;

  @Column({ name: 'provider_message_id', type: 'varchar', length: 100, unique: true })
  providerMessageId!: string;

  @InstantColumn('received_at', { default: () => 'now()' })
  receivedAt!: Date;
}
