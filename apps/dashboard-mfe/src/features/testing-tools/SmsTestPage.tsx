import { useState } from 'react';
import { TestSmsRequestSchema } from '@slotwise/contracts';
import { useForm } from '@slotwise/ui';
import { useSendSms } from '../messages';
import { useOwnerBusiness } from '../owner';
import { TestMessageForm } from './TestMessageForm';

/** /sms-test: a test SMS to the owner, prefilled with the business's phone. */
export default function SmsTestPage() {
  const business = useOwnerBusiness();
  const send = useSendSms();
  // Until the owner types, the field follows the business's phone as it loads.
  const [typed, setTyped] = useState<string | null>(null);
  const businessPhone = business.data?.phone ?? '';
  const form = useForm(
    TestSmsRequestSchema,
    { phoneNumber: '', type: 'test' },
    {
      values: { phoneNumber: typed ?? businessPhone, type: 'test' },
      onValueChange: (field, value) => {
        if (field === 'phoneNumber') setTyped(value);
      },
    },
  );
  return (
    <TestMessageForm
      channel="sms"
      input={form.bind('phoneNumber')}
      fieldError={form.errors.phoneNumber}
      hint={
        business.isSuccess && !businessPhone
          ? 'Your business has no phone number yet: type one here, or add it in Settings.'
          : undefined
      }
      onSubmit={form.handleSubmit(({ phoneNumber }) => send.mutate({ phoneNumber, type: 'test' }))}
      send={send}
      sentTo={send.variables?.phoneNumber ?? null}
    />
  );
}
