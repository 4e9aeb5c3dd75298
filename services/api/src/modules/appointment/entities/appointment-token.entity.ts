import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, InstantColumn, TokenHashColumn } from '../../../core/database/columns.js';

export type AppointmentTokenPurpose = 'cancel' | 'reschedule';

/**
 * A customer's cancel or reschedule link from their SMS: at least 128 random bits, kept only as a
 * hash, usable once, and only until the appointment starts.
 */
@Entity({ name: 'appointment_tokens' })
export class AppointmentTokenEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'appointment_id', type: 'integer' })
  appointmentId!: number;

  @Column({ type: 'varchar', length: 20 })
  purpose!: AppointmentTokenPurpose;

  @TokenHashColumn()
  tokenHash!: string;

  /** The appointment's start: a link is no use once the appointment has begun. */
  @InstantColumn('expires_at')
  expiresAt!: Date;

  @InstantColumn('used_at', { nullable: true })
  usedAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
