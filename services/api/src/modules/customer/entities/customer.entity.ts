import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { BusinessIdColumn, CreatedAtColumn } from '../../../core/database/columns.js';

/** A business's customer; no account, identified by name and mobile number. */
@Entity({ name: 'customers' })
export class CustomerEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  @Column({ name: 'first_name', type: 'varchar', length: 60 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 60, default: '' })
  lastName!: string;

  /** Null when the booking page sent only its phone-based placeholder address. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  @Column({ type: 'varchar', length: 30 })
  phone!: string;

  @Column({ name: 'notify_email', type: 'boolean', default: false })
  notifyEmail!: boolean;

  @Column({ name: 'notify_sms', type: 'boolean', default: true })
  notifySms!: boolean;

  @CreatedAtColumn()
  createdAt!: Date;
}
