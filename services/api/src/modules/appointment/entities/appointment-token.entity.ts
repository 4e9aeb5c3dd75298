import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

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

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  /** The appointment's start: a link is no use once the appointment has begun. */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
