import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, EmailColumn, InstantColumn } from '../../../core/database/columns.js';

/** A business owner's account. Emails are stored lowercase (a CHECK constraint keeps them so). */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @EmailColumn({ unique: true })
  email!: string;

  /** argon2id PHC string. */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @InstantColumn('email_verified_at', { nullable: true })
  emailVerifiedAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
