import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { SingleUseToken } from '../../../core/database/columns.js';

/** One emailed verification link; only the sha256 of its random token is stored. */
@Entity({ name: 'email_verification_tokens' })
export class EmailVerificationTokenEntity extends SingleUseToken {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;
}
