import { type UseMutationResult } from '@tanstack/react-query';
import {
  type ManualMessageResponse,
  MessageTexts,
  type OwnerAppointment,
  type TestEmailRequest,
  type TestSmsRequest,
} from '@slotwise/contracts';
import { toast } from '@slotwise/ui';
import { useSendEmail, useSendSms } from './api';
import { hasEmail, hasPhone, reminderEmail, reminderSms, sendFailureDetail } from './messages';

interface ChannelTexts {
  sent: { title: string; description: string };
  failed: string;
}

/**
 * The toasts differ between the table's row actions and the details dialog; each says the channel
 * ('email' or 'SMS'), the dialog's titles as its button says it ('Email', 'SMS').
 */
const TEXTS: Record<'list' | 'dialog', (channel: string, label: string) => ChannelTexts> = {
  list: (channel) => ({
    sent: { title: 'Notification Sent', description: `Reminder ${channel} sent to customer` },
    failed: `Failed to send ${channel} notification`,
  }),
  dialog: (channel, label) => ({
    sent: {
      title: `${label} Sent`,
      description: `Reminder ${channel} has been sent to the customer`,
    },
    failed: `Failed to send ${channel}`,
  }),
};

type Reminder<B> = { body: B; error: null } | { body: null; error: string };

/** One channel's send and busy state: the reason it cannot be sent, or the send and its toasts. */
function reminderSender<B extends TestEmailRequest | TestSmsRequest>(
  mutation: UseMutationResult<ManualMessageResponse, Error, B>,
  build: (a: OwnerAppointment) => Reminder<B>,
  texts: ChannelTexts,
) {
  const send = (a: OwnerAppointment) => {
    const reminder = build(a);
    if (reminder.error !== null) {
      toast({ title: 'Error', description: reminder.error, variant: 'destructive' });
      return;
    }
    mutation.mutate(reminder.body, {
      onSuccess: () => toast({ ...texts.sent, variant: 'success' }),
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

/** Email and SMS reminders to an appointment's customer, with the toasts of where they are sent from. */
export function useCustomerReminders(from: 'list' | 'dialog'): ReminderChannel[] {
  const email = reminderSender(useSendEmail(), reminderEmail, TEXTS[from]('email', 'Email'));
  const sms = reminderSender(useSendSms(), (a) => reminderSms(a, from), TEXTS[from]('SMS', 'SMS'));
  return [
    { label: 'Email', reachable: hasEmail, unreachable: MessageTexts.customerHasNoEmail, ...email },
    { label: 'SMS', reachable: hasPhone, unreachable: MessageTexts.customerHasNoPhone, ...sms },
  ];
}
