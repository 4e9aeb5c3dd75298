import { useMemo, useState } from 'react';
import { type AppointmentStatus, type OwnerAppointment } from '@slotwise/contracts';
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
} from '@slotwise/ui';
import {
  STATUS_FILTERS,
  customerName,
  filterAppointments,
  formatWhen,
  newestFirst,
  statusLabel,
} from '../appointments';
import { StatusBadge } from './StatusBadge';

/** Spec section 2, Appointment table: status filter, newest first, row click opens the details. */
export function AppointmentsTable({
  appointments,
  search,
  timeZone,
  onOpen,
}: {
  appointments: readonly OwnerAppointment[];
  search: string;
  timeZone: string;
  onOpen: (appointment: OwnerAppointment) => void;
}) {
  const [statuses, setStatuses] = useState<AppointmentStatus[]>([]);
  const rows = useMemo(
    () => newestFirst(filterAppointments(appointments, search, statuses)),
    [appointments, search, statuses],
  );
  const filtered = statuses.length > 0 || search.trim() !== '';
  const toggle = (status: AppointmentStatus, on: boolean) =>
    setStatuses((current) => (on ? [...current, status] : current.filter((s) => s !== status)));

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
                {status}
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
      </div>
      {rows.length === 0 ? (
        <p className="dash-empty" role="status">
          {filtered && appointments.length > 0
            ? 'No appointments match the current filters'
            : 'No appointments found'}
        </p>
      ) : (
        <div className="dash-table-wrap">
          <table className="dash-table">
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col">Service</th>
                <th scope="col">Date &amp; Time</th>
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
                  <td>
                    <span className="dash-table__strong">{customerName(a)}</span>
                    {a.customer.phone && (
                      <span className="dash-table__sub">{a.customer.phone}</span>
                    )}
                  </td>
                  <td>{a.service.name}</td>
                  <td>{formatWhen(a.date, timeZone)}</td>
                  <td>
                    <StatusBadge status={a.status} />
                  </td>
                  <td>
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
