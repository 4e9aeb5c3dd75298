import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type {
  PaymentDispute,
  PaymentRecord,
  PaymentRecordKind,
  PaymentRecordList,
  PaymentRecordsQuery,
  PaymentRecordState,
} from '@slotwise/contracts';
import { PaymentsStripe } from './payments-stripe.service.js';

/** The charges list's filters: its query, as parsed. */
export type PaymentRecordsFilter = PaymentRecordsQuery;

interface Row {
  id: number;
  appointment_id: number;
  customer_id: number | null;
  kind: PaymentRecordKind;
  amount_cents: number;
  state: PaymentRecordState;
  stripe_status: string | null;
  stripe_id: string | null;
  failure_message: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  dispute_id: string | null;
  dispute_amount_cents: number | null;
  dispute_reason: string | null;
  dispute_status: string | null;
  dispute_evidence_due_by: Date | null;
  kept: 'late_cancellation' | 'no_show' | null;
  created_at: Date;
  updated_at: Date;
  starts_at: Date;
  service_name: string | null;
  customer_name: string;
  total: number;
}

/** The business's charges and refunds, as the Payments list, an appointment and a client show them. */
@Injectable()
export class PaymentRecordsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly stripe: PaymentsStripe,
  ) {}

  async list(businessId: number, filter: PaymentRecordsFilter = {}): Promise<PaymentRecordList> {
    const where = ['p.business_id = $1'];
    const params: unknown[] = [businessId];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (filter.appointmentId !== undefined) add('p.appointment_id = ?', filter.appointmentId);
    if (filter.customerId !== undefined) add('p.customer_id = ?', filter.customerId);
    if (filter.kind) add('p.kind = ?', filter.kind);
    if (filter.state) add('p.state = ?', filter.state);
    params.push(filter.limit ?? 50, filter.offset ?? 0);
    const rows: Row[] = await this.dataSource.query(
      `SELECT p.*, a.starts_at, s.name AS service_name,
              trim(coalesce(a.customer_first_name, c.first_name, '') || ' ' ||
                   coalesce(a.customer_last_name, c.last_name, '')) AS customer_name,
              count(*) OVER ()::int AS total,
              CASE WHEN p.kind = 'deposit' AND p.state = 'succeeded'
                        AND a.status IN ('cancelled', 'no_show')
                        AND NOT EXISTS (SELECT 1 FROM booking_payments r
                                         WHERE r.appointment_id = p.appointment_id
                                           AND r.kind = 'refund')
                   THEN CASE a.status WHEN 'no_show' THEN 'no_show' ELSE 'late_cancellation' END
              END AS kept
         FROM booking_payments p
         JOIN appointments a ON a.id = p.appointment_id
         LEFT JOIN services s ON s.id = a.service_id
         LEFT JOIN customers c ON c.id = a.customer_id
        WHERE ${where.join(' AND ')}
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const dispute = (r: Row): PaymentDispute | null =>
      r.dispute_id
        ? {
            id: r.dispute_id,
            amount: r.dispute_amount_cents ?? 0,
            reason: r.dispute_reason ?? '',
            status: r.dispute_status ?? '',
            evidenceDueBy: r.dispute_evidence_due_by
              ? new Date(r.dispute_evidence_due_by).toISOString()
              : null,
            dashboardUrl: this.stripe.dashboardUrl(`disputes/${r.dispute_id}`),
          }
        : null;
    return { items: rows.map((r) => toRecord(r, dispute(r))), total: rows[0]?.total ?? 0 };
  }

  /** One appointment's, oldest first (the appointment's panel). */
  async forAppointment(businessId: number, appointmentId: number): Promise<PaymentRecord[]> {
    const { items } = await this.list(businessId, { appointmentId, limit: 200 });
    return items.reverse();
  }
}

function toRecord(r: Row, dispute: PaymentDispute | null): PaymentRecord {
  return {
    id: r.id,
    appointmentId: r.appointment_id,
    customerId: r.customer_id,
    kind: r.kind,
    amount: r.amount_cents,
    currency: 'aud',
    state: r.state,
    stripeStatus: r.stripe_status,
    stripeId: r.stripe_id,
    failureMessage: r.failure_message,
    card:
      r.card_brand && r.card_last4
        ? {
            brand: r.card_brand,
            last4: r.card_last4,
            expMonth: r.card_exp_month,
            expYear: r.card_exp_year,
          }
        : null,
    dispute,
    kept: r.kept,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    appointment: {
      date: new Date(r.starts_at).toISOString(),
      serviceName: r.service_name ?? '',
      customerName: r.customer_name,
    },
  };
}
