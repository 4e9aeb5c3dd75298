import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import {
  ArchivedAtColumn,
  BusinessIdColumn,
  CreatedAtColumn,
  InstantColumn,
  UpdatedAtColumn,
} from '../../../core/database/columns.js';

@Entity({ name: 'staff_members' })
export class StaffMemberEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  @Column({ name: 'first_name', type: 'varchar', length: 60 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 60, default: '' })
  lastName!: string;

  @Column({ type: 'varchar', length: 120, nullable: true })
  position!: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  phone!: string | null;

  @Column({ type: 'text', nullable: true })
  bio!: string | null;

  /** Image URL. */
  @Column({ type: 'text', nullable: true })
  avatar!: string | null;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  /** Set when a lapse to a smaller plan switched the person off; cleared when they come back. */
  @InstantColumn('plan_paused_at', { nullable: true })
  planPausedAt!: Date | null;

  @ArchivedAtColumn()
  deletedAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
