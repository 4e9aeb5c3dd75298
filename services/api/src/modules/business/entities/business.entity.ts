import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import {
  CreatedAtColumn,
  EmailColumn,
  PhoneColumn,
  UpdatedAtColumn,
} from '../../../core/database/columns.js';
import { DEFAULT_TIME_ZONE, type SubscriptionPlan } from '@slotwise/contracts';

@Entity({ name: 'businesses' })
export class BusinessEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  /** Lowercase and unique; lookups ignore case; a CHECK constraint keeps it lowercase. */
  @Column({ type: 'varchar', length: 60, unique: true })
  slug!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'text', nullable: true })
  address!: string | null;

  @PhoneColumn({ nullable: true })
  phone!: string | null;

  @EmailColumn({ nullable: true })
  email!: string | null;

  @Column({ type: 'text', nullable: true })
  website!: string | null;

  @Column({ type: 'text', nullable: true })
  logo!: string | null;

  /** IANA zone; every slot and "today" is computed in it, daylight saving included. */
  @Column({ name: 'time_zone', type: 'text', default: DEFAULT_TIME_ZONE })
  timeZone!: string;

  @Column({ name: 'subscription_plan', type: 'varchar', length: 20, default: 'free' })
  subscriptionPlan!: SubscriptionPlan;

  /** The owning user (one business per owner); null for businesses nobody has claimed. */
  @Column({ name: 'owner_user_id', type: 'uuid', nullable: true, unique: true })
  ownerUserId!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
