import { type Business, type OwnerAppointment, formatTime } from '@slotwise/contracts';
import { Button, Card, CardBody, Skeleton } from '@slotwise/ui';
import { SectionHead } from '../../owner';
import { type AgendaKind, useAgenda } from '../api';
import { customerName, formatWhen } from '../appointments';
import { StatusBadge } from './StatusBadge';
import '../appointments.css';

const EMPTY: Record<AgendaKind, string> = {
  today: 'No appointments today',
  upcoming: 'No upcoming appointments',
};

function Agenda({
  business,
  kind,
  title,
  search,
  onOpen,
  action,
}: {
  business: Business;
  kind: AgendaKind;
  title: string;
  search: string;
  onOpen: (a: OwnerAppointment) => void;
  action?: React.ReactNode;
}) {
  const tz = business.timeZone;
  const list = useAgenda(business.id, kind, tz, search);
  const rows = list.data ?? [];
  return (
    <Card as="section" aria-label={title} data-agenda={kind}>
      <CardBody className="sw-stack">
        <SectionHead title={title}>{action}</SectionHead>
        {list.isPending ? (
          <Skeleton height={44} />
        ) : list.isError && !list.data ? (
          <p className="dash-empty">Failed to load appointments. Use refresh to try again.</p>
        ) : rows.length === 0 ? (
          <p className="dash-empty">
            {search.trim() ? 'No appointments match the search' : EMPTY[kind]}
          </p>
        ) : (
          <ul className="dash-recent sw-list sw-list--flush">
            {rows.map((a) => (
              <li key={a.id}>
                <button
                  type="button"
                  className="dash-recent__item sw-list-button sw-list-button--row"
                  data-appointment={a.id}
                  onClick={() => onOpen(a)}
                >
                  <span className="dash-recent__main">
                    <span className="dash-table__strong">{customerName(a)}</span>
                    <span className="dash-table__sub">
                      {kind === 'today'
                        ? `${formatTime(a.date, tz)} – ${formatTime(a.end, tz)}`
                        : formatWhen(a.date, tz)}
                      {' · '}
                      {a.service.name}
                      {a.staff ? ` · ${a.staff.name}` : ''}
                    </span>
                  </span>
                  <StatusBadge status={a.status} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

/**
 * What the owner needs first: today's appointments and the next ones after today, soonest first
 * (searched like the table). 'View All' opens the table.
 */
export function AgendaLists({
  business,
  search,
  onOpen,
  onViewAll,
}: {
  business: Business;
  /** The search box's text, already debounced. */
  search: string;
  onOpen: (a: OwnerAppointment) => void;
  onViewAll: () => void;
}) {
  return (
    <div className="dash-agenda">
      <Agenda business={business} kind="today" title="Today" search={search} onOpen={onOpen} />
      <Agenda
        business={business}
        kind="upcoming"
        title="Upcoming"
        search={search}
        onOpen={onOpen}
        action={
          <Button variant="ghost" size="sm" onClick={onViewAll}>
            View All
          </Button>
        }
      />
    </div>
  );
}
