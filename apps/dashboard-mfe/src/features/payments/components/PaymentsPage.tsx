import { useState } from 'react';
import { Link } from 'react-router';
import { type Business, PAYMENT_RECORD_STATES, type PaymentRecordState } from '@slotwise/contracts';
import {
  Button,
  Card,
  CardBody,
  EmptyState,
  ListState,
  Page,
  PageHeader,
  Skeleton,
  buttonClassName,
  useDocumentTitle,
} from '@slotwise/ui';
import { BusinessGate, SelectField } from '../../owner';
import { usePaymentRecords, usePaymentsStatus } from '../api';
import { STATE_LABELS } from '../payment-text';
import { PaymentRecordRow } from './PaymentRecordList';
import '../payments.css';

const PAGE = 25;
const STATE_CHOICES = [
  { value: '', label: 'All states' },
  ...PAYMENT_RECORD_STATES.map((s) => ({ value: s, label: STATE_LABELS[s].label })),
];

function PaymentsList({ business }: { business: Business }) {
  const [state, setState] = useState<PaymentRecordState | ''>('');
  const [count, setCount] = useState(PAGE);
  const account = usePaymentsStatus(business.id);
  const records = usePaymentRecords(
    business.id,
    { limit: count, ...(state ? { state } : {}) },
    { poll: 15_000 },
  );
  const list = {
    isPending: records.isPending,
    isError: records.isError,
    error: records.error,
    data: records.data?.items,
  };
  const notReady = account.data && account.data.state !== 'enabled';
  return (
    <Card as="section" aria-label="Charges and refunds">
      <CardBody className="sw-stack">
        <div className="pay-toolbar">
          <SelectField
            id="payments-state-filter"
            label="State"
            value={state}
            choices={STATE_CHOICES}
            onChange={(v) => {
              setState(v as PaymentRecordState | '');
              setCount(PAGE);
            }}
          />
          {records.data && (
            <p className="dash-muted" role="status">
              {records.data.total} {records.data.total === 1 ? 'payment' : 'payments'}
            </p>
          )}
        </div>
        <ListState
          query={list}
          errorTitle="Could not load payments"
          loading={
            <div className="sw-stack" aria-busy="true" aria-label="Loading payments">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height={56} radius={10} />
              ))}
            </div>
          }
          empty={
            <EmptyState
              title="No payments yet"
              description={
                notReady
                  ? 'Deposits, saved cards, fees and refunds appear here once payments are set up.'
                  : state
                    ? 'No payments in this state.'
                    : 'Deposits, saved cards, fees and refunds appear here as clients book.'
              }
              action={
                notReady ? (
                  <Link to="/settings?tab=payments" className={buttonClassName()}>
                    Set up payments
                  </Link>
                ) : undefined
              }
            />
          }
        >
          {(items) => (
            <>
              <ul className="pay-records">
                {items.map((r) => (
                  <PaymentRecordRow
                    key={r.id}
                    record={r}
                    timeZone={business.timeZone}
                    showAppointment
                  />
                ))}
              </ul>
              {records.data && records.data.total > items.length && (
                <Button
                  variant="secondary"
                  loading={records.isFetching}
                  onClick={() => setCount((c) => c + PAGE)}
                >
                  Show more
                </Button>
              )}
            </>
          )}
        </ListState>
      </CardBody>
    </Card>
  );
}

/** /payments: every charge and refund of the business with Stripe's state. */
export default function PaymentsPage() {
  useDocumentTitle('Payments');
  return (
    <BusinessGate>
      {(business) => (
        <Page className="dash-page">
          <PageHeader
            title="Payments"
            description="Deposits, saved cards, fees and refunds, as Stripe reports them."
            actions={
              <Link
                to="/settings?tab=payments"
                className={buttonClassName({ variant: 'secondary' })}
              >
                Payment settings
              </Link>
            }
          />
          <PaymentsList business={business} />
        </Page>
      )}
    </BusinessGate>
  );
}
