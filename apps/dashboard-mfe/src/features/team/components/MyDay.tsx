import '../team.css';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import {
  addDays,
  apiRoutes,
  type Business,
  formatDate,
  formatLongDate,
  formatTime,
  type OwnerAppointment,
} from '@slotwise/contracts';
import {
  Badge,
  Button,
  Card,
  CardBody,
  EmptyState,
  Page,
  PageHeader,
  QueryState,
  Skeleton,
  SkeletonList,
} from '@slotwise/ui';
import { localParts, ownerKeys, zonedInstant } from '../../owner';
import { MyHoursCard } from '../../staff-requests';
import { useMyMembership } from '../api';
import { BusinessSwitcher } from './BusinessSwitcher';

const ACTIVE = new Set(['pending', 'confirmed']);

/** Today's appointments of the caller: the API answers a staff member's own only. */
function useMyDay(business: Business, day: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ownerKeys.ofBusiness(business.id), 'appointments', 'my-day', day],
    queryFn: async ({ signal }) => {
      const list = await api.request(apiRoutes.appointments.list, {
        params: { id: business.id },
        query: {
          from: zonedInstant(day, '00:00', business.timeZone),
          to: zonedInstant(addDays(day, 1), '00:00', business.timeZone),
        },
        signal,
      });
      return [...list].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
    },
  });
}

/** The client of an appointment: found by the phone it was booked with, with notes and history. */
function ClientCard({
  business,
  appointment,
}: {
  business: Business;
  appointment: OwnerAppointment;
}) {
  const api = useApiClient();
  const { customer } = appointment;
  const client = useQuery({
    queryKey: [...ownerKeys.ofBusiness(business.id), 'my-day-client', appointment.id],
    queryFn: async ({ signal }) => {
      const found = await api.request(apiRoutes.customers.list, {
        params: { id: business.id },
        query: { q: customer.phone ?? `${customer.firstName} ${customer.lastName}` },
        signal,
      });
      const match =
        found.find((c) => c.firstName === customer.firstName && c.lastName === customer.lastName) ??
        found[0];
      return match
        ? api.request(apiRoutes.customers.byId, { params: { id: match.id }, signal })
        : null;
    },
  });
  return (
    <QueryState
      query={client}
      loading={<Skeleton height={64} radius={10} />}
      errorTitle="Could not load the client"
    >
      {(detail) =>
        detail ? (
          <div className="myday-client" data-client={`${detail.firstName} ${detail.lastName}`}>
            <p className="myday-client__notes">
              <strong>Notes:</strong> {detail.notes || 'No notes yet.'}
            </p>
            <p className="myday-client__meta">
              {detail.visits} visit{detail.visits === 1 ? '' : 's'} · {detail.noShows} no-show
              {detail.noShows === 1 ? '' : 's'}
            </p>
            {detail.past.length > 0 && (
              <ul className="myday-client__history" aria-label="Client history">
                {detail.past.slice(0, 5).map((v) => (
                  <li key={v.id}>
                    {formatDate(v.date, business.timeZone)} · {v.service.name}
                    {v.staff ? ` with ${v.staff.name}` : ''} · {v.status.replace('_', '-')}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : (
          <p className="myday-client__meta">No client record.</p>
        )
      }
    </QueryState>
  );
}

function AppointmentItem({
  business,
  appointment,
  next,
}: {
  business: Business;
  appointment: OwnerAppointment;
  next: boolean;
}) {
  const [open, setOpen] = useState(next);
  const who = `${appointment.customer.firstName} ${appointment.customer.lastName}`;
  return (
    <li className={`myday-item${next ? ' myday-item--next' : ''}`} data-appointment={who}>
      <button
        type="button"
        className="myday-item__head"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span className="myday-item__time">
          {formatTime(appointment.date, business.timeZone)}–
          {formatTime(appointment.end, business.timeZone)}
        </span>
        <span className="myday-item__who">{who}</span>
        <span className="myday-item__service">{appointment.service.name}</span>
        {next && <Badge variant="primary">Next</Badge>}
        {!ACTIVE.has(appointment.status) && <Badge>{appointment.status.replace('_', '-')}</Badge>}
      </button>
      {open && (
        <div className="myday-item__body">
          {appointment.notes && (
            <p>
              <strong>Booking notes:</strong> {appointment.notes}
            </p>
          )}
          {appointment.customer.phone && (
            <a className="myday-item__phone" href={`tel:${appointment.customer.phone}`}>
              Call {appointment.customer.phone}
            </a>
          )}
          <ClientCard business={business} appointment={appointment} />
        </div>
      )}
    </li>
  );
}

/** My day: a staff member's own appointments today, the next one first open (phone first). */
export function MyDay({ business, onShowDiary }: { business: Business; onShowDiary?: () => void }) {
  // The moment the page opened: "today" and which appointment is next.
  const [now] = useState(() => Date.now());
  const today = localParts(new Date(now), business.timeZone).day;
  const [day, setDay] = useState(today);
  const appointments = useMyDay(business, day);
  const staffId = useMyMembership(business.id)?.staffMemberId;
  return (
    <Page className="dash-page myday">
      <PageHeader
        title="My day"
        description={`${business.name} · ${formatLongDate(zonedInstant(day, '12:00', business.timeZone), business.timeZone)}`}
      />
      {/* Someone in several businesses switches here too (nothing for one business). */}
      <BusinessSwitcher businessId={business.id} />
      <div className="myday-nav">
        <Button variant="secondary" size="sm" onClick={() => setDay(addDays(day, -1))}>
          Previous day
        </Button>
        {day !== today && (
          <Button variant="ghost" size="sm" onClick={() => setDay(today)}>
            Today
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={() => setDay(addDays(day, 1))}>
          Next day
        </Button>
        {onShowDiary && (
          <Button variant="ghost" size="sm" onClick={onShowDiary}>
            Full diary
          </Button>
        )}
      </div>
      <Card as="section">
        <CardBody>
          <QueryState
            query={appointments}
            loading={<SkeletonList count={2} height={64} radius={12} />}
            errorTitle="Could not load your day"
          >
            {(list) => {
              const nextId = list.find((a) => ACTIVE.has(a.status) && Date.parse(a.end) > now)?.id;
              return list.length === 0 ? (
                <EmptyState
                  title="No appointments"
                  description="Nothing booked with you this day."
                />
              ) : (
                <ul className="myday-list" aria-label="My appointments">
                  {list.map((a) => (
                    <AppointmentItem
                      key={a.id}
                      business={business}
                      appointment={a}
                      next={a.id === nextId}
                    />
                  ))}
                </ul>
              );
            }}
          </QueryState>
        </CardBody>
      </Card>
      {staffId && <MyHoursCard business={business} staffId={staffId} />}
    </Page>
  );
}
