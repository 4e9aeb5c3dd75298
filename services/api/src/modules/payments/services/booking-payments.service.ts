import { SYSTEM_ACTOR } from '../../activity/index.js';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  amountForPrice,
  type BookingPayment,
  type CancellationOutcome,
  ErrorCode,
  formatPrice,
  type HeldBookingStatus,
  PaymentMessages,
  type PaymentPolicy,
  paymentPolicySummary,
  type PaymentRecordKind,
  type PaymentRecordState,
} from '@slotwise/contracts';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import type { SqlParams } from '../../../core/database/sql-params.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import {
  AppointmentEntity,
  BOOKING_WRITTEN,
  BookingStep,
  BookingWriter,
} from '../../bookings/index.js';
import { type OutboxMessageInput, OutboxService } from '../../outbox/index.js';
import { BookingPaymentEntity } from '../entities/payment-tables.entity.js';
import { lateFeeResult, refundResult } from './cancel-results.js';
import { ConnectAccountsService } from './connect-accounts.service.js';
import { PaymentHoldsQueue } from '../jobs/payment-holds.queue.js';
import { PaymentPoliciesService } from './payment-policies.service.js';
import { PaymentWebhooks } from './payment-webhooks.service.js';
import { hashToken, PaymentCharges } from './payment-charges.service.js';
import { PaymentsStripe } from './payments-stripe.service.js';

/** What a booking must do before it is confirmed, decided before it is written. */
export interface PaymentRequirement {
  kind: 'deposit' | 'card_on_file';
  /** Cents taken now (0 for a card on file). */
  amount: number;
  /** The wording the customer accepts, stored with the acceptance. */
  summary: string;
  policy: PaymentPolicy;
  accountId: string;
}

/** Idempotency key (and unique row) of one kind of payment of one booking. */
export const paymentKey = (appointmentId: number, kind: PaymentRecordKind | string) =>
  `booking-${appointmentId}-${kind}`;

/** The line the confirmation SMS and email add: what was paid (sent only once Stripe says so). */
export function paidLine(
  requirement: Pick<PaymentRequirement, 'kind' | 'amount' | 'policy'>,
): string {
  const notice = requirement.policy.freeCancellationHours;
  return requirement.kind === 'deposit'
    ? `Deposit paid: ${formatPrice(requirement.amount)} (refunded if you cancel at least ${notice} hours before).`
    : `Card saved for the cancellation policy: nothing has been charged.`;
}

/** Messages as stored with a hold (JSON: dates become strings). */
type HeldMessage = Omit<OutboxMessageInput, 'notBefore'> & { notBefore?: string | Date };

/**
 * The money side of a booking (decision 39): the deposit or saved card that holds a booking as
 * `pending_payment` until Stripe's webhook confirms it, the abandoned hold's release, refunds and
 * the late-cancellation and no-show fees, each charged at most once (one row per booking and kind,
 * and Stripe's Idempotency-Key with the same key). Stripe is never called inside a database
 * transaction; a row says 'succeeded' only once Stripe has said so.
 */
@Injectable()
export class BookingPaymentsService {
  private readonly logger = new Logger('BookingPayments');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly accounts: ConnectAccountsService,
    private readonly policies: PaymentPoliciesService,
    private readonly stripe: PaymentsStripe,
    private readonly writer: BookingWriter,
    private readonly outbox: OutboxService,
    private readonly holds: PaymentHoldsQueue,
    private readonly webhooks: PaymentWebhooks,
    private readonly charges: PaymentCharges,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // ---------------------------------------------------------------------------------------------
  // Booking

  /**
   * What the policy asks of this booking, or null: nothing asked, payments not configured, the
   * account not able to take charges, or a returning client under a new-clients-only policy.
   */
  async requirement(
    businessId: number,
    service: { id: number; priceCents: number },
    phone: string,
  ): Promise<PaymentRequirement | null> {
    const account = await this.accounts.enabledAccount(businessId);
    if (!account) return null;
    const policy = await this.policies.policyFor(businessId, service.id);
    if (policy.kind === 'none') return null;
    const summary = paymentPolicySummary(policy, service.priceCents);
    if (!summary) return null;
    if (policy.newClientsOnly && (await this.isReturningClient(businessId, phone))) return null;
    return {
      kind: policy.kind,
      amount: policy.kind === 'deposit' ? amountForPrice(policy.deposit, service.priceCents) : 0,
      summary,
      policy,
      accountId: account.accountId,
    };
  }

  private async isReturningClient(businessId: number, phone: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM appointments a JOIN customers c ON c.id = a.customer_id
        WHERE a.business_id = $1 AND c.phone = $2
          AND a.status IN ('confirmed', 'completed', 'pending', 'no_show') LIMIT 1`,
      [businessId, phone],
    );
    return rows.length > 0;
  }

  /** The customer must have accepted exactly the wording the policy has now. */
  checkAcceptance(requirement: PaymentRequirement, accepted: string | null | undefined): void {
    if (accepted?.trim() === requirement.summary) return;
    throw new DomainException(
      ErrorCode.POLICY_NOT_ACCEPTED,
      accepted ? PaymentMessages.policyChanged : PaymentMessages.policyNotAccepted,
      [{ path: 'acceptedPolicy', message: requirement.summary }],
    );
  }

  /**
   * The hold's row, written by the booking's own statement (so a booking never exists without
   * it): the accepted wording and time, the policy as accepted, the hold's end, and the booking's
   * confirmations, which wait here until Stripe confirms the payment.
   */
  holdSql(
    requirement: PaymentRequirement,
    booking: { id: number; businessId: number },
    messages: readonly OutboxMessageInput[],
    p: SqlParams,
  ): string {
    const kind: PaymentRecordKind = requirement.kind === 'deposit' ? 'deposit' : 'card_saved';
    const now = toDate(this.clock.now());
    const heldUntil = new Date(now.getTime() + this.config.PAYMENT_HOLD_SECONDS * 1000);
    return `INSERT INTO booking_payments (business_id, appointment_id, customer_id, kind, amount_cents,
                                          state, idempotency_key, policy, accepted_policy,
                                          accepted_at, held_until, held_messages)
            SELECT ${p.add(booking.businessId, 'int')}, ${p.add(booking.id, 'int')},
                   ${BookingStep.customer}.id, ${p.add(kind, 'text')},
                   ${p.add(requirement.amount, 'int')}, 'pending',
                   ${p.add(paymentKey(booking.id, kind), 'text')},
                   ${p.add(JSON.stringify(requirement.policy), 'jsonb')},
                   ${p.add(requirement.summary, 'text')}, ${p.add(now, 'timestamptz')},
                   ${p.add(heldUntil, 'timestamptz')}, ${p.add(JSON.stringify(messages), 'jsonb')}
              FROM ${BookingStep.customer}
             WHERE ${BOOKING_WRITTEN}`;
  }

  /**
   * After the booking's statement committed: the Stripe customer, the PaymentIntent (deposit) or
   * SetupIntent (card on file) and the hold's release job. When Stripe fails, the booking is
   * released (cancelled, its row kept with the failure) and the customer is told to try again.
   */
  async start(
    appointmentId: number,
    requirement: PaymentRequirement,
    who: { name: string; email: string | null; phone: string },
  ): Promise<BookingPayment> {
    const record = await this.dataSource.manager.findOneByOrFail(BookingPaymentEntity, {
      appointmentId,
      kind: requirement.kind === 'deposit' ? 'deposit' : 'card_saved',
    });
    try {
      const customer = await this.stripeCustomer(record.businessId, record.customerId!, who);
      const metadata = {
        appointmentId: String(appointmentId),
        businessId: String(record.businessId),
        kind: record.kind,
      };
      const intent =
        requirement.kind === 'deposit'
          ? await this.stripe.call('paymentIntents.create', (s) =>
              s.paymentIntents.create(
                {
                  amount: requirement.amount,
                  currency: 'aud',
                  customer,
                  automatic_payment_methods: { enabled: true },
                  transfer_data: { destination: requirement.accountId },
                  application_fee_amount:
                    this.stripe.applicationFee(requirement.amount) || undefined,
                  description: requirement.summary,
                  metadata,
                },
                { idempotencyKey: record.idempotencyKey },
              ),
            )
          : await this.stripe.call('setupIntents.create', (s) =>
              s.setupIntents.create(
                {
                  customer,
                  usage: 'off_session',
                  description: requirement.summary,
                  metadata,
                },
                { idempotencyKey: record.idempotencyKey },
              ),
            );
      await this.dataSource.query(
        `UPDATE booking_payments SET stripe_id = $2, stripe_status = $3, stripe_customer_id = $4,
                updated_at = now() WHERE id = $1`,
        [record.id, intent.id, intent.status, customer],
      );
      await this.holds.schedule(
        record.id,
        Math.max(0, record.heldUntil!.getTime() - this.clock.now().epochMilliseconds),
      );
      return {
        kind: requirement.kind,
        amount: requirement.amount,
        currency: 'aud',
        clientSecret: intent.client_secret!,
        publishableKey: this.stripe.publishableKey,
        expiresAt: record.heldUntil!.toISOString(),
        policySummary: requirement.summary,
      };
    } catch (error) {
      // The booking's data stays (its row says why); only the slot is given back.
      await this.dataSource.transaction(async (em) => {
        await em.query(
          `UPDATE booking_payments SET state = 'failed', failure_message = $2, held_until = NULL,
                  updated_at = now() WHERE id = $1`,
          [record.id, error instanceof Error ? error.message : String(error)],
        );
        await this.release(em, appointmentId);
      });
      throw error;
    }
  }

  /** The client's Stripe Customer for this business (platform account), made once. */
  private async stripeCustomer(
    businessId: number,
    customerId: number,
    who: { name: string; email: string | null; phone: string },
  ): Promise<string> {
    const known: { stripe_customer_id: string }[] = await this.dataSource.query(
      `SELECT stripe_customer_id FROM payment_customers WHERE business_id = $1 AND customer_id = $2`,
      [businessId, customerId],
    );
    if (known[0]) return known[0].stripe_customer_id;
    const created = await this.stripe.call('customers.create', (s) =>
      s.customers.create(
        {
          name: who.name,
          email: who.email ?? undefined,
          phone: who.phone,
          metadata: { businessId: String(businessId), customerId: String(customerId) },
        },
        { idempotencyKey: `payment-customer-${businessId}-${customerId}` },
      ),
    );
    const rows: { stripe_customer_id: string }[] = await this.dataSource.query(
      `INSERT INTO payment_customers (business_id, customer_id, stripe_customer_id) VALUES ($1, $2, $3)
       ON CONFLICT (business_id, customer_id) DO UPDATE SET business_id = EXCLUDED.business_id
       RETURNING stripe_customer_id`,
      [businessId, customerId, created.id],
    );
    return rows[0]!.stripe_customer_id;
  }

  /** A held booking gives its slot back: cancelled, its waiting confirmations never sent. */
  private async release(em: EntityManager, appointmentId: number): Promise<void> {
    const appointment = await this.writer.lock(em, appointmentId);
    if (appointment?.status === 'pending_payment') {
      await this.writer.change(em, appointment, { status: 'cancelled' }, SYSTEM_ACTOR);
    }
  }

  /**
   * Stripe confirmed the deposit or the saved card (webhook): the booking is confirmed and its
   * confirmations, which name what was paid, go out. Applied once: a held row only.
   */
  async confirm(em: EntityManager, record: BookingPaymentEntity): Promise<void> {
    const appointment = await this.writer.lock(em, record.appointmentId);
    if (!appointment || appointment.status !== 'pending_payment') return;
    await this.writer.change(em, appointment, { status: 'confirmed' }, SYSTEM_ACTOR);
    const messages = (record.heldMessages ?? []) as HeldMessage[];
    for (const m of messages) {
      await this.outbox.enqueue(em, {
        ...m,
        ...(m.notBefore ? { notBefore: new Date(m.notBefore) } : {}),
      } as OutboxMessageInput);
    }
    await em.query(
      `UPDATE booking_payments SET held_until = NULL, held_messages = NULL, updated_at = now() WHERE id = $1`,
      [record.id],
    );
  }

  /**
   * The hold's job: a booking still unpaid when its hold ends is released. Stripe's intent is
   * cancelled first, so a payment cannot succeed after the slot is gone; one Stripe already took
   * keeps the booking (its webhook confirms it).
   */
  async expireHold(recordId: number): Promise<'released' | 'kept'> {
    const record = await this.dataSource.manager.findOneBy(BookingPaymentEntity, { id: recordId });
    if (!record || record.state !== 'pending' || !record.heldUntil) return 'kept';
    if (record.heldUntil.getTime() > this.clock.now().epochMilliseconds) return 'kept';
    if (record.stripeId) {
      try {
        const s = this.stripe.stripe();
        const canceled = record.stripeId.startsWith('seti_')
          ? await s.setupIntents.cancel(record.stripeId)
          : await s.paymentIntents.cancel(record.stripeId);
        record.stripeStatus = canceled.status;
      } catch (error) {
        // Succeeded (or processing) meanwhile: the webhook decides.
        this.logger.warn(`Hold ${recordId}: Stripe kept the intent (${String(error)})`);
        return 'kept';
      }
    }
    return this.dataSource.transaction(async (em) => {
      const locked = await em.findOne(BookingPaymentEntity, {
        where: { id: recordId },
        lock: { mode: 'pessimistic_write' },
      });
      if (locked?.state !== 'pending') return 'kept';
      await em.update(
        BookingPaymentEntity,
        { id: recordId },
        {
          state: 'canceled',
          stripeStatus: record.stripeStatus ?? 'canceled',
          heldUntil: null,
          heldMessages: null,
        },
      );
      await this.release(em, record.appointmentId);
      return 'released';
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Cancellations and fees

  /** The booking's deposit or saved card, once Stripe confirmed it. */
  private secured(appointmentId: number, em: EntityManager = this.dataSource.manager) {
    return em
      .createQueryBuilder(BookingPaymentEntity, 'p')
      .where('p.appointment_id = :appointmentId', { appointmentId })
      .andWhere(`p.kind IN ('deposit', 'card_saved')`)
      .getOne();
  }

  /** What cancelling now does to the money, from the policy the customer accepted. */
  async cancellationOutcome(
    appointment: Pick<AppointmentEntity, 'id' | 'startsAt' | 'priceCents'>,
  ): Promise<CancellationOutcome | undefined> {
    const record = await this.secured(appointment.id);
    if (!record || !record.policy) return undefined;
    const policy = record.policy;
    const hoursLeft =
      (appointment.startsAt.getTime() - this.clock.now().epochMilliseconds) / 3_600_000;
    const inTime = hoursLeft >= policy.freeCancellationHours;
    if (record.state !== 'succeeded') {
      return {
        outcome: 'nothing',
        amount: 0,
        message: 'Nothing has been charged for this booking.',
      };
    }
    if (record.kind === 'deposit') {
      return inTime
        ? {
            outcome: 'refund',
            amount: record.amountCents,
            message: `Your ${formatPrice(record.amountCents)} deposit will be refunded to your card.`,
          }
        : {
            outcome: 'deposit_kept',
            amount: record.amountCents,
            message: `It is less than ${policy.freeCancellationHours} hours before your appointment, so your ${formatPrice(record.amountCents)} deposit is kept.`,
          };
    }
    const fee = amountForPrice(policy.lateCancellationFee, appointment.priceCents ?? 0);
    if (inTime || fee === 0) {
      return { outcome: 'nothing', amount: 0, message: 'Cancelling now costs nothing.' };
    }
    return {
      outcome: 'late_fee',
      amount: fee,
      message: `It is less than ${policy.freeCancellationHours} hours before your appointment, so a ${formatPrice(fee)} late-cancellation fee will be charged to your saved card.`,
    };
  }

  /**
   * The customer cancelled (their link): the policy applied once. The answer says what Stripe did,
   * never more: a refund 'on its way' only once Stripe accepted it, a fee 'charged' only once
   * Stripe took it.
   */
  async afterCustomerCancel(
    appointment: AppointmentEntity,
  ): Promise<CancellationOutcome | undefined> {
    const outcome = await this.cancellationOutcome(appointment);
    if (outcome?.outcome === 'refund') {
      await this.refund(appointment);
      return refundResult(outcome.amount, await this.stateOf(appointment.id, 'refund'));
    }
    if (outcome?.outcome === 'late_fee') {
      await this.chargeFee(appointment, 'late_cancellation_fee', outcome.amount);
      const state = await this.stateOf(appointment.id, 'late_cancellation_fee');
      return { ...outcome, message: lateFeeResult(outcome.amount, state) };
    }
    return outcome;
  }

  /**
   * Our reading of Stripe's state of one kind of payment of a booking: undefined when there is
   * none, or when Stripe has not answered for it (a pending row without Stripe's id).
   */
  private async stateOf(
    appointmentId: number,
    kind: PaymentRecordKind,
  ): Promise<PaymentRecordState | undefined> {
    const rows: { state: PaymentRecordState; stripe_id: string | null }[] =
      await this.dataSource.query(
        `SELECT state, stripe_id FROM booking_payments WHERE idempotency_key = $1`,
        [paymentKey(appointmentId, kind)],
      );
    const row = rows[0];
    return row && (row.state !== 'pending' || row.stripe_id) ? row.state : undefined;
  }

  /** The owner cancelled: a deposit is refunded in full, an unpaid hold given up. */
  async afterOwnerCancel(appointment: AppointmentEntity): Promise<void> {
    const record = await this.secured(appointment.id);
    if (!record) return;
    if (record.state === 'succeeded' && record.kind === 'deposit') await this.refund(appointment);
    if (record.state === 'pending' && record.heldUntil) {
      await this.dataSource.query(
        `UPDATE booking_payments SET held_until = now() - interval '1 second' WHERE id = $1`,
        [record.id],
      );
    }
  }

  /** The owner marked a no-show: the no-show fee, off-session, at most once. */
  async afterNoShow(appointment: AppointmentEntity): Promise<void> {
    const record = await this.secured(appointment.id);
    if (!record?.policy || record.kind !== 'card_saved' || record.state !== 'succeeded') return;
    const fee = amountForPrice(record.policy.noShowFee, appointment.priceCents ?? 0);
    if (fee > 0) await this.chargeFee(appointment, 'no_show_fee', fee);
  }

  /** Refunds the deposit (one refund per booking: the same key for the row and for Stripe). */
  private async refund(appointment: AppointmentEntity): Promise<void> {
    const deposit = await this.secured(appointment.id);
    if (!deposit?.stripeId || deposit.kind !== 'deposit') return;
    const key = paymentKey(appointment.id, 'refund');
    const inserted: { id: number }[] = await this.dataSource.query(
      `INSERT INTO booking_payments (business_id, appointment_id, customer_id, kind, amount_cents,
                                     state, idempotency_key)
       VALUES ($1, $2, $3, 'refund', $4, 'pending', $5)
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      [deposit.businessId, appointment.id, deposit.customerId, deposit.amountCents, key],
    );
    if (!inserted[0]) return;
    await this.charges.sendRefund(
      inserted[0].id,
      key,
      { id: deposit.id, stripeId: deposit.stripeId },
      appointment.id,
    );
  }

  /**
   * A fee charged to the saved card off-session. The row (unique per booking and kind) is
   * written first: whoever writes it charges, with it as Stripe's Idempotency-Key, so a double
   * click, a retry or a second API process charge once. A card that needs its owner ends
   * 'fee_failed' and the client is sent a pay link.
   */
  private async chargeFee(
    appointment: AppointmentEntity,
    kind: 'no_show_fee' | 'late_cancellation_fee',
    amount: number,
  ): Promise<void> {
    const card = await this.secured(appointment.id);
    if (!card?.paymentMethodId || !card.stripeCustomerId) return;
    const account = await this.accounts.find(appointment.businessId);
    if (!account) return;
    const key = paymentKey(appointment.id, kind);
    const inserted: { id: number }[] = await this.dataSource.query(
      `INSERT INTO booking_payments (business_id, appointment_id, customer_id, kind, amount_cents,
                                     state, idempotency_key, stripe_customer_id, payment_method_id,
                                     card_brand, card_last4, card_exp_month, card_exp_year)
       VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        appointment.businessId,
        appointment.id,
        card.customerId,
        kind,
        amount,
        key,
        card.stripeCustomerId,
        card.paymentMethodId,
        // The saved card, as Stripe described it when it was saved.
        card.cardBrand,
        card.cardLast4,
        card.cardExpMonth,
        card.cardExpYear,
      ],
    );
    const id = inserted[0]?.id;
    if (!id) return;
    await this.charges.sendFee(appointment, {
      id,
      kind,
      amount,
      key,
      accountId: account.accountId,
      stripeCustomerId: card.stripeCustomerId,
      paymentMethodId: card.paymentMethodId,
    });
  }

  /**
   * A held booking as its booking page sees it; only with the Payment Element's client secret
   * (its intent must be the booking's), else not found.
   */
  async heldStatus(appointmentId: number, clientSecret: string): Promise<HeldBookingStatus> {
    const intentId = clientSecret.split('_secret_')[0] ?? '';
    const rows: {
      status: string;
      kind: 'deposit' | 'card_saved';
      amount_cents: number;
      state: HeldBookingStatus['payment']['state'];
      stripe_status: string | null;
      held_until: Date | null;
    }[] = await this.dataSource.query(
      `SELECT a.status, p.kind, p.amount_cents, p.state, p.stripe_status, p.held_until
         FROM booking_payments p JOIN appointments a ON a.id = p.appointment_id
        WHERE p.appointment_id = $1 AND p.kind IN ('deposit', 'card_saved') AND p.stripe_id = $2`,
      [appointmentId, intentId],
    );
    const row = rows[0];
    if (!row || !clientSecret.startsWith(`${intentId}_secret_`)) {
      throw new DomainException(ErrorCode.NOT_FOUND, 'Booking not found');
    }
    const expired = row.status === 'cancelled' && row.state === 'canceled';
    return {
      status: expired ? 'expired' : (row.status as HeldBookingStatus['status']),
      expiresAt: row.held_until ? new Date(row.held_until).toISOString() : null,
      payment: {
        kind: row.kind === 'deposit' ? 'deposit' : 'card_on_file',
        amount: row.amount_cents,
        state: row.state,
        stripeStatus: row.stripe_status,
      },
    };
  }

  /** The fee behind a pay link, or null (unknown token). */
  feeByToken(token: string): Promise<BookingPaymentEntity | null> {
    return this.dataSource.manager.findOneBy(BookingPaymentEntity, {
      payTokenHash: hashToken(token),
    });
  }
}
