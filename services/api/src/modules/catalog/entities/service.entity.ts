import {
  Column,
  CreateDateColumn,
  DeleteDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import { BusinessEntity } from '../../business/entities/business.entity.js';

/** A bookable service ("Women's cut", 45 min, $85.00). */
@Entity({ name: 'services' })
export class ServiceEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'business_id', type: 'integer' })
  businessId!: number;

  @ManyToOne(() => BusinessEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'business_id' })
  business?: Relation<BusinessEntity>;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  /** Integer cents (decision 3). */
  @Column({ name: 'price_cents', type: 'integer' })
  priceCents!: number;

  @Column({ name: 'duration_minutes', type: 'integer' })
  durationMinutes!: number;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

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
