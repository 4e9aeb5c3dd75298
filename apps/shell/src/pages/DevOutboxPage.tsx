import { Fragment, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorCode } from '@slotwise/api-client';
import { ErrorCode, OUTBOX_STATUS_LABELS, apiRoutes } from '@slotwise/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  CardBody,
  EmptyState,
  LoadingState,
  Page,
  PageHeader,
  RefreshIcon,
  useDocumentTitle,
} from '@slotwise/ui';
import { useShellApi } from '../api/shell-api';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** Message text with its web addresses as links (verification and cancel links are clickable). */
function Linkified({ text }: { text: string }) {
  const parts: ReactNode[] = text.split(URL_PATTERN).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part}>
        {part}
      </a>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
  return <>{parts}</>;
}

const timeFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'medium' });

/** /dev/outbox: the development mailbox (only served when the API runs with DEV_OUTBOX=true). */
export default function DevOutboxPage() {
  useDocumentTitle('Development mailbox');
  const api = useShellApi();
  const outbox = useQuery({
    queryKey: ['/api/dev/outbox'],
    queryFn: ({ signal }) => api.request(apiRoutes.messages.devOutbox, { signal }),
    staleTime: 0,
  });
  // The API answers NOT_FOUND when it keeps no development mailbox.
  const notAvailable = errorCode(outbox.error) === ErrorCode.NOT_FOUND;

  return (
    <Page narrow>
      <PageHeader
        title="Development mailbox"
        description="Emails and text messages the server captured instead of sending, newest first."
        actions={
          <div className="shell-outbox__toolbar sw-row sw-row--spread">
            <p className="shell-outbox__note">
              Only when the API runs with <code>DEV_OUTBOX=true</code> (on with npm start and in
              tests, never by default).
            </p>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void outbox.refetch()}
              loading={outbox.isFetching}
            >
              {!outbox.isFetching && <RefreshIcon />}
              Refresh
            </Button>
          </div>
        }
      />
      {outbox.isPending ? (
        <LoadingState title="Loading messages…" />
      ) : notAvailable ? (
        <Alert variant="info" title="The development mailbox is not available">
          This server keeps no development mailbox. Start the API with DEV_OUTBOX=true to capture
          messages here.
        </Alert>
      ) : outbox.isError ? (
        <Alert variant="danger" title="Could not load the mailbox">
          {outbox.error.message}
        </Alert>
      ) : outbox.data.length === 0 ? (
        <Card>
          <CardBody>
            <EmptyState
              title="No messages yet"
              description="Register an account or book an appointment and the messages appear here."
            />
          </CardBody>
        </Card>
      ) : (
        <ul className="shell-outbox__list" aria-label="Captured messages">
          {outbox.data.map((message) => (
            <li key={message.id}>
              <Card as="article" data-outbox-message={message.id}>
                <CardBody>
                  <div className="shell-outbox__meta">
                    <Badge variant={message.channel === 'email' ? 'info' : 'primary'}>
                      {message.channel === 'email' ? 'Email' : 'SMS'}
                    </Badge>
                    <span className="shell-outbox__to">To {message.to}</span>
                    <time dateTime={message.createdAt}>
                      {timeFormat.format(new Date(message.createdAt))}
                    </time>
                    <Badge
                      variant={
                        message.status === 'failed'
                          ? 'danger'
                          : message.status === 'sent' || message.status === 'delivered'
                            ? 'success'
                            : 'neutral'
                      }
                    >
                      {OUTBOX_STATUS_LABELS[message.status]}
                    </Badge>
                  </div>
                  {message.lastError && message.status === 'failed' && (
                    <p className="shell-outbox__error">{message.lastError}</p>
                  )}
                  {message.subject && <h2 className="shell-outbox__subject">{message.subject}</h2>}
                  <pre className="shell-outbox__body">
                    <Linkified text={message.body} />
                  </pre>
                </CardBody>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
