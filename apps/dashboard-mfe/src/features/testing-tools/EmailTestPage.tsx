import { TestEmailRequestSchema } from '@slotwise/contracts';
import { useForm } from '@slotwise/ui';
import { useSendEmail } from '../messages';
import { useOwner } from '../owner';
import { TestMessageForm } from './TestMessageForm';

/** /email-test: a test email to the owner, prefilled with their sign-in address. */
export default function EmailTestPage() {
  const { session } = useOwner();
  const send = useSendEmail();
  const form = useForm(TestEmailRequestSchema, { email: session.user.email, type: 'test' });
  return (
    <TestMessageForm
      channel="email"
      input={form.bind('email')}
      fieldError={form.errors.email}
      onSubmit={form.handleSubmit(({ email }) => send.mutate({ email, type: 'test' }))}
      send={send}
      sentTo={send.variables?.email ?? null}
    />
  );
}
