import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import {
  BusinessIdColumn,
  CreatedAtColumn,
  InstantColumn,
} from '../../../core/database/columns.js';

/** A staff member is away (leave, an appointment of their own): a whole day or part of one. */
@Entity({ name: 'staff_time_off' })
export class TimeOffEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  @Column({ name: 'staff_id', type: 'integer' })
  staffId!: number;

  @InstantColumn('starts_at')
  startsAt!: Date;

  @InstantColumn('ends_at')
  endsAt!: Date;

  @Column({ type: 'varchar', length: 120, nullable: true })
  reason!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
