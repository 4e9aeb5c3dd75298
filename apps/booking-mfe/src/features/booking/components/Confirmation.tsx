import { Link } from 'react-router';
import {
  AlertIcon,
  Button,
  Card,
  CardBody,
  CheckCircleIcon,
  buttonClassName,
  useDocumentTitle,
} from '@slotwise/ui';
import { confirmationView } from '../confirmation';
import { type BookingConfirmation } from '../wizard-store';
import { StepHeading } from './StepHeading';

interface ConfirmationProps {
  confirmation: BookingConfirmation;
  timeZone: string;
  /** Focus the heading on mount (true after the customer has moved between steps). */
  focusHeading: boolean;
  onBookAnother: () => void;
  /** 'Return to Home' (Slotwise's home): not inside the widget on the business's own site. */
  homeLink?: boolean;
}

export default function Confirmation({
  confirmation,
  timeZone,
  focusHeading,
  onBookAnother,
  homeLink = true,
}: ConfirmationProps) {
  const view = confirmationView(confirmation, timeZone);
  const complete = view.kind === 'complete';
  useDocumentTitle(complete ? 'Booking Confirmed' : 'Booking Partially Confirmed');

  return (
    <Card as="section" className="bk-confirm" aria-labelledby="bk-confirm-title">
      <CardBody className="bk-confirm__body">
        <div
          className={complete ? 'bk-confirm__icon' : 'bk-confirm__icon bk-confirm__icon--warn'}
          aria-hidden="true"
        >
          {complete ? (
            <CheckCircleIcon width={32} height={32} />
          ) : (
            <AlertIcon width={32} height={32} />
          )}
        </div>
        <StepHeading id="bk-confirm-title" className="bk-confirm__title" focus={focusHeading}>
          {complete ? 'Booking Confirmed!' : 'Booking Partially Confirmed'}
        </StepHeading>
        <p className="bk-confirm__lead">
          {view.kind === 'complete'
            ? `Thank you, ${view.firstName}. Your appointment has been scheduled.`
            : "Your appointment was created successfully, but we're missing some details for display."}
        </p>

        {view.rows.length > 0 && (
          <dl className="sw-summary bk-confirm__details">
            {view.rows.map((row) => (
              <div key={row.label} className="bk-confirm__row">
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        )}

        {view.kind === 'complete' ? (
          <>
            <p className="bk-confirm__reference">
              Booking Reference <strong>{view.reference}</strong>
            </p>
            {view.sms === 'queued' && (
              <p className="bk-confirm__note">
                A confirmation SMS has been sent to {view.phone}. You can use the link in the SMS to
                cancel or reschedule if needed.
              </p>
            )}
            {view.sms === 'not_configured' && (
              // Nothing says a text went when this server cannot send one.
              <p className="bk-confirm__note">
                We couldn&rsquo;t text you a confirmation: this business&rsquo;s text messages are
                not set up yet. Please keep your booking reference.
                {view.email !== 'queued' &&
                  ' To cancel or reschedule, please contact the business directly.'}
              </p>
            )}
            {view.sms === 'not_sent' && (
              // SMS go to Australian mobiles only: no text is coming to this number.
              <p className="bk-confirm__note">
                We can only text Australian mobiles, so no SMS is coming to {view.phone}.
                {view.email !== 'queued' &&
                  ' To cancel or reschedule, please contact the business directly.'}
              </p>
            )}
            {view.email === 'queued' && (
              <p className="bk-confirm__note">
                A confirmation email with a calendar invite and your cancel and reschedule links is
                on its way to {confirmation.email}.
              </p>
            )}
            {view.email === 'not_configured' && (
              <p className="bk-confirm__note">
                We couldn&rsquo;t email {confirmation.email}: this business&rsquo;s email is not set
                up yet.
              </p>
            )}
          </>
        ) : (
          <p className="bk-confirm__note">
            An SMS confirmation should have been sent to your phone. If you don&rsquo;t receive it,
            please contact the business directly.
          </p>
        )}

        <div className="bk-confirm__actions">
          <Button onClick={onBookAnother}>Book Another Appointment</Button>
          {homeLink && (
            <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
              Return to Home
            </Link>
          )}
        </div>
      </CardBody>
    </Card>
  );
}
