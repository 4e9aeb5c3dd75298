import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { StaffDayHours, StaffRequestKind, StaffRequestStatus } from '@slotwise/contracts';
import {
  BusinessIdColumn,
  CreatedAtColumn,
  InstantColumn,
} from '../../../core/database/columns.js';

/** A staff member's proposed weekly hours or time off, until an owner or manager decides. */
@Entity({ name: 'staff_requests' })
export class StaffRequestEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  @Column({ name: 'staff_id', type: 'integer' })
  staffId!: number;

  /** The account that asked (told of the decision by email). */
  @Column({ name: 'requested_by', type: 'uuid', nullable: true })
  requestedBy!: string | null;

  @Column({ type: 'varchar', length: 10 })
  kind!: StaffRequestKind;

  /** The proposed week (`hours`), as `PUT /api/staff/{id}/availability` saves it. */
  @Column({ type: 'jsonb', nullable: true })
  days!: StaffDayHours[] | null;

  @InstantColumn('starts_at', { nullable: true })
  startsAt!: Date | null;

  @InstantColumn('ends_at', { nullable: true })
  endsAt!: Date | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  note!: string | null;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status!: StaffRequestStatus;

  @Column({ name: 'decided_by_name', type: 'varchar', length: 254, nullable: true })
  decidedByName!: string | null;

  @InstantColumn('decided_at', { nullable: true })
  decidedAt!: Date | null;

  @Column({ name: 'decline_reason', type: 'varchar', length: 300, nullable: true })
  declineReason!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
