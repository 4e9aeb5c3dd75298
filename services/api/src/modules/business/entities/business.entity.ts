import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import {
  CreatedAtColumn,
  EmailColumn,
  PhoneColumn,
  UpdatedAtColumn,
} from '../../../core/database/columns.js';
import {
  type AuRegion,
  CANCEL_CUTOFF_MINUTES,
  DEFAULT_REGION,
  DEFAULT_SLOT_INTERVAL,
  DEFAULT_TIME_ZONE,
  MAX_BOOKING_DAYS_AHEAD,
  MIN_NOTICE_MINUTES,
  type SubscriptionPlan,
} from '@slotwise/contracts';

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

  /** The state or territory whose public holidays Settings offers as closures. */
  @Column({ type: 'varchar', length: 3, default: DEFAULT_REGION })
  region!: AuRegion;

  /** The booking window: online bookings need this much notice… */
  @Column({ name: 'min_notice_minutes', type: 'integer', default: MIN_NOTICE_MINUTES })
  minNoticeMinutes!: number;

  /** …and may be made this many days ahead at most… */
  @Column({ name: 'max_advance_days', type: 'integer', default: MAX_BOOKING_DAYS_AHEAD })
  maxAdvanceDays!: number;

  /** …and the customer's links stop changing a booking this many minutes before its start. */
  @Column({ name: 'cancel_cutoff_minutes', type: 'integer', default: CANCEL_CUTOFF_MINUTES })
  cancelCutoffMinutes!: number;

  /** Minutes between the start times offered (5, 10, 15, 20, 30 or 60), whatever the durations. */
  @Column({ name: 'slot_interval', type: 'integer', default: DEFAULT_SLOT_INTERVAL })
  slotInterval!: number;

  /** Hours before an appointment its customer is texted to confirm it; null: never. */
  @Column({ name: 'confirmation_request_hours', type: 'integer', nullable: true, default: 48 })
  confirmationRequestHours!: number | null;

  @Column({ name: 'subscription_plan', type: 'varchar', length: 20, default: 'free' })
  subscriptionPlan!: SubscriptionPlan;

  /** The owner's switch: off hides the business from the directory and its page from the public. */
  @Column({ name: 'publishing_enabled', type: 'boolean', default: true })
  publishingEnabled!: boolean;

  /**
   * When the owner last saved or kept the weekly hours (setup's hours step, Settings): until then
   * the business is not published, its default week being nobody's choice.
   */
  @Column({ name: 'hours_confirmed_at', type: 'timestamptz', nullable: true })
  hoursConfirmedAt!: Date | null;

  /**
   * The account the business was created for (or that claimed it): keeps first sign-in idempotent.
   * It decides no access: memberships do (decision 015).
   */
  @Column({ name: 'owner_user_id', type: 'uuid', nullable: true, unique: true })
  ownerUserId!: string | null;

  /** The owner lets staff see everyone's appointments, read-only (their own stay theirs to change). */
  @Column({ name: 'staff_see_whole_diary', type: 'boolean', default: false })
  staffSeeWholeDiary!: boolean;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
