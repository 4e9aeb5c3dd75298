import { useEffect, useRef, useState } from 'react';
import { type UseMutationResult } from '@tanstack/react-query';
import {
  type ManualMessageResponse,
  type MessageStatus,
  MessageTexts,
  notSetUpText,
  type OwnerAppointment,
  type TestEmailRequest,
  type TestSmsRequest,
} from '@slotwise/contracts';
import { toast } from '@slotwise/ui';
import { type SentMessage, sentState, useFollowedMessage, useSendEmail, useSendSms } from './api';
import {
  hasEmail,
  hasPhone,
  isHeld,
  isUnsettled,
  reminderEmail,
  reminderSms,
  sendFailureDetail,
} from './messages';

interface ChannelTexts {
  /** Only once the provider has taken the message. */
  sent: { title: string; description: string };
  failed: string;
  queued: string;
  /** Held back by an hourly SMS cap; it goes out later by itself. */
  waiting: string;
  notSent: string;
  stillQueued: { title: string; description: string };
}

/**
 * The toasts differ between the table's row actions and the details dialog; each says the channel
 * ('email' or 'SMS'), the dialog's titles as its button says it ('Email', 'SMS').
 */
const listTexts = (channel: string): ChannelTexts => ({
  sent: { title: 'Notification Sent', description: `Reminder ${channel} sent to customer` },
  failed: `Failed to send ${channel} notification`,
  queued: 'Notification Queued',
  waiting: 'Notification Waiting',
  notSent: 'Notification Not Sent',
  stillQueued: { title: 'Notification Still Queued', description: stillQueued(channel) },
});

const dialogTexts = (channel: string, label: string): ChannelTexts => ({
  sent: {
    title: `${label} Sent`,
    description: `Reminder ${channel} has been sent to the customer`,
  },
  failed: `Failed to send ${channel}`,
  queued: `${label} Queued`,
  waiting: `${label} Waiting`,
  notSent: `${label} Not Sent`,
  stillQueued: { title: `${label} Still Queued`, description: stillQueued(channel) },
});

const TEXTS: Record<'list' | 'dialog', Record<'email' | 'sms', ChannelTexts>> = {
  list: { email: listTexts('email'), sms: listTexts('SMS') },
  dialog: { email: dialogTexts('email', 'Email'), sms: dialogTexts('SMS', 'SMS') },
};

function stillQueued(channel: string): string {
  return `The ${channel} provider has not taken the reminder yet. It stays in the outbox and goes out once the delivery worker picks it up.`;
}

/** The toast for a message's state: "Sent" only once the provider has accepted it. */
function announce(state: MessageStatus, texts: ChannelTexts): void {
  switch (state.status) {
    case 'sent':
    case 'delivered':
      toast({ ...texts.sent, variant: 'success' });
      return;
    case 'failed':
      toast({ title: texts.failed, description: state.error ?? undefined, variant: 'destructive' });
      return;
    case 'not_configured':
      toast({
        title: texts.notSent,
        description: notSetUpText(state.channel),
        variant: 'destructive',
      });
      return;
    case 'cancelled':
      toast({ title: texts.notSent, description: state.message, variant: 'destructive' });
      return;
    default:
      if (isHeld(state)) {
        toast({ title: texts.waiting, description: state.message, variant: 'default' });
        return;
      }
      toast({ title: texts.queued, description: state.message, variant: 'info' });
  }
}

type Reminder<B> = { body: B; error: null } | { body: null; error: string };

/**
 * One channel's send and busy state: the reason it cannot be sent, or the send and its toasts.
 * The latest reminder on its way is followed until the provider has taken it (or refused it),
 * then its toast says so; after about 30 s still waiting, a last toast says it is still queued.
 */
function useReminderSender<B extends TestEmailRequest | TestSmsRequest>(
  mutation: UseMutationResult<ManualMessageResponse, Error, B>,
  build: (a: OwnerAppointment) => Reminder<B>,
  texts: ChannelTexts,
) {
  const [followed, setFollowed] = useState<SentMessage | null>(null);
  const seen = useFollowedMessage(followed);
  const announced = useRef<number | null>(null);
  const id = followed?.sent.messageId ?? null;
  const done = seen && (!isUnsettled(seen.state.status) || seen.gaveUp || isHeld(seen.state));

  useEffect(() => {
    if (!seen || !done || announced.current === id) return;
    announced.current = id;
    if (seen.gaveUp) toast({ ...texts.stillQueued, variant: 'default' });
    else announce(seen.state, texts);
    setFollowed(null);
  }, [seen, done, id, texts]);

  const send = (a: OwnerAppointment) => {
    const reminder = build(a);
    if (reminder.error !== null) {
      toast({ title: 'Error', description: reminder.error, variant: 'destructive' });
      return;
    }
    mutation.mutate(reminder.body, {
      onSuccess: (sent) => {
        announce(sentState(sent), texts);
        if (isUnsettled(sent.status)) setFollowed({ sent, since: Date.now() });
      },
      onError: (error) =>
        toast({
          title: texts.failed,
          description: sendFailureDetail(error),
          variant: 'destructive',
        }),
    });
  };
  const busy = (a: OwnerAppointment) =>
    mutation.isPending && mutation.variables?.appointmentId === a.id;
  return { send, busy };
}

/** One way of reminding a customer: by email or by SMS. */
export interface ReminderChannel {
  /** 'Email' or 'SMS', as the buttons say it. */
  label: string;
  /** Whether the customer has an address for it. */
  reachable: (a: OwnerAppointment) => boolean;
  /** Why not, when the customer has no address for it. */
  unreachable: string;
  send: (a: OwnerAppointment) => void;
  /** Sending for this appointment (the table sends for one row at a time). */
  busy: (a: OwnerAppointment) => boolean;
}

/**
 * Email and SMS reminders to an appointment's customer, with the toasts of where they are sent
 * from: queued, then sent, failed or not sent as the message really goes.
 */
export function useCustomerReminders(from: 'list' | 'dialog'): ReminderChannel[] {
  const email = useReminderSender(useSendEmail(), reminderEmail, TEXTS[from].email);
  const sms = useReminderSender(useSendSms(), (a) => reminderSms(a, from), TEXTS[from].sms);
  return [
    { label: 'Email', reachable: hasEmail, unreachable: MessageTexts.customerHasNoEmail, ...email },
    { label: 'SMS', reachable: hasPhone, unreachable: MessageTexts.customerHasNoPhone, ...sms },
  ];
}
