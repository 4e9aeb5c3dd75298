import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  type CancelAppointmentResponse,
  SelfServiceMessages,
  formatDate,
  formatTime,
  timeZoneAbbreviation,
} from '@slotwise/contracts';
import {
  Alert,
  LoadingState,
  Page,
  PageHeader,
  buttonClassName,
  toast,
  useDocumentTitle,
} from '@slotwise/ui';
import { cancelAppointment, selfServiceErrorMessage } from './api';

type CancelOutcome =
  | { token: string; kind: 'success'; result: CancelAppointmentResponse }
  | { token: string; kind: 'error'; message: string };

/** The cancel link of the booking SMS (spec section 2, Cancel page): cancels at once. */
export default function CancelPage() {
  useDocumentTitle('Cancel Appointment');
  const [params] = useSearchParams();
  const token = params.get('token');
  const [outcome, setOutcome] = useState<CancelOutcome | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    cancelAppointment(token).then(
      (result) => {
        if (live) setOutcome({ token, kind: 'success', result });
      },
      (error: unknown) => {
        if (!live) return;
        const message = selfServiceErrorMessage(error, SelfServiceMessages.cancelFailed);
        toast({ title: 'Cancellation Failed', description: message, variant: 'destructive' });
        setOutcome({ token, kind: 'error', message });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  const state: { kind: 'loading' } | CancelOutcome | { kind: 'error'; message: string } = !token
    ? { kind: 'error', message: SelfServiceMessages.noToken }
    : outcome && outcome.token === token
      ? outcome
      : { kind: 'loading' };

  return (
    <Page narrow>
      <PageHeader title="Cancel Appointment" />
      <div className="sw-stack">
        {state.kind === 'loading' && <LoadingState title="Cancelling your appointment…" />}
        {state.kind === 'error' && <Alert variant="danger" title={state.message} />}
        {state.kind === 'success' && <CancelSuccess result={state.result} />}
        <div>
          <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
            Return to Home
          </Link>
        </div>
      </div>
    </Page>
  );
}

function CancelSuccess({ result }: { result: CancelAppointmentResponse }) {
  const { service, date, business, timeZone } = result.appointmentDetails;
  return (
    <Alert variant="success" title="Appointment Cancelled">
      <p>{result.message}</p>
      <dl className="sw-stack" data-testid="cancelled-appointment">
        <div>
          <dt>Service</dt>
          <dd>{service}</dd>
        </div>
        <div>
          <dt>Date &amp; Time</dt>
          <dd>
            {formatDate(date, timeZone)} at {formatTime(date, timeZone)}{' '}
            {timeZoneAbbreviation(date, timeZone)}
          </dd>
        </div>
        <div>
          <dt>Business</dt>
          <dd>{business}</dd>
        </div>
      </dl>
    </Alert>
  );
}
