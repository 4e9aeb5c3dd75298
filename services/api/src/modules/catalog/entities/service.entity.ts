import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import {
  ArchivedAtColumn,
  BusinessIdColumn,
  CreatedAtColumn,
  InstantColumn,
  UpdatedAtColumn,
} from '../../../core/database/columns.js';

/** A bookable service ("Women's cut", 45 min, $85.00). */
@Entity({ name: 'services' })
export class ServiceEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  /** Integer cents. */
  @Column({ name: 'price_cents', type: 'integer' })
  priceCents!: number;

  @Column({ name: 'duration_minutes', type: 'integer' })
  durationMinutes!: number;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  /** Set when a lapse to a smaller plan switched the service off; cleared when it comes back. */
  @InstantColumn('plan_paused_at', { nullable: true })
  planPausedAt!: Date | null;

  @ArchivedAtColumn()
  deletedAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
