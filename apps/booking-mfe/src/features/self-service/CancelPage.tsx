import { useSearchParams } from 'react-router';
import { isApiError } from '@slotwise/api-client';
import {
  type CancelAppointmentResponse,
  type CancellationOutcome,
  ErrorCode,
  type RescheduleDetails,
  SelfServiceMessages,
} from '@slotwise/contracts';
import { Alert, Button, LoadingState, toast } from '@slotwise/ui';
import { selfServiceErrorMessage, useCancelAppointment, useCancelDetails } from './api';
import { BookingSummary, SelfServiceLayout, formatStart } from './SelfServiceLayout';

const OUTCOME_TITLES: Record<Exclude<CancellationOutcome['outcome'], 'nothing'>, string> = {
  refund: 'Your deposit will be refunded',
  refund_failed: 'Your deposit could not be refunded',
  deposit_kept: 'Your deposit will be kept',
  late_fee: 'A late cancellation fee applies',
};

/** Answers that mean the link has nothing left to cancel: said plainly, not as a failure. */
const SPENT_LINK: readonly (ErrorCode | null)[] = [
  ErrorCode.ALREADY_CANCELLED,
  ErrorCode.LINK_INVALID,
  ErrorCode.CHANGE_CUTOFF_PASSED,
];

/**
 * The cancel link of the booking SMS: shows the booking and cancels on the button only, because
 * mail and SMS scanners open links (decision 34).
 */
export default function CancelPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const details = useCancelDetails(token);
  const cancel = useCancelAppointment();

  let body;
  if (!token) {
    body = <Alert variant="danger" title={SelfServiceMessages.noToken} />;
  } else if (cancel.isSuccess) {
    body = <CancelSuccess result={cancel.data} />;
  } else if (details.isPending) {
    body = <LoadingState title="Loading your appointment…" />;
  } else if (details.isError) {
    body = <LinkProblem error={details.error} />;
  } else {
    const onCancel = () =>
      cancel.mutate(token, {
        onError: (e) =>
          toast({
            title: 'Cancellation Failed',
            description: selfServiceErrorMessage(e, SelfServiceMessages.cancelFailed),
            variant: 'destructive',
          }),
      });
    body = (
      <ConfirmCancel
        booking={details.data}
        cancelling={cancel.isPending}
        error={cancel.isError ? cancel.error : null}
        onCancel={onCancel}
      />
    );
  }

  return <SelfServiceLayout title="Cancel Appointment">{body}</SelfServiceLayout>;
}

function LinkProblem({ error }: { error: unknown }) {
  const message = selfServiceErrorMessage(error, SelfServiceMessages.cancelFailed);
  const spent = isApiError(error) && SPENT_LINK.includes(error.code);
  return <Alert variant={spent ? 'warning' : 'danger'} title={message} />;
}

interface ConfirmCancelProps {
  booking: RescheduleDetails;
  cancelling: boolean;
  error: unknown;
  onCancel: () => void;
}

function ConfirmCancel({ booking, cancelling, error, onCancel }: ConfirmCancelProps) {
  return (
    <>
      <p>Do you want to cancel this appointment?</p>
      <BookingSummary booking={booking} label="Date & Time" testId="cancel-booking" />
      {booking.cancellation && booking.cancellation.outcome !== 'nothing' && (
        // What happens to the money is said before the click, not after.
        <Alert
          variant={booking.cancellation.outcome === 'refund' ? 'info' : 'warning'}
          title={OUTCOME_TITLES[booking.cancellation.outcome]}
        >
          <p data-testid="cancel-outcome">{booking.cancellation.message}</p>
        </Alert>
      )}
      {error !== null && (
        <Alert
          variant="danger"
          title={selfServiceErrorMessage(error, SelfServiceMessages.cancelFailed)}
        />
      )}
      <div>
        <Button variant="destructive" onClick={onCancel} disabled={cancelling}>
          {cancelling ? 'Cancelling...' : 'Cancel Appointment'}
        </Button>
      </div>
    </>
  );
}

function CancelSuccess({ result }: { result: CancelAppointmentResponse }) {
  const { service, date, business, timeZone } = result.appointmentDetails;
  const money = result.cancellation?.outcome !== 'nothing' ? result.cancellation : undefined;
  // A refund Stripe did not accept is said apart, as a problem, never inside the success.
  const refundFailed = money?.outcome === 'refund_failed';
  return (
    <>
      <Alert variant="success" title="Appointment Cancelled">
        <p>{result.message}</p>
        {money && !refundFailed && <p data-testid="cancelled-outcome">{money.message}</p>}
        <dl className="sw-summary" data-testid="cancelled-appointment">
          <div className="sw-summary__row">
            <dt>Service</dt>
            <dd>{service}</dd>
          </div>
          <div className="sw-summary__row">
            <dt>Date &amp; Time</dt>
            <dd>{formatStart(date, timeZone)}</dd>
          </div>
          <div className="sw-summary__row">
            <dt>Business</dt>
            <dd>{business}</dd>
          </div>
        </dl>
      </Alert>
      {money && refundFailed && (
        <Alert variant="warning" title={OUTCOME_TITLES.refund_failed}>
          <p data-testid="cancelled-outcome">{money.message}</p>
        </Alert>
      )}
    </>
  );
}
