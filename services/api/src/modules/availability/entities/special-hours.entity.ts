import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { OpeningInterval } from '@slotwise/contracts';
import { BusinessIdColumn, CreatedAtColumn } from '../../../core/database/columns.js';

/** Other hours for one date (late night before Christmas); no intervals: closed that day. */
@Entity({ name: 'business_special_hours' })
@Unique('business_special_hours_date_key', ['businessId', 'date'])
export class SpecialHoursEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  /** 'YYYY-MM-DD', a business-local date. */
  @Column({ type: 'date' })
  date!: string;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  intervals!: OpeningInterval[];

  @Column({ type: 'varchar', length: 120, nullable: true })
  reason!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
