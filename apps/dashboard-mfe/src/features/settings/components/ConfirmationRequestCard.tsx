import { useState } from 'react';
import { isApiError } from '@slotwise/api-client';
import {
  type Business,
  CONFIRMATION_REQUEST_ASK,
  CONFIRMATION_REQUEST_HOURS,
  PLANS,
} from '@slotwise/contracts';
import { toast } from '@slotwise/ui';
import { type Choice, SaveRow, SectionCard, SelectField, useUpdateBusiness } from '../../owner';

const OFF = 'off';
const CHOICES: Choice[] = [
  ...CONFIRMATION_REQUEST_HOURS.map((h) => ({ value: String(h), label: `${h} hours before` })),
  { value: OFF, label: 'Never (off)' },
];

/**
 * Settings → General: when customers are texted to confirm their appointment (decision record
 * 020). Their Y marks it confirmed in the diary, N cancels it as their cancel link would, and any
 * other reply shows on the appointment.
 */
export function ConfirmationRequestCard({ business }: { business: Business }) {
  const saved = business.confirmationRequestHours;
  const [value, setValue] = useState(saved ? String(saved) : OFF);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateBusiness(business.id);
  const included = PLANS[business.subscriptionPlan].smsReminders;

  const save = () =>
    update.mutate(
      { confirmationRequestHours: value === OFF ? null : Number(value) },
      {
        onSuccess: () => {
          setError(null);
          toast({
            title: 'SMS Confirmation Saved',
            description: 'Bookings from now on follow the new setting.',
            variant: 'success',
          });
        },
        onError: (e) => {
          const message =
            (isApiError(e) ? e.serverMessage : null) ??
            'Failed to save the SMS confirmation. Please try again.';
          setError(message);
          toast({ title: 'Error', description: message, variant: 'destructive' });
        },
      },
    );

  return (
    <SectionCard
      id="sms-confirmation-title"
      title="SMS Confirmation"
      description={`Customers get a text asking them to confirm: "… ${CONFIRMATION_REQUEST_ASK}". Y marks the booking confirmed by the client in your diary, N cancels it as their cancel link would, and any other reply shows on the appointment.`}
    >
      <SelectField
        id="sms-confirmation-hours"
        label="Ask customers to confirm"
        hint={
          included
            ? 'Sent to Australian mobiles of customers who allow SMS.'
            : 'Sent on plans with SMS reminders (Professional): upgrade to turn it on.'
        }
        value={value}
        choices={CHOICES}
        error={error}
        onChange={(v) => {
          setValue(v);
          setError(null);
        }}
      />
      <SaveRow label="Save SMS Confirmation" busy={update.isPending} onClick={save} />
    </SectionCard>
  );
}
