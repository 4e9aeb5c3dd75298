import { useState } from 'react';
import { TestSmsRequestSchema, type TestSmsRequest, validate } from '@slotwise/contracts';
import { useDocumentTitle } from '@slotwise/ui';
import { useSendSms } from '../messages/api';
import { useOwnerBusiness } from '../owner/api';
import { TestMessageForm } from './TestMessageForm';

/** /sms-test (Testing Tools, decision 16): a test SMS to the owner, prefilled with the business phone. */
export default function SmsTestPage() {
  useDocumentTitle('SMS Test');
  const business = useOwnerBusiness();
  const send = useSendSms();
  // Until the owner types, the field follows the business's phone as it loads.
  const [typed, setTyped] = useState<string | null>(null);
  const businessPhone = business.data?.phone ?? '';
  const phone = typed ?? businessPhone;
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = () => {
    const values: Record<keyof TestSmsRequest, unknown> = {
      phoneNumber: phone,
      type: 'test',
      appointmentId: undefined,
    };
    const parsed = validate(TestSmsRequestSchema, values);
    if (!parsed.data) {
      setFieldError(parsed.errors.phoneNumber ?? 'Please enter a valid phone number');
      return;
    }
    setFieldError(null);
    send.mutate({ phoneNumber: parsed.data.phoneNumber, type: 'test' });
  };

  return (
    <TestMessageForm
      title="SMS Test"
      description="Send yourself a test text message through the same pipeline as customer reminders."
      channel="sms"
      label="Phone Number"
      type="tel"
      value={phone}
      onChange={setTyped}
      fieldError={fieldError}
      hint={
        business.isSuccess && !businessPhone
          ? 'Your business has no phone number yet: type one here, or add it in Settings.'
          : undefined
      }
      submitLabel="Send Test SMS"
      busy={send.isPending}
      result={send.data ?? null}
      sentTo={send.variables?.phoneNumber ?? null}
      error={send.error}
      onSubmit={submit}
    />
  );
}
