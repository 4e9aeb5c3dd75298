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
 * A business's customer (the owner's client); no account. One per business, phone number (stored
 * in E.164) and name as `clientNameKey` reads it (decision 35): one phone shared by two people is
 * two clients.
 */
@Entity({ name: 'customers' })
@Index('customers_business_phone_name_key', ['businessId', 'phone', 'nameKey'], { unique: true })
export class CustomerEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  @NameColumn('first_name')
  firstName!: string;

  @NameColumn('last_name', { default: '' })
  lastName!: string;

  /** `clientNameKey(firstName, lastName)`, kept with the name by every write. */
  @Column({ name: 'name_key', type: 'varchar', length: 130, default: '' })
  nameKey!: string;

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
