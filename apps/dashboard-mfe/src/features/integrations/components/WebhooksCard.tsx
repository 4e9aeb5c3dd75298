import { type FormEvent, useState } from 'react';
import { isApiError } from '@slotwise/api-client';
import {
  formatDate,
  formatTime,
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@slotwise/contracts';
import {
  Alert,
  Badge,
  type BadgeVariant,
  Button,
  EmptyState,
  InputField,
  LoadingState,
  toast,
} from '@slotwise/ui';
import { useDeliveries, useWebhookMutation, useWebhooks, type WebhookChange } from '../api';
import { SectionCard } from '../../owner';
import { Checkboxes } from './Checkboxes';

const STATUS_BADGE: Record<WebhookDeliveryStatus, BadgeVariant> = {
  pending: 'warning',
  queued: 'info',
  sending: 'info',
  succeeded: 'success',
  failed: 'danger',
};

const STATUS_TEXT: Record<WebhookDeliveryStatus, string> = {
  pending: 'Retrying',
  queued: 'Queued',
  sending: 'Sending',
  succeeded: 'Delivered',
  failed: 'Failed',
};

const when = (iso: string, timeZone: string) =>
  `${formatDate(iso, timeZone)} ${formatTime(iso, timeZone)}`;

function failed(error: unknown, fallback: string) {
  toast({
    title: 'Error',
    description: (isApiError(error) ? error.serverMessage : null) ?? fallback,
    variant: 'destructive',
  });
}

/** Settings → Integrations: endpoints that hear about bookings and clients, signed. */
export function WebhooksCard({ businessId, timeZone }: { businessId: number; timeZone: string }) {
  const endpoints = useWebhooks(businessId);
  return (
    <SectionCard
      id="webhooks-title"
      title="Webhooks"
      description="Send bookings and clients to your other systems as they change. Each request is signed (Standard Webhooks) with the endpoint's secret."
    >
      <AddEndpointForm businessId={businessId} />
      {endpoints.isPending ? (
        <LoadingState title="Loading endpoints…" />
      ) : endpoints.isError ? (
        <Alert variant="danger" title="Couldn't load your webhooks">
          Please reload the page.
        </Alert>
      ) : endpoints.data.length === 0 ? (
        <EmptyState
          title="No endpoints yet"
          description="Add an https URL above to start receiving events."
        />
      ) : (
        <ul className="integrations-list" aria-label="Webhook endpoints">
          {endpoints.data.map((endpoint) => (
            <EndpointRow
              key={endpoint.id}
              businessId={businessId}
              endpoint={endpoint}
              timeZone={timeZone}
            />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function AddEndpointForm({ businessId }: { businessId: number }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['booking.created']);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const mutation = useWebhookMutation(businessId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      url: /^https?:\/\/\S+$/.test(url.trim()) ? undefined : 'Enter a full https:// URL',
      events: events.length ? undefined : 'Choose at least one event',
    };
    setErrors(found);
    if (found.url || found.events) return;
    mutation.mutate(
      { kind: 'create', body: { url: url.trim(), events } },
      {
        onSuccess: () => {
          setUrl('');
          toast({
            title: 'Endpoint Added',
            description: 'Its signing secret is shown with it below.',
            variant: 'success',
          });
        },
        onError: (error) => {
          const message = isApiError(error) ? error.serverMessage : null;
          if (message) setErrors({ url: message });
          else failed(error, 'Failed to add the endpoint. Please try again.');
        },
      },
    );
  };

  return (
    <form className="sw-stack" onSubmit={onSubmit} aria-label="Add a webhook endpoint" noValidate>
      <InputField
        label="Endpoint URL"
        type="url"
        placeholder="https://example.com/slotwise"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={errors.url}
      />
      <Checkboxes
        legend="Events"
        options={WEBHOOK_EVENT_TYPES}
        value={events}
        onChange={setEvents}
        error={errors.events}
      />
      <div>
        <Button type="submit" loading={mutation.isPending}>
          Add Endpoint
        </Button>
      </div>
    </form>
  );
}

function EndpointRow({
  businessId,
  endpoint,
  timeZone,
}: {
  businessId: number;
  endpoint: WebhookEndpoint;
  timeZone: string;
}) {
  const [showSecret, setShowSecret] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const mutation = useWebhookMutation(businessId);
  const run = (change: WebhookChange, done: string, failure: string) =>
    mutation.mutate(change, {
      onSuccess: () => toast({ title: done, variant: 'success' }),
      onError: (error) => failed(error, failure),
    });

  return (
    <li className="integrations-item">
      <div className="integrations-item-head">
        <code className="integrations-url">{endpoint.url}</code>
        {endpoint.enabled ? (
          <Badge variant="success">Enabled</Badge>
        ) : (
          <Badge variant="danger">Disabled</Badge>
        )}
      </div>
      {!endpoint.enabled && endpoint.disabledReason ? (
        <Alert variant="warning">{endpoint.disabledReason}</Alert>
      ) : null}
      <p className="integrations-meta">{endpoint.events.join(', ')}</p>
      <div className="integrations-secret">
        <span>Signing secret:</span>
        <code data-testid="webhook-secret">{showSecret ? endpoint.secret : 'whsec_••••••••'}</code>
        <Button size="sm" variant="ghost" onClick={() => setShowSecret(!showSecret)}>
          {showSecret ? 'Hide' : 'Show'}
        </Button>
      </div>
      <div className="integrations-actions">
        <Button
          size="sm"
          variant="secondary"
          disabled={!endpoint.enabled}
          onClick={() =>
            run(
              { kind: 'test', webhookId: endpoint.id },
              'Test Event Sent',
              'Failed to send the test event.',
            )
          }
        >
          Send Test Event
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setShowLog(!showLog)}>
          {showLog ? 'Hide Delivery Log' : 'Delivery Log'}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() =>
            run(
              { kind: 'update', webhookId: endpoint.id, body: { enabled: !endpoint.enabled } },
              endpoint.enabled ? 'Endpoint Disabled' : 'Endpoint Enabled',
              'Failed to change the endpoint.',
            )
          }
        >
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button
          size="sm"
          variant="destructive"
          onClick={() =>
            run(
              { kind: 'remove', webhookId: endpoint.id },
              'Endpoint Removed',
              'Failed to remove the endpoint.',
            )
          }
        >
          Remove
        </Button>
      </div>
      {showLog ? (
        <DeliveryLog businessId={businessId} webhookId={endpoint.id} timeZone={timeZone} />
      ) : null}
    </li>
  );
}

function DeliveryLog({
  businessId,
  webhookId,
  timeZone,
}: {
  businessId: number;
  webhookId: number;
  timeZone: string;
}) {
  const deliveries = useDeliveries(businessId, webhookId);
  const mutation = useWebhookMutation(businessId);
  if (deliveries.isPending) return <LoadingState title="Loading deliveries…" />;
  if (deliveries.isError) {
    return <Alert variant="danger">Couldn't load the delivery log. Please try again.</Alert>;
  }
  if (!deliveries.data.length) {
    return <p className="integrations-meta">No deliveries in the last 30 days.</p>;
  }
  return (
    <ul className="integrations-log" aria-label="Delivery log">
      {deliveries.data.map((d) => (
        <li key={d.id}>
          <div className="integrations-item-head">
            <code>{d.eventType}</code>
            <Badge variant={STATUS_BADGE[d.status]}>{STATUS_TEXT[d.status]}</Badge>
          </div>
          <p className="integrations-meta">
            {when(d.createdAt, timeZone)} · {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
            {d.responseCode !== null ? ` · HTTP ${d.responseCode}` : ''}
            {d.lastError && d.status !== 'succeeded' ? ` · ${d.lastError}` : ''}
          </p>
          {d.status === 'succeeded' || d.status === 'failed' ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() =>
                mutation.mutate(
                  { kind: 'resend', webhookId, deliveryId: d.id },
                  {
                    onSuccess: () => toast({ title: 'Delivery Resent', variant: 'success' }),
                    onError: (error) => failed(error, 'Failed to resend.'),
                  },
                )
              }
            >
              Resend
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
