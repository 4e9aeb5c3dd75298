import { type PaymentRecord, disputeLabel, formatDate, formatTime } from '@slotwise/contracts';
import { Alert, Badge, Skeleton } from '@slotwise/ui';
import { usePaymentRecords } from '../api';
import '../payments.css';
import {
  KIND_LABELS,
  STATE_LABELS,
  keptNote,
  recordAmount,
  recordCard,
  recordNote,
} from '../payment-text';

/** One charge or refund: what, how much, and Stripe's state (never 'paid' before Stripe says). */
export function PaymentRecordRow({
  record,
  timeZone,
  showAppointment = false,
}: {
  record: PaymentRecord;
  timeZone: string;
  showAppointment?: boolean;
}) {
  const state = STATE_LABELS[record.state];
  const note = recordNote(record);
  const kept = keptNote(record);
  const amount = recordAmount(record);
  // A saved card's amount is the card itself; a charge names the card it was paid with.
  const card = record.kind === 'card_saved' ? null : recordCard(record);
  return (
    <li className="pay-record" data-testid="payment-record">
      <div className="pay-record__main">
        <span className="pay-record__kind">{KIND_LABELS[record.kind]}</span>
        {amount && <span className="pay-record__amount">{amount}</span>}
        <Badge variant={state.variant}>{state.label}</Badge>
      </div>
      <p className="dash-muted pay-record__meta">
        {showAppointment &&
          `${record.appointment.customerName} · ${record.appointment.serviceName} on ${formatDate(record.appointment.date, timeZone)} · `}
        {card && `${card} · `}
        {formatDate(record.createdAt, timeZone)} {formatTime(record.createdAt, timeZone)}
        {record.stripeStatus && ` · Stripe: ${record.stripeStatus}`}
      </p>
      {kept && <p className="pay-record__kept">{kept}</p>}
      {note && <p className="pay-record__note">{note}</p>}
      {record.dispute && (
        <p className="pay-record__note" data-testid="payment-dispute">
          {disputeLabel(record.dispute, timeZone)} ·{' '}
          <a href={record.dispute.dashboardUrl} target="_blank" rel="noreferrer">
            Open in Stripe
          </a>
        </p>
      )}
    </li>
  );
}

/** The charges and refunds of one appointment or one client, read from the API. */
export function PaymentRecordList({
  businessId,
  timeZone,
  appointmentId,
  customerId,
  known,
  showAppointment = false,
}: {
  businessId: number;
  timeZone: string;
  appointmentId?: number;
  customerId?: number;
  /** Records an answer already carried (a status change's), shown until the list is read. */
  known?: readonly PaymentRecord[] | undefined;
  showAppointment?: boolean;
}) {
  const query = appointmentId !== undefined ? { appointmentId } : { customerId };
  const records = usePaymentRecords(businessId, query, {
    enabled: appointmentId !== undefined || customerId !== undefined,
    // A fee or refund waits for Stripe's answer: look again while one is pending.
    poll: 5000,
  });
  const items = records.data?.items ?? known;
  if (!items) {
    if (records.isError) {
      return (
        <Alert variant="danger" title="Could not load payments">
          {records.error.message}
        </Alert>
      );
    }
    return (
      <div aria-busy="true" aria-label="Loading payments">
        <Skeleton height={40} />
      </div>
    );
  }
  if (items.length === 0) return <p className="dash-muted">No payments</p>;
  return (
    <ul className="pay-records" aria-label="Payments">
      {items.map((r) => (
        <PaymentRecordRow
          key={r.id}
          record={r}
          timeZone={timeZone}
          showAppointment={showAppointment}
        />
      ))}
    </ul>
  );
}
