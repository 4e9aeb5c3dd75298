import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { AppointmentEntity } from './appointment.entity.js';

export type AppointmentTokenPurpose = 'cancel' | 'reschedule';

/** A customer's cancel or reschedule link (decision 10); the token itself is never stored. */
@Entity({ name: 'appointment_tokens' })
export class AppointmentTokenEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'appointment_id', type: 'integer' })
  appointmentId!: number;

  @ManyToOne(() => AppointmentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'appointment_id' })
  appointment?: Relation<AppointmentEntity>;

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
