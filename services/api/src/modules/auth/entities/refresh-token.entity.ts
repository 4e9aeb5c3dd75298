import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { HashedToken, InstantColumn } from '../../../core/database/columns.js';

/**
 * A refresh token (only its sha256 is stored). Each use replaces it with a new one of the same
 * family; presenting a replaced or revoked token again revokes the whole family.
 */
@Entity({ name: 'refresh_tokens' })
export class RefreshTokenEntity extends HashedToken {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'family_id', type: 'uuid' })
  familyId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @InstantColumn('replaced_at', { nullable: true })
  replacedAt!: Date | null;

  @InstantColumn('revoked_at', { nullable: true })
  revokedAt!: Date | null;
}
