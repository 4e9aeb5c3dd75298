import { useState } from 'react';
import { TestEmailRequestSchema, type TestEmailRequest, validate } from '@slotwise/contracts';
import { useDocumentTitle } from '@slotwise/ui';
import { useSendEmail } from '../messages/api';
import { useOwner } from '../owner/OwnerContext';
import { TestMessageForm } from './TestMessageForm';

/** /email-test (Testing Tools, decision 16): a test email to the owner, prefilled with theirs. */
export default function EmailTestPage() {
  useDocumentTitle('Email Test');
  const { session } = useOwner();
  const send = useSendEmail();
  const [email, setEmail] = useState(session.user.email);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = () => {
    const values: Record<keyof TestEmailRequest, unknown> = {
      email,
      type: 'test',
      appointmentId: undefined,
    };
    const parsed = validate(TestEmailRequestSchema, values);
    if (!parsed.data) {
      setFieldError(parsed.errors.email ?? 'Please enter a valid email address');
      return;
    }
    setFieldError(null);
    send.mutate({ email: parsed.data.email, type: 'test' });
  };

  return (
    <TestMessageForm
      title="Email Test"
      description="Send yourself a test email through the same pipeline as customer reminders."
      channel="email"
      label="Email Address"
      type="email"
      value={email}
      onChange={setEmail}
      fieldError={fieldError}
      submitLabel="Send Test Email"
      busy={send.isPending}
      result={send.data ?? null}
      sentTo={send.variables?.email ?? null}
      error={send.error}
      onSubmit={submit}
    />
  );
}
