import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { PaymentPolicy, PaymentRecordKind, PaymentRecordState } from '@slotwise/contracts';
import {
  BusinessIdColumn,
  CreatedAtColumn,
  UpdatedAtColumn,
} from '../../../core/database/columns.js';

/** A business's Stripe Connect Express account and what `account.updated` last said of it. */
@Entity({ name: 'stripe_connected_accounts' })
export class ConnectedAccountEntity {
  @PrimaryColumn({ name: 'business_id', type: 'integer' })
  businessId!: number;

  @Column({ name: 'account_id', type: 'varchar', length: 255, unique: true })
  accountId!: string;

  @Column({ name: 'charges_enabled', type: 'boolean', default: false })
  chargesEnabled!: boolean;

  @Column({ name: 'payouts_enabled', type: 'boolean', default: false })
  payoutsEnabled!: boolean;

  @Column({ name: 'details_submitted', type: 'boolean', default: false })
  detailsSubmitted!: boolean;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  requirements!: string[];

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}

/** The business's policy (service_id null) or one service's override. */
@Entity({ name: 'payment_policies' })
export class PaymentPolicyEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  @Column({ name: 'service_id', type: 'integer', nullable: true })
  serviceId!: number | null;

  @Column({ type: 'jsonb' })
  policy!: PaymentPolicy;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}

/** A client's Stripe Customer on the platform account, one per business (never shared). */
@Entity({ name: 'payment_customers' })
export class PaymentCustomerEntity {
  @PrimaryColumn({ name: 'business_id', type: 'integer' })
  businessId!: number;

  @PrimaryColumn({ name: 'customer_id', type: 'integer' })
  customerId!: number;

  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 255, unique: true })
  stripeCustomerId!: string;

  @CreatedAtColumn()
  createdAt!: Date;
}

/** One charge, saved card or refund of a booking, with Stripe's state. */
@Entity({ name: 'booking_payments' })
export class BookingPaymentEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  @Column({ name: 'appointment_id', type: 'integer' })
  appointmentId!: number;

  @Column({ name: 'customer_id', type: 'integer', nullable: true })
  customerId!: number | null;

  @Column({ type: 'varchar', length: 30 })
  kind!: PaymentRecordKind;

  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents!: number;

  @Column({ type: 'char', length: 3, default: 'aud' })
  currency!: string;

  @Column({ type: 'varchar', length: 20 })
  state!: PaymentRecordState;

  @Column({ name: 'stripe_status', type: 'varchar', length: 40, nullable: true })
  stripeStatus!: string | null;

  @Column({ name: 'stripe_id', type: 'varchar', length: 255, nullable: true, unique: true })
  stripeId!: string | null;

  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 255, nullable: true })
  stripeCustomerId!: string | null;

  @Column({ name: 'payment_method_id', type: 'varchar', length: 255, nullable: true })
  paymentMethodId!: string | null;

  @Column({ name: 'card_brand', type: 'varchar', length: 40, nullable: true })
  cardBrand!: string | null;

  @Column({ name: 'card_last4', type: 'varchar', length: 4, nullable: true })
  cardLast4!: string | null;

  @Column({ name: 'card_exp_month', type: 'smallint', nullable: true })
  cardExpMonth!: number | null;

  @Column({ name: 'card_exp_year', type: 'smallint', nullable: true })
  cardExpYear!: number | null;

  @Column({ name: 'dispute_id', type: 'varchar', length: 255, nullable: true, unique: true })
  disputeId!: string | null;

  @Column({ name: 'dispute_amount_cents', type: 'integer', nullable: true })
  disputeAmountCents!: number | null;

  @Column({ name: 'dispute_reason', type: 'varchar', length: 60, nullable: true })
  disputeReason!: string | null;

  @Column({ name: 'dispute_status', type: 'varchar', length: 40, nullable: true })
  disputeStatus!: string | null;

  @Column({ name: 'dispute_evidence_due_by', type: 'timestamptz', nullable: true })
  disputeEvidenceDueBy!: Date | null;

  @Column({ name: 'failure_message', type: 'text', nullable: true })
  failureMessage!: string | null;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 200, unique: true })
  idempotencyKey!: string;

  @Column({ type: 'jsonb', nullable: true })
  policy!: PaymentPolicy | null;

  @Column({ name: 'accepted_policy', type: 'text', nullable: true })
  acceptedPolicy!: string | null;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt!: Date | null;

  @Column({ name: 'held_until', type: 'timestamptz', nullable: true })
  heldUntil!: Date | null;

  @Column({ name: 'held_messages', type: 'jsonb', nullable: true })
  heldMessages!: unknown[] | null;

  /** When Stripe's word that the money moved was recorded: set by a trigger, never by the code. */
  @Column({
    name: 'succeeded_at',
    type: 'timestamptz',
    nullable: true,
    insert: false,
    update: false,
  })
  succeededAt!: Date | null;

  @Column({ name: 'pay_token_hash', type: 'varchar', length: 64, nullable: true, unique: true })
  payTokenHash!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}

/** Stripe's events on the Connect endpoint (and the payment events of the platform's), by id. */
@Entity({ name: 'payment_events' })
export class PaymentEventEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  type!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  account!: string | null;

  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt!: Date;
}
