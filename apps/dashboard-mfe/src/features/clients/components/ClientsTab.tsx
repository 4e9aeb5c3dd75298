import '../clients.css';
import { useState } from 'react';
import { type CustomerSummary, formatPhoneForDisplay } from '@slotwise/contracts';
import {
  Alert,
  Button,
  Card,
  CardBody,
  EmptyState,
  Input,
  SkeletonList,
  UsersIcon,
} from '@slotwise/ui';
import { useDebouncedValue } from '../../appointments';
import { SectionHead } from '../../owner';
import { useClientList } from '../api';
import {
  CLIENTS_PAGE_SIZE,
  clientName,
  sharesLine,
  shownClients,
  visitsCount,
  visitsLine,
} from '../clients';
import { ClientDetailDialog } from './ClientDetailDialog';
import { ImportClientsDialog } from './ImportClientsDialog';

function ClientRow({
  client,
  timeZone,
  onOpen,
}: {
  client: CustomerSummary;
  timeZone: string;
  onOpen: () => void;
}) {
  const shares = sharesLine(client);
  return (
    <li>
      <button
        type="button"
        className="clients-row sw-list-button sw-list-button--row"
        data-client={client.id}
        onClick={onOpen}
      >
        <span className="clients-row__main">
          <span className="clients-row__name">{clientName(client)}</span>
          <span className="clients-row__phone">{formatPhoneForDisplay(client.phone)}</span>
          <span className="clients-row__visits">{visitsLine(client, timeZone)}</span>
          {shares && <span className="clients-row__shares">{shares}</span>}
        </span>
        <span className="clients-row__count">{visitsCount(client)}</span>
      </button>
    </li>
  );
}

/** The dashboard's Clients tab: search, the list by name, and a client's details. */
export function ClientsTab({ businessId, timeZone }: { businessId: number; timeZone: string }) {
  const [search, setSearch] = useState('');
  const [pages, setPages] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  // The server searches: ask once typing pauses.
  const query = useDebouncedValue(search.trim());
  const list = useClientList(businessId, query, pages * CLIENTS_PAGE_SIZE);
  const { rows, hasMore } = shownClients(list.data ?? [], pages * CLIENTS_PAGE_SIZE);

  const onSearch = (value: string) => {
    setSearch(value);
    setPages(1);
  };

  return (
    <Card as="section" className="clients-card">
      <CardBody className="sw-stack">
        <SectionHead
          title="Clients"
          description="Everyone who has booked with you, one record per phone number."
        >
          <Button variant="secondary" onClick={() => setImporting(true)}>
            Import clients
          </Button>
        </SectionHead>
        {importing && (
          <ImportClientsDialog businessId={businessId} onClose={() => setImporting(false)} />
        )}
        <Input
          type="search"
          placeholder="Search by name, email or phone..."
          aria-label="Search clients"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
        {list.isPending ? (
          <SkeletonList count={2} height={64} radius={12} label="Loading clients" />
        ) : list.isError ? (
          <Alert variant="danger" title="Could not load your clients">
            {list.error.message}
          </Alert>
        ) : rows.length === 0 ? (
          query ? (
            <EmptyState
              className="dash-empty"
              title="No clients found"
              description={`Nobody matches “${query}”. Try part of a name, or the digits of a phone number.`}
            />
          ) : (
            <EmptyState
              className="dash-empty"
              icon={<UsersIcon />}
              title="No clients yet"
              description="Clients appear here after their first booking."
            />
          )
        ) : (
          <>
            <ul
              className="clients-list sw-list sw-list--flush"
              aria-label="Clients"
              aria-busy={list.isFetching}
            >
              {rows.map((c) => (
                <ClientRow key={c.id} client={c} timeZone={timeZone} onOpen={() => setOpen(c.id)} />
              ))}
            </ul>
            {hasMore && (
              <div className="dash-load-more">
                <Button
                  variant="secondary"
                  loading={list.isFetching}
                  onClick={() => setPages((p) => p + 1)}
                >
                  Load more
                </Button>
              </div>
            )}
          </>
        )}
      </CardBody>
      <ClientDetailDialog
        businessId={businessId}
        timeZone={timeZone}
        clientId={open}
        onClose={() => setOpen(null)}
      />
    </Card>
  );
}
