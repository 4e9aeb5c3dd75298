import { Column, Entity } from 'typeorm';
import {
  EmailColumn,
  NameColumn,
  PhoneColumn,
  PlanLimitedRow,
} from '../../../core/database/columns.js';

/** Someone who works at a business; bookable for the services they offer (staff_services). */
@Entity({ name: 'staff_members' })
export class StaffMemberEntity extends PlanLimitedRow {
  @NameColumn('first_name')
  firstName!: string;

  @NameColumn('last_name', { default: '' })
  lastName!: string;

  @Column({ type: 'varchar', length: 120, nullable: true })
  position!: string | null;

  @EmailColumn({ nullable: true })
  email!: string | null;

  @PhoneColumn({ nullable: true })
  phone!: string | null;

  @Column({ type: 'text', nullable: true })
  bio!: string | null;

  /** Image URL. */
  @Column({ type: 'text', nullable: true })
  avatar!: string | null;
}
