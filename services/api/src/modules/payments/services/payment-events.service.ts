import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import type { StripeConnectWebhookResponse } from '@slotwise/contracts';
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
    type === 'charge.dispute.created'
  );
}

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
  ) {}

  /** POST /api/stripe/connect-webhook. */
  async handleConnect(
    rawBody: Buffer | undefined,
    signature: string | undefined,
  ): Promise<StripeConnectWebhookResponse> {
    const { stripe, secret } = this.stripe.connectWebhookSetup();
    const event = verifiedStripeEvent(stripe, rawBody, signature, secret);
    const fresh = await this.dataSource.transaction((em) => this.applyOnce(em, event));
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
        await em.query(
          `UPDATE booking_payments SET state = 'disputed', stripe_status = 'disputed', updated_at = now()
            WHERE stripe_id = $1`,
          [intentIdOf(object.payment_intent)],
        );
        return;
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
