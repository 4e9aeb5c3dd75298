import {
  Column,
  CreateDateColumn,
  DeleteDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

@Entity({ name: 'staff_members' })
export class StaffMemberEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'business_id', type: 'integer' })
  businessId!: number;

  @Column({ name: 'first_name', type: 'varchar', length: 60 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 60, default: '' })
  lastName!: string;

  @Column({ type: 'varchar', length: 120, nullable: true })
  position!: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  phone!: string | null;

  @Column({ type: 'text', nullable: true })
  bio!: string | null;

  /** Image URL. */
  @Column({ type: 'text', nullable: true })
  avatar!: string | null;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  /** Set when a lapse to a smaller plan switched the person off; cleared when they come back. */
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
