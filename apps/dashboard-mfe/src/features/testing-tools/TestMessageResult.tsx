import { type MessageStatus } from '@slotwise/contracts';
import { type AlertVariant, Alert, Spinner } from '@slotwise/ui';
import { isHeld, isUnsettled, type SentMessage, useFollowedMessage } from '../messages';

/** A sentence from a state text that may already end with a full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

interface Shown {
  variant: AlertVariant;
  title: string;
  /** Said after the state, when there is more to say. */
  more?: string;
}

/** How each state reads on the page; `what` is 'email' or 'SMS'. */
function shown(state: MessageStatus, what: string, gaveUp: boolean): Shown {
  const { status } = state;
  // Held back by an hourly SMS cap: the state's text says why and that it goes later by itself.
  if (isHeld(state)) return { variant: 'warning', title: `Test ${what} waiting` };
  if (gaveUp) {
    return {
      variant: 'warning',
      title: `Test ${what} still queued`,
      more: 'Nothing has taken it in 30 seconds: it stays in the outbox and goes out once the delivery worker picks it up.',
    };
  }
  const working = `Your ${what} notifications are working.`;
  switch (status) {
    case 'pending':
    case 'queued':
      return { variant: 'info', title: `Test ${what} queued` };
    case 'sending':
      return { variant: 'info', title: `Sending test ${what}` };
    case 'sent':
      return { variant: 'success', title: `Test ${what} sent`, more: working };
    case 'delivered':
      return { variant: 'success', title: `Test ${what} delivered`, more: working };
    case 'failed':
      return { variant: 'danger', title: `Test ${what} failed` };
    case 'not_configured':
    case 'cancelled':
      return { variant: 'warning', title: `Test ${what} not sent` };
  }
}

/**
 * What became of the test message just sent, followed live: queued, then sent, delivered or
 * failed, or not sent because the server has no provider. Only a message the provider took says
 * the notifications work.
 */
export function TestMessageResult({
  message,
  to,
  what,
}: {
  message: SentMessage;
  to: string;
  /** 'email' or 'SMS'. */
  what: string;
}) {
  const seen = useFollowedMessage(message);
  if (!seen) return null;
  const { state, gaveUp } = seen;
  const { variant, title, more } = shown(state, what, gaveUp);
  return (
    <Alert variant={variant} title={title}>
      <p className="msg-state" data-status={state.status}>
        {isUnsettled(state.status) && !gaveUp && !isHeld(state) && <Spinner />}
        Message #{state.id} to {to}: {sentence(state.message)}
        {more && ` ${more}`}
      </p>
    </Alert>
  );
}
