import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Role } from '@slotwise/contracts';
import {
  BusinessIdColumn,
  CreatedAtColumn,
  EmailColumn,
  InstantColumn,
  TokenHashColumn,
} from '../../../core/database/columns.js';

/** An emailed invitation to join a business: single-use, 7 days; only the token's sha256 is kept. */
@Entity({ name: 'invitations' })
export class InvitationEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  @EmailColumn()
  email!: string;

  @Column({ type: 'varchar', length: 10 })
  role!: Exclude<Role, 'owner'>;

  @Column({ name: 'staff_member_id', type: 'integer', nullable: true })
  staffMemberId!: number | null;

  @TokenHashColumn({ unique: true })
  tokenHash!: string;

  @Column({ name: 'invited_by', type: 'uuid', nullable: true })
  invitedBy!: string | null;

  @InstantColumn('expires_at')
  expiresAt!: Date;

  @InstantColumn('accepted_at', { nullable: true })
  acceptedAt!: Date | null;

  @InstantColumn('revoked_at', { nullable: true })
  revokedAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
