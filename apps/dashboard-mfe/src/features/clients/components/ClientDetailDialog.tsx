import { type ReactNode, useId, useMemo, useState } from 'react';
import { isApiError } from '@slotwise/api-client';
import {
  CUSTOMER_NOTES_MAX,
  type CustomerDetail,
  type CustomerVisit,
  ErrorCode,
  type UpdateCustomerRequest,
  UpdateCustomerRequestSchema,
  formatDate,
  formatPhoneForDisplay,
  formatPrice,
  isAustralianMobile,
} from '@slotwise/contracts';
import {
  Alert,
  Button,
  ConfirmDialog,
  Dialog,
  Input,
  InputField,
  Label,
  Skeleton,
  Spinner,
  TextareaField,
  toast,
  useForm,
} from '@slotwise/ui';
import { StatusBadge, useDebouncedValue } from '../../appointments';
import { fieldIssues, PickList } from '../../owner';
import { PaymentRecordList } from '../../payments';
import { useClient, useClientList, useMergeClient, useSplitClient, useUpdateClient } from '../api';
import { clientName, sharesLine, visitWhen } from '../clients';

const FIELDS = ['firstName', 'lastName', 'phone', 'email', 'notes'] as const;
type ClientField = (typeof FIELDS)[number];
type ClientFormValues = Record<ClientField, string>;

function formValues(c: CustomerDetail): ClientFormValues {
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    // Edited as the owner reads it; sent only when changed (the API stores it as E.164).
    phone: formatPhoneForDisplay(c.phone),
    email: c.email ?? '',
    notes: c.notes ?? '',
  };
}

/** Only the fields the owner changed (a number kept as typed long ago is not re-checked). */
export function changedFields(
  saved: ClientFormValues,
  values: ClientFormValues,
): UpdateCustomerRequest {
  const body: UpdateCustomerRequest = {};
  for (const field of FIELDS) {
    if (values[field].trim() !== saved[field].trim()) body[field] = values[field];
  }
  return body;
}

/** The server's per-field messages (a number another client has), for this form's fields. */
function clientIssues(error: unknown): Partial<ClientFormValues> {
  const found: Partial<ClientFormValues> = fieldIssues(error, FIELDS);
  if (
    isApiError(error) &&
    error.code === ErrorCode.CUSTOMER_PHONE_TAKEN &&
    !found.phone &&
    error.serverMessage
  ) {
    found.phone = error.serverMessage;
  }
  return found;
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="clients-stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The server's reason for a refusal; our own words for a failure. */
function failure(error: unknown, fallback: string): string {
  return (isApiError(error) && error.status < 500 ? error.serverMessage : null) ?? fallback;
}

function VisitList({
  title,
  visits,
  empty,
  timeZone,
  selected,
  onToggle,
}: {
  title: string;
  visits: readonly CustomerVisit[];
  empty: string;
  timeZone: string;
  /** While splitting: the appointments chosen to move. */
  selected?: ReadonlySet<number>;
  onToggle?: (id: number) => void;
}) {
  return (
    <section className="clients-visits" aria-label={title}>
      <h3 className="dash-detail__title">{title.toUpperCase()}</h3>
      {visits.length === 0 ? (
        <p className="dash-muted">{empty}</p>
      ) : (
        <ul className="clients-visits__list sw-list sw-list--flush">
          {visits.map((v) => (
            <li key={v.id} className="clients-visit" data-visit={v.id}>
              {selected && onToggle && (
                <input
                  type="checkbox"
                  className="clients-visit__pick"
                  aria-label={`Move the appointment of ${visitWhen(v, timeZone)}`}
                  checked={selected.has(v.id)}
                  onChange={() => onToggle(v.id)}
                />
              )}
              <span className="clients-visit__main">
                <span className="clients-visit__when">{visitWhen(v, timeZone)}</span>
                <span className="clients-visit__what">
                  {[v.service.name, v.staff?.name].filter(Boolean).join(' · ')} ·{' '}
                  {formatPrice(v.price)}
                </span>
              </span>
              <StatusBadge status={v.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ClientForm({ client, businessId }: { client: CustomerDetail; businessId: number }) {
  const saved = useMemo(() => formValues(client), [client]);
  // Only what changed is checked and sent, with the API's own rules and texts.
  const schema = useMemo(
    () => ({
      safeParse: (values: unknown) =>
        UpdateCustomerRequestSchema.safeParse(changedFields(saved, values as ClientFormValues)),
    }),
    [saved],
  );
  const form = useForm(schema, () => saved);
  const update = useUpdateClient(businessId);
  const dirty = Object.keys(changedFields(saved, form.values)).length > 0;

  const onSubmit = form.handleSubmit((body) => {
    update.mutate(
      { id: client.id, body },
      {
        onSuccess: (updated) => {
          form.reset(formValues(updated));
          toast({
            title: 'Client Saved',
            description: `${clientName(updated)}'s details have been updated`,
            variant: 'success',
          });
        },
        onError: (error) => {
          const issues = clientIssues(error);
          if (Object.keys(issues).length > 0) {
            form.setErrors(issues);
            return;
          }
          toast({
            title: 'Error',
            description: failure(error, 'Failed to save the client. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  });

  return (
    <form className="sw-stack" noValidate onSubmit={onSubmit} aria-label="Client details">
      <TextareaField
        label="Private notes"
        hint="Only you see these notes."
        rows={3}
        maxLength={CUSTOMER_NOTES_MAX}
        {...form.field('notes')}
      />
      <div className="sw-form-row">
        <InputField label="First Name" autoComplete="off" {...form.field('firstName')} />
        <InputField label="Last Name" autoComplete="off" {...form.field('lastName')} />
      </div>
      <div className="sw-form-row">
        <InputField label="Phone" kind="tel" autoComplete="off" {...form.field('phone')} />
        <InputField label="Email" kind="email" autoComplete="off" {...form.field('email')} />
      </div>
      <div className="dash-detail__actions clients-form__actions">
        <Button
          type="button"
          variant="ghost"
          disabled={!dirty || update.isPending}
          onClick={() => form.reset(saved)}
        >
          Discard
        </Button>
        <Button type="submit" disabled={!dirty} loading={update.isPending}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}

/** A client to merge into the one open, as the owner picked it. */
interface MergeCandidate {
  id: number;
  name: string;
}

/**
 * Asks before merging `other` into `client` (decision 35: only if they are the same person), then
 * merges and says so. `onDone` runs once the question is answered, whatever the outcome.
 */
function MergeConfirm({
  client,
  businessId,
  other,
  onDone,
}: {
  client: CustomerDetail;
  businessId: number;
  other: MergeCandidate | null;
  onDone: () => void;
}) {
  const merge = useMergeClient(businessId);
  const name = clientName(client);
  const onConfirm = () => {
    if (!other) return;
    merge.mutate(
      { id: client.id, otherCustomerId: other.id },
      {
        onSuccess: () => {
          toast({
            title: 'Clients Merged',
            description: `${other.name}'s appointments are now ${name}'s`,
            variant: 'success',
          });
          onDone();
        },
        onError: (error) => {
          toast({
            title: 'Error',
            description: failure(error, 'Failed to merge the clients. Please try again.'),
            variant: 'destructive',
          });
          onDone();
        },
      },
    );
  };
  return (
    <ConfirmDialog
      open={other !== null}
      onOpenChange={(open) => !open && onDone()}
      title="Merge Clients"
      message={
        other
          ? `Only if ${other.name} and ${name} are the same person: ${other.name}'s appointments move to ${name}, and ${other.name} is removed from your clients. Each appointment keeps the name it was booked with.`
          : ''
      }
      confirmLabel="Merge"
      onConfirm={onConfirm}
      busy={merge.isPending}
    />
  );
}

/**
 * Other clients with this number (decision 35: one phone, two people), each with a Merge action
 * for when they are in fact this client.
 */
function SharedNumber({ client, businessId }: { client: CustomerDetail; businessId: number }) {
  const [merging, setMerging] = useState<MergeCandidate | null>(null);
  const line = sharesLine(client);
  if (!line) return null;
  const name = clientName(client);
  return (
    <div className="clients-shares" data-shares-number>
      <p className="clients-shares__line">{line}</p>
      <div className="clients-shares__actions">
        {client.sharesNumberWith.map((other) => (
          <Button
            key={other.id}
            type="button"
            size="sm"
            variant="secondary"
            onClick={() => setMerging({ id: other.id, name: other.name || 'Unnamed client' })}
          >
            Merge {other.name || 'Unnamed client'} into {name}
          </Button>
        ))}
      </div>
      <MergeConfirm
        client={client}
        businessId={businessId}
        other={merging}
        onDone={() => setMerging(null)}
      />
    </div>
  );
}

/** Matches the merge search shows at once. */
const MERGE_MATCHES = 8;

/**
 * Any other client of the business merged into this one on purpose (the same person booked under
 * another number or spelling), found by name, phone or email.
 */
function MergeWithAnother({ client, businessId }: { client: CustomerDetail; businessId: number }) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [merging, setMerging] = useState<MergeCandidate | null>(null);
  const query = useDebouncedValue(search, 300);
  // One more than shown, as the list asks, plus this client, who may be among them.
  const found = useClientList(open ? businessId : 0, query, MERGE_MATCHES + 1);
  const searchId = useId();
  if (!open) {
    return (
      <div className="clients-merge">
        <Button type="button" variant="secondary" size="sm" onClick={() => setOpen(true)}>
          Merge with another client…
        </Button>
      </div>
    );
  }
  const matches = (found.data ?? []).filter((c) => c.id !== client.id).slice(0, MERGE_MATCHES);
  const settled = query === search && !found.isFetching;
  return (
    <section className="clients-merge clients-merge--open" aria-labelledby={`${searchId}-title`}>
      <h3 id={`${searchId}-title`} className="clients-merge__title">
        Merge another client into {clientName(client)}
      </h3>
      <Label htmlFor={searchId}>Find the other client</Label>
      <Input
        id={searchId}
        type="search"
        autoComplete="off"
        placeholder="Name, phone or email"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <div aria-live="polite" className="clients-merge__results">
        {found.isError ? (
          <p className="sw-field__error">Clients could not be searched. Try again.</p>
        ) : found.isPending || (!settled && matches.length === 0) ? (
          <p className="sw-field__hint">
            <Spinner /> Searching…
          </p>
        ) : matches.length === 0 ? (
          <p className="sw-field__hint">
            {search.trim()
              ? `No other client matches “${search.trim()}”.`
              : 'No other clients yet.'}
          </p>
        ) : (
          <PickList
            items={matches}
            label="Clients to merge"
            className="clients-merge__list"
            optionClassName="clients-merge__option"
            title={clientName}
            detail={(c) =>
              [formatPhoneForDisplay(c.phone), c.email].filter(Boolean).join(' · ') ||
              'No phone or email'
            }
            onPick={(c) => setMerging({ id: c.id, name: clientName(c) })}
          />
        )}
      </div>
      <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
        Cancel
      </Button>
      <MergeConfirm
        client={client}
        businessId={businessId}
        other={merging}
        onDone={() => {
          setMerging(null);
          setOpen(false);
          setSearch('');
        }}
      />
    </section>
  );
}

function ClientBody({
  client,
  businessId,
  timeZone,
}: {
  client: CustomerDetail;
  businessId: number;
  timeZone: string;
}) {
  const phone = formatPhoneForDisplay(client.phone);
  // Splitting: the appointments chosen to move to a new client (null: not splitting).
  const [picked, setPicked] = useState<ReadonlySet<number> | null>(null);
  const [confirming, setConfirming] = useState(false);
  const split = useSplitClient(businessId);
  const total = client.upcoming.length + client.past.length;
  const toggle = (id: number) =>
    setPicked((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const count = picked?.size ?? 0;
  const moving = count === 1 ? '1 appointment' : `${count} appointments`;
  const onSplit = () =>
    split.mutate(
      { id: client.id, appointmentIds: [...(picked ?? [])] },
      {
        onSuccess: (created) => {
          toast({
            title: 'Client Split',
            description: `${moving} moved to ${clientName(created)}`,
            variant: 'success',
          });
          setConfirming(false);
          setPicked(null);
        },
        onError: (error) => {
          toast({
            title: 'Error',
            description: failure(error, 'Failed to split the client. Please try again.'),
            variant: 'destructive',
          });
          setConfirming(false);
        },
      },
    );
  return (
    <div className="sw-stack clients-detail">
      <div className="clients-contact">
        {/* A walk-in booked by name only has no number (''): no empty tel: link. */}
        {client.phone ? <a href={`tel:${client.phone}`}>{phone}</a> : <span>No phone</span>}
        {client.email && <a href={`mailto:${client.email}`}>{client.email}</a>}
      </div>
      <SharedNumber client={client} businessId={businessId} />
      <MergeWithAnother client={client} businessId={businessId} />
      {client.phone && !isAustralianMobile(client.phone) && (
        <Alert variant="info" title="No text messages">
          This number is not an Australian mobile, so booking confirmations and reminders are not
          sent by SMS.
        </Alert>
      )}
      <dl className="clients-stats" aria-label="Visit history">
        <Stat label="Visits" value={client.visits} />
        <Stat label="Upcoming" value={client.upcomingVisits} />
        <Stat label="No-shows" value={client.noShows} />
        <Stat label="Cancellations" value={client.cancellations} />
        <Stat label="Total spent" value={formatPrice(client.totalSpent)} />
      </dl>
      <p className="dash-muted clients-stats__note">
        Visits are past appointments that were not cancelled or missed.
      </p>
      {/* A fresh form for each client (and after each save, with what the server stored). */}
      <ClientForm key={client.id} client={client} businessId={businessId} />
      {total > 1 && (
        <div className="clients-split">
          {picked ? (
            <>
              <p className="clients-split__hint">
                Choose the appointments that belong to someone else. They move to a new client with
                the name they were booked with.
              </p>
              <div className="clients-split__actions">
                <Button type="button" variant="ghost" onClick={() => setPicked(null)}>
                  Cancel
                </Button>
                <Button
                  type="button"
                  disabled={count === 0 || count === total}
                  onClick={() => setConfirming(true)}
                >
                  Move {moving}
                </Button>
              </div>
            </>
          ) : (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => setPicked(new Set())}
            >
              Split Client
            </Button>
          )}
        </div>
      )}
      <VisitList
        title="Upcoming"
        visits={client.upcoming}
        empty="No upcoming visits"
        timeZone={timeZone}
        {...(picked ? { selected: picked, onToggle: toggle } : {})}
      />
      <VisitList
        title="Past visits"
        visits={client.past}
        empty="No past visits"
        timeZone={timeZone}
        {...(picked ? { selected: picked, onToggle: toggle } : {})}
      />
      <section className="sw-stack" aria-labelledby="client-payments-title">
        <h3 id="client-payments-title" className="dash-detail__title">
          Payments
        </h3>
        <PaymentRecordList
          businessId={businessId}
          timeZone={timeZone}
          customerId={client.id}
          showAppointment
        />
      </section>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !open && setConfirming(false)}
        title="Split Client"
        message={`${moving} will move from ${clientName(client)} to a new client named as they were booked, with the same phone number.`}
        confirmLabel="Split"
        onConfirm={onSplit}
        busy={split.isPending}
      />
    </div>
  );
}

/** One client: contact, counts, the owner's private notes and details, and their visits. */
export function ClientDetailDialog({
  businessId,
  timeZone,
  clientId,
  onClose,
}: {
  businessId: number;
  timeZone: string;
  /** The client shown; null when the dialog is closed. */
  clientId: number | null;
  onClose: () => void;
}) {
  const detail = useClient(businessId, clientId);
  const client = detail.data?.id === clientId ? detail.data : undefined;
  return (
    <Dialog
      open={clientId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={client ? clientName(client) : 'Client'}
      description={client ? `Client since ${formatDate(client.createdAt, timeZone)}` : undefined}
      className="clients-dialog"
    >
      {client ? (
        <ClientBody client={client} businessId={businessId} timeZone={timeZone} />
      ) : detail.isError ? (
        <Alert variant="danger" title="Could not load this client">
          {detail.error.message}
        </Alert>
      ) : (
        <div className="sw-stack" aria-busy="true" aria-label="Loading client">
          <Skeleton height={24} width="60%" />
          <Skeleton height={72} radius={12} />
          <Skeleton height={120} radius={12} />
        </div>
      )}
    </Dialog>
  );
}
