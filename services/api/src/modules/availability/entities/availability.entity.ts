import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { BusinessIdColumn } from '../../../core/database/columns.js';

/** Postgres returns `time` as 'HH:MM:SS'; the API and the contracts speak 'HH:MM'. */
const hhmm = {
  to: (value: string | null | undefined) => value,
  from: (value: string | null) => (value == null ? value : value.slice(0, 5)),
};

/** One row per business and weekday: whether it opens, when, and the step between slot starts. */
@Entity({ name: 'availabilities' })
@Unique('availabilities_business_day_key', ['businessId', 'dayOfWeek'])
export class AvailabilityEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  /** 0 Sunday … 6 Saturday. */
  @Column({ name: 'day_of_week', type: 'smallint' })
  dayOfWeek!: number;

  @Column({ name: 'is_open', type: 'boolean', default: false })
  isOpen!: boolean;

  @Column({ name: 'open_time', type: 'time', transformer: hhmm })
  openTime!: string;

  @Column({ name: 'close_time', type: 'time', transformer: hhmm })
  closeTime!: string;

  /** Minutes between slot starts. */
  @Column({ name: 'slot_duration', type: 'integer', default: 30 })
  slotDuration!: number;
}
