import { useId, useState } from 'react';
import { type CustomerSummary, formatPhoneForDisplay } from '@slotwise/contracts';
import { Button, Input, Label, Spinner } from '@slotwise/ui';
import { PickList } from '../../owner';
import { useClientSearch } from '../api';
import { useDebouncedValue } from '../useDebouncedValue';

const clientName = (c: Pick<CustomerSummary, 'firstName' | 'lastName'>) =>
  `${c.firstName} ${c.lastName}`.trim();

/**
 * Finds one of the business's clients by name or phone number (asked of the server once typing
 * pauses), or hands what was typed over to 'New client'.
 */
export function ClientPicker({
  businessId,
  selected,
  error,
  onSelect,
  onNewClient,
}: {
  businessId: number;
  selected: CustomerSummary | null;
  error?: string;
  onSelect: (client: CustomerSummary | null) => void;
  /** The owner found nobody: a new client, with what they typed. */
  onNewClient: (typed: string) => void;
}) {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search, 300);
  const found = useClientSearch(businessId, query);
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const ready = query.trim().length >= 2 && query === search;
  const matches = ready ? (found.data ?? []) : [];

  if (selected) {
    return (
      <div className="sw-field">
        <p className="sw-label">Client</p>
        <div className="dash-client-picked">
          <span>
            <span className="dash-table__strong">{clientName(selected)}</span>
            <span className="dash-table__sub">{formatPhoneForDisplay(selected.phone)}</span>
          </span>
          <Button variant="ghost" size="sm" onClick={() => onSelect(null)}>
            Change
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="sw-field">
      <Label htmlFor={id}>Find a client</Label>
      <Input
        id={id}
        type="search"
        autoComplete="off"
        placeholder="Name or phone number"
        value={search}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        onChange={(e) => setSearch(e.target.value)}
      />
      {error && (
        <p id={errorId} className="sw-field__error">
          {error}
        </p>
      )}
      <div aria-live="polite" className="dash-client-results">
        {search.trim().length < 2 ? (
          <p className="sw-field__hint">Type at least 2 letters or digits.</p>
        ) : !ready || found.isPending ? (
          <p className="sw-field__hint">
            <Spinner /> Searching…
          </p>
        ) : found.isError ? (
          <p className="sw-field__error">Clients could not be searched. Try again.</p>
        ) : matches.length === 0 ? (
          <p className="sw-field__hint">
            No client matches “{search.trim()}”.{' '}
            <Button variant="ghost" size="sm" onClick={() => onNewClient(search)}>
              Add as a new client
            </Button>
          </p>
        ) : (
          <PickList
            items={matches}
            label="Matching clients"
            className="dash-client-list"
            optionClassName="dash-client-option"
            title={clientName}
            detail={(c) => `${formatPhoneForDisplay(c.phone)}${c.email ? ` · ${c.email}` : ''}`}
            onPick={onSelect}
          />
        )}
      </div>
    </div>
  );
}
