import { type OwnerAppointment } from '@slotwise/contracts';
import { toast } from '@slotwise/ui';
import { useSendEmail, useSendSms } from './api';
import { reminderEmail, reminderSms, sendFailureDetail } from './messages';

/** The spec's toasts (section 8) differ between the table's row actions and the details dialog. */
const TEXTS = {
  list: {
    email: { title: 'Notification Sent', description: 'Reminder email sent to customer' },
    sms: { title: 'Notification Sent', description: 'Reminder SMS sent to customer' },
    emailFailed: 'Failed to send email notification',
    smsFailed: 'Failed to send SMS notification',
  },
  dialog: {
    email: { title: 'Email Sent', description: 'Reminder email has been sent to the customer' },
    sms: { title: 'SMS Sent', description: 'Reminder SMS has been sent to the customer' },
    emailFailed: 'Failed to send email',
    smsFailed: 'Failed to send SMS',
  },
} as const;

/** Email and SMS reminders to an appointment's customer, with the toasts of where they are sent from. */
export function useCustomerReminders(from: 'list' | 'dialog') {
  const email = useSendEmail();
  const sms = useSendSms();
  const texts = TEXTS[from];

  const sendEmail = (a: OwnerAppointment) => {
    const reminder = reminderEmail(a);
    if (!reminder.body) {
      toast({ title: 'Error', description: reminder.error, variant: 'destructive' });
      return;
    }
    email.mutate(reminder.body, {
      onSuccess: () => toast({ ...texts.email, variant: 'success' }),
      onError: (error) =>
        toast({
          title: texts.emailFailed,
          description: sendFailureDetail(error),
          variant: 'destructive',
        }),
    });
  };

  const sendSms = (a: OwnerAppointment) => {
    const reminder = reminderSms(a, from);
    if (!reminder.body) {
      toast({ title: 'Error', description: reminder.error, variant: 'destructive' });
      return;
    }
    sms.mutate(reminder.body, {
      onSuccess: () => toast({ ...texts.sms, variant: 'success' }),
      onError: (error) =>
        toast({
          title: texts.smsFailed,
          description: sendFailureDetail(error),
          variant: 'destructive',
        }),
    });
  };

  /** Busy for this appointment (the table sends for one row at a time). */
  const emailBusy = (a: OwnerAppointment) =>
    email.isPending && email.variables?.appointmentId === a.id;
  const smsBusy = (a: OwnerAppointment) => sms.isPending && sms.variables?.appointmentId === a.id;
  return { sendEmail, sendSms, emailBusy, smsBusy };
}
