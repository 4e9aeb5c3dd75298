import { Column, Entity } from 'typeorm';
import { PlanLimitedRow } from '../../../core/database/columns.js';

/** Someone who works at a business; bookable for the services they offer (staff_services). */
@Entity({ name: 'staff_members' })
export class StaffMemberEntity extends PlanLimitedRow {
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
}
