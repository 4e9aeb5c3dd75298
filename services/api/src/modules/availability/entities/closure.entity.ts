import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { BusinessIdColumn, CreatedAtColumn } from '../../../core/database/columns.js';

/** The business is closed from one date to another, both included (holidays, renovations). */
@Entity({ name: 'business_closures' })
export class ClosureEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  /** 'YYYY-MM-DD', a business-local date. */
  @Column({ name: 'from_date', type: 'date' })
  from!: string;

  @Column({ name: 'to_date', type: 'date' })
  to!: string;

  @Column({ type: 'varchar', length: 120, nullable: true })
  reason!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
