import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useApiClient } from '@slotwise/api-client';
import { type CancelAppointmentResponse, SelfServiceMessages } from '@slotwise/contracts';
import { Alert, LoadingState, toast } from '@slotwise/ui';
import { cancelAppointment, selfServiceErrorMessage } from './api';
import { SelfServiceLayout, formatStart } from './SelfServiceLayout';

type CancelOutcome =
  | { token: string; kind: 'success'; result: CancelAppointmentResponse }
  | { token: string; kind: 'error'; message: string };

/** The cancel link of the booking SMS: cancels at once. */
export default function CancelPage() {
  const api = useApiClient();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [outcome, setOutcome] = useState<CancelOutcome | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    cancelAppointment(api, token).then(
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
  }, [api, token]);

  const state: { kind: 'loading' } | CancelOutcome | { kind: 'error'; message: string } = !token
    ? { kind: 'error', message: SelfServiceMessages.noToken }
    : outcome && outcome.token === token
      ? outcome
      : { kind: 'loading' };

  return (
    <SelfServiceLayout title="Cancel Appointment">
      {state.kind === 'loading' && <LoadingState title="Cancelling your appointment…" />}
      {state.kind === 'error' && <Alert variant="danger" title={state.message} />}
      {state.kind === 'success' && <CancelSuccess result={state.result} />}
    </SelfServiceLayout>
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
          <dd>{formatStart(date, timeZone)}</dd>
        </div>
        <div>
          <dt>Business</dt>
          <dd>{business}</dd>
        </div>
      </dl>
    </Alert>
  );
}
