import { type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { type ManualMessageResponse } from '@slotwise/contracts';
import {
  Alert,
  Button,
  Card,
  CardBody,
  CardHeader,
  Field,
  Input,
  Page,
  PageHeader,
} from '@slotwise/ui';
import { outboxStatusText, sendFailureMessage } from '../messages/messages';

export interface TestMessageFormProps {
  title: string;
  description: string;
  channel: 'email' | 'sms';
  label: string;
  type: 'email' | 'tel';
  value: string;
  onChange: (value: string) => void;
  fieldError: string | null;
  hint?: ReactNode;
  submitLabel: string;
  busy: boolean;
  result: ManualMessageResponse | null;
  /** Where the last successful message went. */
  sentTo: string | null;
  error: unknown;
  onSubmit: () => void;
}

/** The Testing Tools pages (decision 16): one field, one button, the result and how delivery works. */
export function TestMessageForm(props: TestMessageFormProps) {
  const { channel, result, sentTo, error } = props;
  const what = channel === 'email' ? 'email' : 'SMS';
  const provider = channel === 'email' ? 'SMTP' : 'Twilio';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <Page narrow>
      <PageHeader title={props.title} description={props.description} />
      <div className="sw-stack">
        <Card as="section">
          <CardBody className="sw-stack">
            <CardHeader title={`Send a test ${what}`} />
            <form className="dash-tools-form" onSubmit={submit} noValidate aria-label={props.title}>
              <Field label={props.label} error={props.fieldError} hint={props.hint}>
                {(control) => (
                  <Input
                    {...control}
                    type={props.type}
                    autoComplete={props.type === 'email' ? 'email' : 'tel'}
                    value={props.value}
                    onChange={(e) => props.onChange(e.target.value)}
                  />
                )}
              </Field>
              <div className="dash-tools-form__actions">
                <Button type="submit" loading={props.busy}>
                  {props.submitLabel}
                </Button>
              </div>
            </form>
            {result && sentTo && !props.busy && (
              <Alert variant="success" title={`Test ${what} sent`}>
                Message #{result.messageId} to {sentTo}: {outboxStatusText(result.status)}.
              </Alert>
            )}
            {error != null && !props.busy && (
              <Alert variant="danger" title={`Failed to send ${what}`}>
                {sendFailureMessage(error)}
              </Alert>
            )}
          </CardBody>
        </Card>
        <Alert variant="info" title="How test messages are delivered">
          <p className="dash-tools-note">
            The test goes through the same outbox and delivery worker as customers&apos; reminders.
            On a server without {provider} configured, the message is not sent: it is kept in the
            outbox with its full text. In development you can read it in the{' '}
            <Link to="/dev/outbox">development mailbox</Link>.
          </p>
        </Alert>
      </div>
    </Page>
  );
}
