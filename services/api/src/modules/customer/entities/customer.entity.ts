import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import {
  BusinessIdColumn,
  CreatedAtColumn,
  EmailColumn,
  NameColumn,
  PhoneColumn,
  UpdatedAtColumn,
} from '../../../core/database/columns.js';

/**
 * A business's customer (the owner's client); no account. One per business and phone number,
 * which is stored in E.164 (unique per business).
 */
@Entity({ name: 'customers' })
@Index('customers_business_phone_key', ['businessId', 'phone'], { unique: true })
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

  /** E.164 ('+61412345678'); a number from before numbers were checked may be as typed. */
  @PhoneColumn()
  phone!: string;

  @Column({ name: 'notify_email', type: 'boolean', default: false })
  notifyEmail!: boolean;

  @Column({ name: 'notify_sms', type: 'boolean', default: true })
  notifySms!: boolean;

  /** The owner's private notes on the client. */
  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
