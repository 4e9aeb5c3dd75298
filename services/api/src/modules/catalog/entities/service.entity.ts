import { Column, Entity } from 'typeorm';
import { PlanLimitedRow } from '../../../core/database/columns.js';

/** A bookable service ("Women's cut", 45 min, $85.00). */
@Entity({ name: 'services' })
export class ServiceEntity extends PlanLimitedRow {
  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  /** Integer cents. */
  @Column({ name: 'price_cents', type: 'integer' })
  priceCents!: number;

  @Column({ name: 'duration_minutes', type: 'integer' })
  durationMinutes!: number;

  /** Minutes the resource is also blocked before the service (set-up). */
  @Column({ name: 'buffer_before_minutes', type: 'integer', default: 0 })
  bufferBeforeMinutes!: number;

  /** Minutes the resource is also blocked after the service (clean-up). */
  @Column({ name: 'buffer_after_minutes', type: 'integer', default: 0 })
  bufferAfterMinutes!: number;
}
