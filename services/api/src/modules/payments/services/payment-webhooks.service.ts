import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { WebhookEventType } from '@slotwise/contracts';
import { WebhookEvents } from '../../webhooks/index.js';

type PaymentEventType = Extract<WebhookEventType, `payment.${string}`>;

interface PaymentRow {
  id: number;
  business_id: number;
  appointment_id: number;
  customer_id: number | null;
  kind: string;
  amount_cents: number;
  state: string;
  stripe_status: string | null;
  stripe_id: string | null;
}

/** What an integration sees of a payment: never the card (not even its brand or last four). */
function paymentData(row: PaymentRow): Record<string, unknown> {
  const fee = row.kind === 'no_show_fee' || row.kind === 'late_cancellation_fee';
  return {
    paymentId: row.id,
    appointmentId: row.appointment_id,
    customerId: row.customer_id,
    kind: fee ? 'fee' : row.kind === 'card_saved' ? 'card' : 'deposit',
    fee: fee ? row.kind.replace(/_fee$/, '') : null,
    amountCents: row.amount_cents,
    currency: 'aud',
    state: row.state,
    stripeStatus: row.stripe_status,
    stripeId: row.stripe_id,
  };
}

/**
 * The payment.* webhook events. Callers emit only once Stripe has answered (its API's reply or its
 * signed webhook) and in the transaction that records that answer, so an event exists exactly when
 * the payment's new state commits.
 */
@Injectable()
export class PaymentWebhooks {
  constructor(private readonly events: WebhookEvents) {}

  /** `type` about booking_payments row `paymentId` as it now stands in `em`'s transaction. */
  async emit(
    em: EntityManager,
    type: PaymentEventType,
    paymentId: number,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    const rows: PaymentRow[] = await em.query(
      `SELECT id, business_id, appointment_id, customer_id, kind, amount_cents, state,
              stripe_status, stripe_id
         FROM booking_payments WHERE id = $1`,
      [paymentId],
    );
    const row = rows[0];
    if (row) await this.events.emit(em, row.business_id, type, { ...paymentData(row), ...extra });
  }

  /** The refund of `paymentId` (the deposit) by refund row `refundId`, now succeeded. */
  async refunded(em: EntityManager, paymentId: number, refundId: number): Promise<void> {
    const rows: { stripe_id: string | null; amount_cents: number }[] = await em.query(
      `SELECT stripe_id, amount_cents FROM booking_payments WHERE id = $1`,
      [refundId],
    );
    await this.emit(em, 'payment.refunded', paymentId, {
      refundId: rows[0]?.stripe_id ?? null,
      refundedCents: rows[0]?.amount_cents ?? null,
    });
  }
}
