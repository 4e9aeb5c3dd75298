import { useMemo, useState } from 'react';
import {
  type AppointmentStatus,
  type OwnerAppointment,
  formatPhoneForDisplay,
} from '@slotwise/contracts';
import {
  Badge,
  Button,
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  InputField,
  Skeleton,
} from '@slotwise/ui';
import { reminderBlockedReason, useCustomerReminders } from '../../messages';
import { useAppointmentList } from '../api';
import {
  STATUS_FILTERS,
  customerName,
  filterAppointments,
  formatWhen,
  newestFirst,
  statusLabel,
  statusText,
} from '../appointments';
import { type ListFilter, rangeWindow, tableRequestCount, tableRows } from '../list';
import '../appointments.css';
import { StatusBadge } from './StatusBadge';

/**
 * The appointment table: status filter and date range, newest first, with each appointment's
 * staff member; a row's click opens the details. Search, status and dates are applied by the
 * server and the rows come 50 at a time ('Load more'), so a long history is never loaded at once.
 */
export function AppointmentsTable({
  businessId,
  search,
  timeZone,
  onOpen,
}: {
  businessId: number;
  /** The search box's text, already debounced. */
  search: string;
  timeZone: string;
  onOpen: (appointment: OwnerAppointment) => void;
}) {
  const [statuses, setStatuses] = useState<AppointmentStatus[]>([]);
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const range = rangeWindow(fromDay, toDay, timeZone);
  const [pages, setPages] = useState(1);
  const filter: ListFilter = { q: search, statuses, from: range.from, to: range.to };
  const [shownFor, setShownFor] = useState(filter);
  // A new search or filter starts again from the first page.
  if (
    shownFor.q !== search ||
    shownFor.statuses !== statuses ||
    shownFor.from !== filter.from ||
    shownFor.to !== filter.to
  ) {
    setShownFor(filter);
    setPages(1);
  }
  const list = useAppointmentList(businessId, filter, tableRequestCount(pages));
  const page = useMemo(() => tableRows(list.data ?? [], pages), [list.data, pages]);
  // The server already searched and filtered; doing it again here keeps rows that are still on
  // screen from an earlier search honest while the new one loads.
  const rows = useMemo(
    () => newestFirst(filterAppointments(page.rows, search, statuses)),
    [page.rows, search, statuses],
  );
  const reminders = useCustomerReminders('list');
  const filtered = statuses.length > 0 || search.trim() !== '' || !!range.from || !!range.to;
  const toggle = (status: AppointmentStatus, on: boolean) =>
    setStatuses((current) => (on ? [...current, status] : current.filter((s) => s !== status)));

  if (list.isPending) {
    return (
      <div className="sw-stack" role="status">
        <span className="sw-visually-hidden">Loading appointments…</span>
        <Skeleton height={44} />
        <Skeleton height={44} />
        <Skeleton height={44} />
      </div>
    );
  }
  if (list.isError && !list.data) {
    return <p className="dash-empty">Failed to load appointments. Use refresh to try again.</p>;
  }

  return (
    <div className="sw-stack">
      <div className="dash-table-tools">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="secondary" size="sm">
              Filter by Status
              {statuses.length > 0 && (
                <Badge variant="primary" aria-label={`${statuses.length} active filters`}>
                  {statuses.length}
                </Badge>
              )}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            <DropdownMenuLabel>Status</DropdownMenuLabel>
            {STATUS_FILTERS.map((status) => (
              <DropdownMenuCheckboxItem
                key={status}
                checked={statuses.includes(status)}
                onCheckedChange={(on) => toggle(status, on === true)}
              >
                {statusText(status)}
              </DropdownMenuCheckboxItem>
            ))}
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => setStatuses([])}>Clear Filters</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
        {statuses.length > 0 && (
          <Button variant="ghost" size="sm" onClick={() => setStatuses([])}>
            Clear
          </Button>
        )}
        <div className="dash-range" role="group" aria-label="Date range">
          <InputField
            label="From"
            type="date"
            fieldClassName="dash-range__field"
            value={fromDay}
            max={toDay || undefined}
            onChange={(e) => setFromDay(e.target.value)}
          />
          <InputField
            label="To"
            type="date"
            fieldClassName="dash-range__field"
            value={toDay}
            min={fromDay || undefined}
            error={range.error}
            onChange={(e) => setToDay(e.target.value)}
          />
          {(fromDay || toDay) && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setFromDay('');
                setToDay('');
              }}
            >
              All dates
            </Button>
          )}
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="dash-empty" role="status">
          {filtered ? 'No appointments match the current filters' : 'No appointments found'}
        </p>
      ) : (
        <div className="dash-table-wrap">
          <table className="dash-table dash-table--appointments">
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col">Service</th>
                <th scope="col">Date &amp; Time</th>
                <th scope="col">Staff</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr
                  key={a.id}
                  className="dash-table__row"
                  data-appointment={a.id}
                  onClick={() => onOpen(a)}
                >
                  <td className="dash-cell--client">
                    <span className="dash-table__strong">{customerName(a)}</span>
                    {a.customer.phone && (
                      <span className="dash-table__sub">
                        {formatPhoneForDisplay(a.customer.phone)}
                      </span>
                    )}
                  </td>
                  <td className="dash-cell--service">{a.service.name}</td>
                  <td className="dash-cell--when">{formatWhen(a.date, timeZone)}</td>
                  <td className="dash-cell--staff">
                    {a.staff ? a.staff.name : <span className="dash-muted">No staff member</span>}
                  </td>
                  <td className="dash-cell--status">
                    <StatusBadge status={a.status} />
                  </td>
                  <td className="dash-cell--actions">
                    <div className="dash-row-actions">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`View appointment of ${customerName(a)}, ${statusLabel(a.status)}`}
                        onClick={(event) => {
                          event.stopPropagation();
                          onOpen(a);
                        }}
                      >
                        View
                      </Button>
                      {reminders
                        .filter((channel) => channel.reachable(a))
                        .map((channel) => (
                          <Button
                            key={channel.label}
                            variant="ghost"
                            size="sm"
                            aria-label={`${channel.label} reminder to ${customerName(a)}`}
                            disabled={!!reminderBlockedReason(a)}
                            title={reminderBlockedReason(a) ?? undefined}
                            loading={channel.busy(a)}
                            onClick={(event) => {
                              event.stopPropagation();
                              channel.send(a);
                            }}
                          >
                            {channel.label}
                          </Button>
                        ))}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page.hasMore && (
        <div className="dash-load-more">
          <Button
            variant="secondary"
            loading={list.isFetching && list.isPlaceholderData}
            onClick={() => setPages((n) => n + 1)}
          >
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
