import { useEffect, useState } from 'react';
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

/**
 * A dismissal is kept in this browser with the problem it hid ('sms=false;email=true'): the banner
 * stays away on later visits while the problem is the same, and is back once it changes (email
 * fails too, or SMS is fixed and breaks again).
 */
export const DISMISSED_KEY = 'slotwise:messaging-banner-dismissed';
const problemOf = (sms: boolean, email: boolean) => `sms=${sms};email=${email}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (privacy settings): the dismissal lasts as long as the page.
    return null;
  }
}

/**
 * At the top of the dashboard while the server has no SMS or no email provider: messages are
 * then only kept in the outbox, so the owner should know their customers get no links.
 */
export function MessagingBanner() {
  const status = useMessagingStatus();
  const [dismissed, setDismissed] = useState(() => storage()?.getItem(DISMISSED_KEY) ?? null);
  const fixed = status.data?.sms === true && status.data.email === true;
  useEffect(() => {
    // Once nothing is missing, a later problem is a new one, even if it looks the same.
    if (fixed) storage()?.removeItem(DISMISSED_KEY);
  }, [fixed]);
  if (!status.data || fixed) return null;
  const { sms, email } = status.data;
  const problem = problemOf(sms, email);
  if (dismissed === problem) return null;
  const dismiss = () => {
    storage()?.setItem(DISMISSED_KEY, problem);
    setDismissed(problem);
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
