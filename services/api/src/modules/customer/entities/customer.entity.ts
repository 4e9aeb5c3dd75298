import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import {
  BusinessIdColumn,
  CreatedAtColumn,
  EmailColumn,
  NameColumn,
  PhoneColumn,
} from '../../../core/database/columns.js';

/** A business's customer; no account, identified by name and mobile number. */
@Entity({ name: 'customers' })
export class CustomerEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  @NameColumn('first_name')
  firstName!: string;

  @NameColumn('last_name', { default: '' })
  lastName!: string;

  /** Null when the booking page sent only its phone-based placeholder address. */
  @EmailColumn({ nullable: true })
  email!: string | null;

  @PhoneColumn()
  phone!: string;

  @Column({ name: 'notify_email', type: 'boolean', default: false })
  notifyEmail!: boolean;

  @Column({ name: 'notify_sms', type: 'boolean', default: true })
  notifySms!: boolean;

  @CreatedAtColumn()
  createdAt!: Date;
}
