import { useState } from 'react';
import { notSetUpText } from '@slotwise/contracts';
import { Alert, Button } from '@slotwise/ui';
import { useMessagingStatus } from '../api';
import '../messages.css';

/** What customers and the owner miss without each provider. */
export const MISSING = {
  sms: `${notSetUpText('sms')}: customers get no confirmation texts and no cancel or reschedule links.`,
  email: `${notSetUpText('email')}: you get no new-booking emails and customers get no email confirmations.`,
} as const;

const notSending = (sms: boolean, email: boolean) =>
  !sms && !email ? 'Text messages and emails' : !sms ? 'Text messages' : 'Emails';

// Dismissed for the rest of this visit only: a reload shows it again while the problem remains.
let dismissedThisVisit = false;

/**
 * At the top of the dashboard while the server has no SMS or no email provider: messages are
 * then only kept in the outbox, so the owner should know their customers get no links.
 */
export function MessagingBanner() {
  const status = useMessagingStatus();
  const [dismissed, setDismissed] = useState(dismissedThisVisit);
  if (!status.data || dismissed) return null;
  const { sms, email } = status.data;
  if (sms && email) return null;
  const dismiss = () => {
    dismissedThisVisit = true;
    setDismissed(true);
  };
  return (
    <Alert
      variant="warning"
      title={`${notSending(sms, email)} are not being sent`}
      className="msg-banner"
    >
      <ul className="msg-banner__lines">
        {!sms && <li>{MISSING.sms}</li>}
        {!email && <li>{MISSING.email}</li>}
      </ul>
      <div className="msg-banner__foot sw-row sw-row--spread">
        <p className="msg-banner__hint">
          They are kept in the outbox meanwhile. Whoever runs the server sets{' '}
          {!sms && 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER'}
          {!sms && !email && ', and '}
          {!email && 'SMTP_URL'} to send them.
        </p>
        <Button variant="ghost" size="sm" onClick={dismiss}>
          Dismiss
        </Button>
      </div>
    </Alert>
  );
}
