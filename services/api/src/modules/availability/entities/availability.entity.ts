import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { OpeningInterval } from '@slotwise/contracts';
import { BusinessIdColumn } from '../../../core/database/columns.js';

/**
 * Weekly hours: one row per weekday for the business (staff_id null), and one per weekday for each
 * staff member who has hours of their own. A day's intervals are sorted; the gaps are breaks.
 */
@Entity({ name: 'availabilities' })
@Unique('availabilities_business_staff_day_key', ['businessId', 'staffId', 'dayOfWeek'])
export class AvailabilityEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  /** Null: the business's own hours. */
  @Column({ name: 'staff_id', type: 'integer', nullable: true })
  staffId!: number | null;

  /** 0 Sunday … 6 Saturday. */
  @Column({ name: 'day_of_week', type: 'smallint' })
  dayOfWeek!: number;

  @Column({ name: 'is_open', type: 'boolean', default: false })
  isOpen!: boolean;

  /** 'HH:MM' pairs, 00:00 to 24:00; kept while the day is closed so reopening restores them. */
  @Column({ type: 'jsonb', default: () => `'[]'` })
  intervals!: OpeningInterval[];

  /** Minutes between slot starts (the business's rows; staff rows follow the business's grid). */
  @Column({ name: 'slot_duration', type: 'integer', default: 30 })
  slotDuration!: number;
}
