import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { SingleUseToken } from '../../../core/database/columns.js';

/** One emailed password reset link; only the sha256 of its random token is stored. */
@Entity({ name: 'password_reset_tokens' })
export class PasswordResetTokenEntity extends SingleUseToken {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;
}
