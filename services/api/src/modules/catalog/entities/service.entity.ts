import {
  Column,
  CreateDateColumn,
  DeleteDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A bookable service ("Women's cut", 45 min, $85.00). */
@Entity({ name: 'services' })
export class ServiceEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'business_id', type: 'integer' })
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
  @Column({ name: 'plan_paused_at', type: 'timestamptz', nullable: true })
  planPausedAt!: Date | null;

  /**
   * Set when the owner deleted a row that appointments still point at (history is kept). TypeORM's
   * finds leave archived rows out.
   */
  @DeleteDateColumn({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
