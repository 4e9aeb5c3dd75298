import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DISPUTE_NEEDS_RESPONSE,
  disputeReasonText,
  formatDate,
  formatPrice,
  type PaymentRecordKind,
  type StripeConnectWebhookResponse,
} from '@slotwise/contracts';
import { OutboxService } from '../../outbox/index.js';
import { verifiedStripeEvent } from '../../../core/stripe/stripe-support.js';
import { BookingPaymentEntity } from '../entities/payment-tables.entity.js';
import { BookingPaymentsService } from './booking-payments.service.js';
import { ConnectAccountsService } from './connect-accounts.service.js';
import { PaymentWebhooks } from './payment-webhooks.service.js';
import { PaymentsStripe } from './payments-stripe.service.js';

/** The event types the payments apply (others are stored and acknowledged). */
export function isPaymentEvent(type: string): boolean {
  return (
    type === 'account.updated' ||
    type.startsWith('payment_intent.') ||
    type.startsWith('setup_intent.') ||
    type === 'charge.refunded' ||
    type.startsWith('charge.dispute.')
  );
}

/** Stripe's dispute object, as its `charge.dispute.*` events carry it. */
interface DisputeView {
  id: string;
  amount: number;
  reason: string;
  status: string;
  payment_intent?: string | { id: string } | null;
  evidence_details?: { due_by?: number | null } | null;
}

/** Dispute statuses after which Stripe changes nothing more. */
const DISPUTE_CLOSED = ['won', 'lost', 'warning_closed'];

const CHARGE_NAMES: Partial<Record<PaymentRecordKind, string>> = {
  deposit: 'deposit',
  no_show_fee: 'no-show fee',
  late_cancellation_fee: 'late-cancellation fee',
};

interface IntentView {
  id: string;
  status: string;
  payment_method?: string | { id: string } | null;
  last_payment_error?: { message?: string } | null;
  last_setup_error?: { message?: string } | null;
}

/**
 * Stripe's events about bookings' payments and connected accounts. Each is verified, stored by id
 * in the transaction that applies it (so a repeat is acknowledged and not applied again; a failed
 * one is retried by Stripe), and only moves a row forward from what Stripe says.
 */
@Injectable()
export class PaymentEventsService {
  private readonly logger = new Logger('PaymentEvents');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly stripe: PaymentsStripe,
    private readonly accounts: ConnectAccountsService,
    private readonly bookings: BookingPaymentsService,
    private readonly webhooks: PaymentWebhooks,
    private readonly outbox: OutboxService,
  ) {}

  /** POST /api/stripe/connect-webhook. */
  async handleConnect(
    rawBody: Buffer | undefined,
    signature: string | undefined,
  ): Promise<StripeConnectWebhookResponse> {
    const { stripe, secret } = this.stripe.connectWebhookSetup();
    const event = verifiedStripeEvent(stripe, rawBody, signature, secret);
    const fresh = await this.dataSource.transaction((em) => this.applyOnce(em, event));
    await this.describeCard(event);
    return { received: true, duplicate: !fresh };
  }

  /**
   * Stores the event by id and applies it, once, in `em`'s transaction (the platform endpoint
   * calls this for the payment events it receives). Answers false for a repeat.
   */
  async applyOnce(em: EntityManager, event: Stripe.Event): Promise<boolean> {
    const fresh: unknown[] = await em.query(
      `INSERT INTO payment_events (id, type, account) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [event.id, event.type, event.account ?? null],
    );
    if (fresh.length === 0) return false;
    await this.apply(em, event);
    return true;
  }

  private async apply(em: EntityManager, event: Stripe.Event): Promise<void> {
    const object = event.data.object as unknown as Record<string, unknown>;
    switch (event.type) {
      case 'account.updated':
        return this.accounts.apply(em, object as never);
      case 'payment_intent.succeeded':
      case 'setup_intent.succeeded':
        return this.succeeded(em, object as unknown as IntentView);
      case 'payment_intent.payment_failed':
      case 'setup_intent.setup_failed':
      case 'payment_intent.requires_action':
      case 'payment_intent.processing':
        return this.progressed(em, object as unknown as IntentView);
      case 'payment_intent.canceled':
      case 'setup_intent.canceled':
        await em.query(
          `UPDATE booking_payments SET stripe_status = 'canceled',
                  state = CASE WHEN state = 'pending' THEN 'canceled' ELSE state END, updated_at = now()
            WHERE stripe_id = $1`,
          [object.id],
        );
        return;
      case 'charge.refunded':
        return this.refunded(em, object);
      case 'charge.dispute.created':
      case 'charge.dispute.updated':
      case 'charge.dispute.closed':
      case 'charge.dispute.funds_withdrawn':
      case 'charge.dispute.funds_reinstated':
        return this.disputed(em, object as unknown as DisputeView);
      default:
        this.logger.debug(`${event.type} ${event.id}: nothing to apply`);
    }
  }

  private async succeeded(em: EntityManager, intent: IntentView): Promise<void> {
    const record = await em.findOne(BookingPaymentEntity, {
      where: { stripeId: intent.id },
      lock: { mode: 'pessimistic_write' },
    });
    if (!record) return;
    const paymentMethod = intentIdOf(intent.payment_method);
    const settled = ['succeeded', 'refunded', 'disputed'].includes(record.state);
    await em.update(
      BookingPaymentEntity,
      { id: record.id },
      {
        state: settled ? record.state : 'succeeded',
        stripeStatus: intent.status,
        failureMessage: null,
        ...(paymentMethod ? { paymentMethodId: paymentMethod } : {}),
      },
    );
    // Once per payment: a fee Stripe's reply already settled, or a repeat, says nothing new.
    if (!settled) {
      const type = record.kind === 'card_saved' ? 'payment.card_saved' : 'payment.succeeded';
      await this.webhooks.emit(em, type, record.id);
    }
    if (record.kind === 'deposit' || record.kind === 'card_saved') {
      await this.bookings.confirm(em, record);
    }
  }

  /**
   * After the event's transaction (Stripe is not called inside one): the card a succeeded intent
   * saved or charged, as its PaymentMethod describes it (brand, last four, expiry). The
   * PaymentMethod lives on the platform account, like the intents (destination charges). Tried on
   * repeats too while the card is not described, so Stripe's retry fills what an outage missed; a
   * failure is logged, never the event's.
   */
  async describeCard(event: Stripe.Event): Promise<void> {
    if (event.type !== 'payment_intent.succeeded' && event.type !== 'setup_intent.succeeded') {
      return;
    }
    const intentId = (event.data.object as { id: string }).id;
    const rows: { business_id: number; payment_method_id: string }[] = await this.dataSource.query(
      `SELECT business_id, payment_method_id FROM booking_payments
          WHERE stripe_id = $1 AND payment_method_id IS NOT NULL AND card_last4 IS NULL`,
      [intentId],
    );
    const row = rows[0];
    if (!row) return;
    try {
      const method = await this.stripe.call('paymentMethods.retrieve', (s) =>
        s.paymentMethods.retrieve(row.payment_method_id),
      );
      if (!method.card) return;
      // Every row of the business charged to this card (a fee written meanwhile as well).
      await this.dataSource.query(
        `UPDATE booking_payments SET card_brand = $3, card_last4 = $4, card_exp_month = $5,
                card_exp_year = $6, updated_at = now()
          WHERE business_id = $1 AND payment_method_id = $2 AND card_last4 IS NULL`,
        [
          row.business_id,
          row.payment_method_id,
          method.card.brand,
          method.card.last4,
          method.card.exp_month ?? null,
          method.card.exp_year ?? null,
        ],
      );
    } catch (error) {
      this.logger.warn(`${event.id}: the card of ${intentId} not described (${String(error)})`);
    }
  }

  /**
   * A client disputes a charge with their bank (`charge.dispute.*`): the dispute's amount, reason,
   * status and evidence due date are kept on the charge's row. The charge reads 'disputed' until a
   * dispute is won (or a warning closed), when it is 'succeeded' again. The owner is emailed when
   * a dispute opens; a late event never reopens a closed dispute.
   */
  private async disputed(em: EntityManager, dispute: DisputeView): Promise<void> {
    const intentId = intentIdOf(dispute.payment_intent);
    if (!intentId) return;
    const record = await em.findOne(BookingPaymentEntity, {
      where: { stripeId: intentId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!record) return;
    const known = record.disputeId === dispute.id;
    const closed = DISPUTE_CLOSED.includes(dispute.status);
    if (known && DISPUTE_CLOSED.includes(record.disputeStatus ?? '') && !closed) return;
    const dueBy = dispute.evidence_details?.due_by
      ? new Date(dispute.evidence_details.due_by * 1000)
      : null;
    const released = dispute.status === 'won' || dispute.status === 'warning_closed';
    await em.update(
      BookingPaymentEntity,
      { id: record.id },
      {
        state: released ? (record.state === 'disputed' ? 'succeeded' : record.state) : 'disputed',
        disputeId: dispute.id,
        disputeAmountCents: dispute.amount,
        disputeReason: dispute.reason,
        disputeStatus: dispute.status,
        disputeEvidenceDueBy: DISPUTE_NEEDS_RESPONSE.includes(dispute.status) ? dueBy : null,
      },
    );
    if (!known && !closed) await this.disputeOpenedEmail(em, record, dispute, dueBy);
  }

  /** The owner's email about a new dispute: what, why, and by when to answer it in Stripe. */
  private async disputeOpenedEmail(
    em: EntityManager,
    record: BookingPaymentEntity,
    dispute: DisputeView,
    dueBy: Date | null,
  ): Promise<void> {
    const rows: {
      to: string | null;
      time_zone: string;
      starts_at: Date;
      service_name: string | null;
      customer_name: string;
    }[] = await em.query(
      `SELECT coalesce(b.email, u.email) AS to, b.time_zone, a.starts_at, s.name AS service_name,
              trim(coalesce(a.customer_first_name, '') || ' ' ||
                   coalesce(a.customer_last_name, '')) AS customer_name
         FROM appointments a
         JOIN businesses b ON b.id = a.business_id
         LEFT JOIN users u ON u.id = b.owner_user_id
         LEFT JOIN services s ON s.id = a.service_id
        WHERE a.id = $1`,
      [record.appointmentId],
    );
    const row = rows[0];
    if (!row?.to) return;
    const what = `${formatPrice(record.amountCents)} ${CHARGE_NAMES[record.kind] ?? 'payment'}`;
    const when = formatDate(row.starts_at, row.time_zone);
    const link = this.stripe.dashboardUrl(`disputes/${dispute.id}`);
    await this.outbox.enqueue(em, {
      channel: 'email',
      to: row.to,
      subject: `A client disputed the ${what}`,
      kind: 'payment-dispute-opened',
      businessId: record.businessId,
      appointmentId: record.appointmentId,
      body: [
        `${row.customer_name || 'A client'} has disputed the ${what} for ${row.service_name ?? 'their booking'} on ${when} (booking #${record.appointmentId}) with their bank.`,
        `Amount disputed: ${formatPrice(dispute.amount)}. Reason given: ${disputeReasonText(dispute.reason)}.`,
        '',
        dueBy
          ? `Send your evidence in Stripe by ${formatDate(dueBy, row.time_zone)}, or the bank decides without it:`
          : 'See the dispute in Stripe:',
        link,
      ].join('\n'),
    });
  }

  private async progressed(em: EntityManager, intent: IntentView): Promise<void> {
    const message = intent.last_payment_error?.message ?? intent.last_setup_error?.message ?? null;
    await em.query(
      `UPDATE booking_payments SET stripe_status = $2, failure_message = coalesce($3, failure_message),
              updated_at = now()
        WHERE stripe_id = $1`,
      [intent.id, intent.status, message],
    );
  }

  private async refunded(em: EntityManager, charge: Record<string, unknown>): Promise<void> {
    const intentId = intentIdOf(charge.payment_intent);
    if (!intentId) return;
    const full = charge.amount_refunded === charge.amount;
    const [paid] = updated<{ id: number; appointment_id: number }>(
      await em.query(
        `UPDATE booking_payments SET state = CASE WHEN $2 THEN 'refunded' ELSE state END,
              updated_at = now()
        WHERE stripe_id = $1 RETURNING id, appointment_id`,
        [intentId, full],
      ),
    );
    if (!paid) return;
    // Our refund, waiting for this word from Stripe (one that succeeded at once was told then).
    const [refund] = updated<{ id: number }>(
      await em.query(
        `UPDATE booking_payments SET state = 'succeeded', stripe_status = 'succeeded', updated_at = now()
          WHERE appointment_id = $1 AND kind = 'refund' AND state = 'pending' RETURNING id`,
        [paid.appointment_id],
      ),
    );
    if (refund) await this.webhooks.refunded(em, paid.id, refund.id);
  }
}

/** The rows of an UPDATE … RETURNING (TypeORM's Postgres driver answers [rows, count]). */
function updated<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

function intentIdOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'id' in value)
    return String((value as { id: string }).id);
  return null;
}
