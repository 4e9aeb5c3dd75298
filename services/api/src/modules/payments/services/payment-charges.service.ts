import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { formatPrice, isAustralianMobile } from '@slotwise/contracts';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { publicLink } from '../../../core/http/public-url.js';
import { AppointmentEntity } from '../../bookings/index.js';
import { OutboxService } from '../../outbox/index.js';
import { PaymentWebhooks } from './payment-webhooks.service.js';
import { PaymentsStripe } from './payments-stripe.service.js';

/**
 * Writes Stripe's answer (its object's id and status) on a row still pending without one:
 * 'succeeded' only on Stripe's word, anything else waits for its webhook. False when the row
 * already had an answer (another attempt applied it), so nothing is applied twice.
 */
async function answered(
  em: EntityManager,
  rowId: number,
  answer: { id: string; status: string | null },
): Promise<boolean> {
  const updated: unknown[] = await em.query(
    `WITH u AS (UPDATE booking_payments
                   SET stripe_id = $2, stripe_status = $3, state = $4, updated_at = now()
                 WHERE id = $1 AND state = 'pending' AND stripe_id IS NULL RETURNING id)
     SELECT id FROM u`,
    [rowId, answer.id, answer.status, answer.status === 'succeeded' ? 'succeeded' : 'pending'],
  );
  return updated.length > 0;
}

/** A pay link's token as stored (only its hash is kept). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fee row to charge, with what Stripe needs. */
export interface PendingFee {
  id: number;
  kind: 'no_show_fee' | 'late_cancellation_fee';
  amount: number;
  key: string;
  accountId: string;
  stripeCustomerId: string;
  paymentMethodId: string;
}

/** A fee or refund row claimed for a retry. */
interface StaleRow {
  id: number;
  appointment_id: number;
  kind: 'no_show_fee' | 'late_cancellation_fee' | 'refund';
  amount_cents: number;
  idempotency_key: string;
  stripe_customer_id: string | null;
  payment_method_id: string | null;
}

/**
 * The requests to Stripe behind a fee or refund row already written 'pending' (its key is
 * Stripe's Idempotency-Key), and applying Stripe's answer to the row once. Used by the API for
 * the first attempt (BookingPaymentsService) and by the worker for rows whose process died before
 * Stripe answered (PaymentRetryRelay): lean on purpose, so the worker needs no HTTP-side modules.
 */
@Injectable()
export class PaymentCharges {
  private readonly logger = new Logger('PaymentCharges');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly stripe: PaymentsStripe,
    private readonly outbox: OutboxService,
    private readonly webhooks: PaymentWebhooks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Asks Stripe for the refund of a pending refund row (first attempt, or a retry of one whose
   * process died before Stripe answered: the same key, so Stripe refunds once) and applies its
   * answer, once: only a row still pending without Stripe's id is updated.
   */
  async sendRefund(
    refundRow: number,
    key: string,
    deposit: { id: number; stripeId: string },
    appointmentId: number,
  ): Promise<void> {
    try {
      const refund = await this.stripe.stripe().refunds.create(
        {
          payment_intent: deposit.stripeId,
          reverse_transfer: true,
          refund_application_fee: true,
          metadata: { appointmentId: String(appointmentId) },
        },
        { idempotencyKey: key },
      );
      await this.dataSource.transaction(async (em) => {
        const updated = await answered(em, refundRow, refund);
        if (!updated || refund.status !== 'succeeded') return; // charge.refunded will say so
        await em.query(
          `UPDATE booking_payments SET state = 'refunded', updated_at = now() WHERE id = $1`,
          [deposit.id],
        );
        await this.webhooks.refunded(em, deposit.id, refundRow);
      });
    } catch (error) {
      // The cancellation stands; the refund's row says what Stripe answered, for the owner.
      await this.dataSource.query(
        `UPDATE booking_payments SET state = 'failed', failure_message = $2, updated_at = now()
          WHERE id = $1 AND state = 'pending' AND stripe_id IS NULL`,
        [refundRow, error instanceof Error ? error.message : String(error)],
      );
      this.logger.warn(`Refund of booking ${appointmentId} failed: ${String(error)}`);
    }
  }

  /**
   * Charges a pending fee row off-session (first attempt, or a retry of one whose process died
   * before Stripe answered: the same Idempotency-Key, so Stripe answers the first charge's result
   * rather than charging again) and applies Stripe's answer once: only a row still pending
   * without Stripe's id is updated, and only then are events and the pay link sent.
   */
  async sendFee(appointment: AppointmentEntity, fee: PendingFee): Promise<void> {
    const { id, kind, amount } = fee;
    try {
      const intent = await this.stripe.stripe().paymentIntents.create(
        {
          amount,
          currency: 'aud',
          customer: fee.stripeCustomerId,
          payment_method: fee.paymentMethodId,
          off_session: true,
          confirm: true,
          transfer_data: { destination: fee.accountId },
          application_fee_amount: this.stripe.applicationFee(amount) || undefined,
          metadata: {
            appointmentId: String(appointment.id),
            businessId: String(appointment.businessId),
            kind,
          },
        },
        { idempotencyKey: fee.key },
      );
      await this.dataSource.transaction(async (em) => {
        const updated = await answered(em, id, intent);
        if (updated && intent.status === 'succeeded') {
          await this.webhooks.emit(em, 'payment.succeeded', id);
        }
      });
    } catch (error) {
      const stripeError = error instanceof Stripe.errors.StripeError ? error : null;
      const intent = stripeError?.payment_intent as { id?: string; status?: string } | undefined;
      const needsClient =
        stripeError?.code === 'authentication_required' || intent?.status === 'requires_action';
      const token = needsClient ? randomBytes(32).toString('base64url') : null;
      await this.dataSource.transaction(async (em) => {
        const updated: unknown[] = await em.query(
          `WITH u AS (UPDATE booking_payments
                         SET state = $2, stripe_id = $3, stripe_status = $4, failure_message = $5,
                             pay_token_hash = $6, updated_at = now()
                       WHERE id = $1 AND state = 'pending' AND stripe_id IS NULL RETURNING id)
           SELECT id FROM u`,
          [
            id,
            needsClient ? 'fee_failed' : 'failed',
            intent?.id ?? null,
            intent?.status ?? stripeError?.code ?? null,
            stripeError?.message ?? String(error),
            token ? hashToken(token) : null,
          ],
        );
        if (!updated.length) return;
        if (token) await this.sendPayLink(em, appointment, kind, amount, token);
        // Only Stripe's own refusal is a failed payment; our side failing to reach it is not.
        if (stripeError) await this.webhooks.emit(em, 'payment.failed', id);
      });
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Recovery of charges and refunds whose process died before Stripe answered

  /**
   * Claims up to `limit` fee and refund rows still 'pending' without Stripe's id whose last
   * change is older than `olderThanMs` (the database's clock), and sends each again with its own
   * key. The claim moves `updated_at` to now in the same statement that locks the rows
   * (FOR UPDATE SKIP LOCKED), so two workers never take the same row, and a row is retried again
   * only after another `olderThanMs`. Answers how many rows were retried.
   */
  async retryStalePayments(olderThanMs: number, limit = 50): Promise<number> {
    const rows: StaleRow[] = await this.dataSource.query(
      `WITH stale AS (
         SELECT id FROM booking_payments
          WHERE state = 'pending' AND stripe_id IS NULL AND held_until IS NULL
            AND kind IN ('no_show_fee', 'late_cancellation_fee', 'refund')
            AND updated_at < now() - make_interval(secs => $1::double precision / 1000)
          ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED),
       claimed AS (
         UPDATE booking_payments p SET updated_at = now() FROM stale WHERE p.id = stale.id
         RETURNING p.id, p.appointment_id, p.kind, p.amount_cents, p.idempotency_key,
                   p.stripe_customer_id, p.payment_method_id)
       SELECT * FROM claimed`,
      [olderThanMs, limit],
    );
    for (const row of rows) {
      try {
        await this.retry(row);
      } catch (error) {
        this.logger.warn(`Retry of payment ${row.id} failed: ${String(error)}`);
      }
    }
    return rows.length;
  }

  private async retry(row: StaleRow): Promise<void> {
    const appointment = await this.dataSource.manager.findOneBy(AppointmentEntity, {
      id: row.appointment_id,
    });
    if (!appointment) return;
    if (row.kind === 'refund') {
      const deposits: { id: number; stripe_id: string }[] = await this.dataSource.query(
        `SELECT id, stripe_id FROM booking_payments
          WHERE appointment_id = $1 AND kind = 'deposit' AND stripe_id IS NOT NULL`,
        [appointment.id],
      );
      const deposit = deposits[0];
      if (!deposit) return;
      await this.sendRefund(
        row.id,
        row.idempotency_key,
        { id: deposit.id, stripeId: deposit.stripe_id },
        appointment.id,
      );
      return;
    }
    const accounts: { account_id: string }[] = await this.dataSource.query(
      `SELECT account_id FROM stripe_connected_accounts WHERE business_id = $1`,
      [appointment.businessId],
    );
    const account = accounts[0] && { accountId: accounts[0].account_id };
    if (!account || !row.stripe_customer_id || !row.payment_method_id) return;
    await this.sendFee(appointment, {
      id: row.id,
      kind: row.kind,
      amount: row.amount_cents,
      key: row.idempotency_key,
      accountId: account.accountId,
      stripeCustomerId: row.stripe_customer_id,
      paymentMethodId: row.payment_method_id,
    });
  }

  /** The pay link of a fee the card could not pay alone, by SMS and email as the booking has them. */
  private async sendPayLink(
    em: EntityManager,
    appointment: AppointmentEntity,
    kind: 'no_show_fee' | 'late_cancellation_fee',
    amount: number,
    token: string,
  ): Promise<void> {
    const business: { name: string }[] = await em.query(
      `SELECT name FROM businesses WHERE id = $1`,
      [appointment.businessId],
    );
    const what = kind === 'no_show_fee' ? 'missed-appointment fee' : 'late-cancellation fee';
    const link = publicLink(this.config.PUBLIC_URL, `/pay-fee?token=${token}`);
    const text = `${business[0]?.name ?? 'Your salon'}: your bank needs your approval for the ${formatPrice(amount)} ${what}. Pay it here: ${link}`;
    const about = { businessId: appointment.businessId, appointmentId: appointment.id };
    if (appointment.customerPhone && isAustralianMobile(appointment.customerPhone)) {
      await this.outbox.enqueue(em, {
        channel: 'sms',
        to: appointment.customerPhone,
        subject: null,
        body: text,
        kind: 'payment_fee_link',
        ...about,
      });
    }
    if (appointment.customerEmail) {
      await this.outbox.enqueue(em, {
        channel: 'email',
        to: appointment.customerEmail,
        subject: `Please approve the ${what}`,
        body: text,
        kind: 'payment_fee_link_email',
        ...about,
      });
    }
  }
}
