import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { SingleUseToken } from '../../../core/database/columns.js';

export type AppointmentTokenPurpose = 'cancel' | 'reschedule';

/**
 * A customer's cancel or reschedule link from their SMS: at least 128 random bits, kept only as a
 * hash, usable once, and only until the appointment starts (`expiresAt` is its start).
 */
@Entity({ name: 'appointment_tokens' })
export class AppointmentTokenEntity extends SingleUseToken {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'appointment_id', type: 'integer' })
  appointmentId!: number;

  @Column({ type: 'varchar', length: 20 })
  purpose!: AppointmentTokenPurpose;
}
