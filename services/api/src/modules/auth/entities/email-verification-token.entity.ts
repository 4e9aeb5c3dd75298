import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, InstantColumn, TokenHashColumn } from '../../../core/database/columns.js';

/** One emailed verification link; only the sha256 of its random token is stored. */
@Entity({ name: 'email_verification_tokens' })
export class EmailVerificationTokenEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @TokenHashColumn({ unique: true })
  tokenHash!: string;

  @InstantColumn('expires_at')
  expiresAt!: Date;

  @InstantColumn('used_at', { nullable: true })
  usedAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
