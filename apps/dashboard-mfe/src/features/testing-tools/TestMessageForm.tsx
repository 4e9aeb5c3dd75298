import { type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { type ManualMessageResponse } from '@slotwise/contracts';
import {
  Alert,
  Button,
  Card,
  CardBody,
  CardHeader,
  type FormBinding,
  InputField,
  Page,
  PageHeader,
  useDocumentTitle,
} from '@slotwise/ui';
import { sendFailureMessage } from '../messages';
import { TestMessageResult } from './TestMessageResult';

const COPY = {
  email: {
    title: 'Email Test',
    description: 'Send yourself a test email through the same pipeline as customer reminders.',
    label: 'Email Address',
    type: 'email',
    submitLabel: 'Send Test Email',
    what: 'email',
    provider: 'SMTP',
  },
  sms: {
    title: 'SMS Test',
    description:
      'Send yourself a test text message through the same pipeline as customer reminders.',
    label: 'Phone Number',
    type: 'tel',
    submitLabel: 'Send Test SMS',
    what: 'SMS',
    provider: 'Twilio',
  },
} as const;

export interface TestMessageFormProps {
  channel: keyof typeof COPY;
  /** The address field, bound to the page's form. */
  input: Pick<FormBinding<Record<string, string>, string>, 'name' | 'value' | 'onChange'>;
  fieldError: string | undefined;
  hint?: ReactNode;
  onSubmit: (event: FormEvent) => void;
  /** The send's state (its mutation; `submittedAt` starts following the message). */
  send: {
    isPending: boolean;
    data: ManualMessageResponse | undefined;
    error: unknown;
    submittedAt: number;
  };
  /** Where the last successful message went. */
  sentTo: string | null;
}

/**
 * The Testing Tools pages: real signed-in pages that send the owner a test email or SMS through
 * the same pipeline as reminders. One field, one button, the result and how delivery works.
 */
export function TestMessageForm({
  channel,
  input,
  fieldError,
  hint,
  onSubmit,
  send,
  sentTo,
}: TestMessageFormProps) {
  const copy = COPY[channel];
  useDocumentTitle(copy.title);
  const busy = send.isPending;
  return (
    <Page narrow>
      <PageHeader title={copy.title} description={copy.description} />
      <div className="sw-stack">
        <Card as="section">
          <CardBody className="sw-stack">
            <CardHeader title={`Send a test ${copy.what}`} />
            <form
              className="dash-tools-form"
              onSubmit={onSubmit}
              noValidate
              aria-label={copy.title}
            >
              <InputField
                label={copy.label}
                error={fieldError}
                hint={hint}
                type={copy.type}
                autoComplete={copy.type}
                {...input}
              />
              <div className="dash-tools-form__actions">
                <Button type="submit" loading={busy}>
                  {copy.submitLabel}
                </Button>
              </div>
            </form>
            {send.data && sentTo && !busy && (
              <TestMessageResult
                key={send.data.messageId}
                message={{ sent: send.data, since: send.submittedAt }}
                to={sentTo}
                what={copy.what}
              />
            )}
            {send.error != null && !busy && (
              <Alert variant="danger" title={`Failed to send ${copy.what}`}>
                {sendFailureMessage(send.error)}
              </Alert>
            )}
          </CardBody>
        </Card>
        <Alert variant="info" title="How test messages are delivered">
          <p className="dash-tools-note">
            The test goes through the same outbox and delivery worker as customers&apos; reminders.
            On a server without {copy.provider} configured, the message is not sent: it is kept in
            the outbox with its full text. In development you can read it in the{' '}
            <Link to="/dev/outbox">development mailbox</Link>.
          </p>
        </Alert>
      </div>
    </Page>
  );
}
