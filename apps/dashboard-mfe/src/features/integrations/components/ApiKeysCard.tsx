import { type FormEvent, useState } from 'react';
import { isApiError } from '@slotwise/api-client';
import {
  API_KEY_SCOPES,
  type ApiKeyScope,
  type CreatedApiKey,
  formatDate,
  formatTime,
} from '@slotwise/contracts';
import { Alert, Button, EmptyState, InputField, LoadingState, toast } from '@slotwise/ui';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api';
import { SectionCard } from '../../owner';
import { Checkboxes } from './Checkboxes';

/** Settings → Integrations: keys for the business's own systems, shown once. */
export function ApiKeysCard({ businessId, timeZone }: { businessId: number; timeZone: string }) {
  const keys = useApiKeys(businessId);
  const revoke = useRevokeApiKey(businessId);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <SectionCard
      id="api-keys-title"
      title="API Keys"
      description="Let your own systems read your appointments and clients (and, with bookings:write, change bookings). Send a key as Authorization: Bearer <key>."
    >
      {created ? (
        <Alert variant="success" title="Copy your new key now: it won't be shown again">
          <code className="integrations-url" data-testid="api-key-secret">
            {created.secret}
          </code>
          <div className="integrations-actions">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void navigator.clipboard?.writeText(created.secret)}
            >
              Copy
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setCreated(null)}>
              Done
            </Button>
          </div>
        </Alert>
      ) : null}
      <CreateKeyForm businessId={businessId} onCreated={setCreated} />
      {keys.isPending ? (
        <LoadingState title="Loading keys…" />
      ) : keys.isError ? (
        <Alert variant="danger" title="Couldn't load your API keys">
          Please reload the page.
        </Alert>
      ) : keys.data.length === 0 ? (
        <EmptyState title="No API keys" description="Create one above when a system needs it." />
      ) : (
        <ul className="integrations-list" aria-label="API keys">
          {keys.data.map((key) => (
            <li key={key.id} className="integrations-item">
              <div className="integrations-item-head">
                <strong>{key.name}</strong>
                <code>{key.prefix}…</code>
              </div>
              <p className="integrations-meta">
                {key.scopes.join(', ')} ·{' '}
                {key.lastUsedAt
                  ? `last used ${formatDate(key.lastUsedAt, timeZone)} ${formatTime(key.lastUsedAt, timeZone)}`
                  : 'never used'}
              </p>
              <div className="integrations-actions">
                <Button
                  size="sm"
                  variant="destructive"
                  loading={revoke.isPending && revoke.variables === key.id}
                  onClick={() =>
                    revoke.mutate(key.id, {
                      onSuccess: () => toast({ title: 'Key Revoked', variant: 'success' }),
                      onError: () =>
                        toast({
                          title: 'Error',
                          description: 'Failed to revoke the key.',
                          variant: 'destructive',
                        }),
                    })
                  }
                >
                  Revoke
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function CreateKeyForm({
  businessId,
  onCreated,
}: {
  businessId: number;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['bookings:read']);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});
  const create = useCreateApiKey(businessId);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      name: name.trim() ? undefined : 'Name is required',
      scopes: scopes.length ? undefined : 'Choose at least one scope',
    };
    setErrors(found);
    if (found.name || found.scopes) return;
    create.mutate(
      { name: name.trim(), scopes },
      {
        onSuccess: (key) => {
          setName('');
          onCreated(key);
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description:
              (isApiError(error) ? error.serverMessage : null) ?? 'Failed to create the key.',
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <form className="sw-stack" onSubmit={onSubmit} aria-label="Create an API key" noValidate>
      <InputField
        label="Key Name"
        placeholder="e.g. Front desk sync"
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <Checkboxes
        legend="Scopes"
        options={API_KEY_SCOPES}
        value={scopes}
        onChange={setScopes}
        error={errors.scopes}
      />
      <div>
        <Button type="submit" loading={create.isPending}>
          Create Key
        </Button>
      </div>
    </form>
  );
}
