import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Role } from '@slotwise/contracts';
import { BusinessIdColumn, CreatedAtColumn } from '../../../core/database/columns.js';

/** A person's place in a business: one role each (decision 40); the guard reads it per request. */
@Entity({ name: 'memberships' })
export class MembershipEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 10 })
  role!: Role;

  /** The staff record this person is: their appointments are the ones with this staff member. */
  @Column({ name: 'staff_member_id', type: 'integer', nullable: true })
  staffMemberId!: number | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
