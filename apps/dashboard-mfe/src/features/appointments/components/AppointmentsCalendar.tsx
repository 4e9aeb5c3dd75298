import { type ReactNode, useMemo, useState } from 'react';
import { type Business, type OwnerAppointment, todayInZone } from '@slotwise/contracts';
import { CalendarIcon, EmptyState, Skeleton } from '@slotwise/ui';
import { useOwnerStaff } from '../../staff/api';
import { useAppointmentsWindow } from '../api';
import { filterAppointments } from '../appointments';
import { type CalendarView, byDay, localParts, requestWindow, visibleDays } from '../calendar';
import { CalendarDayView, type DayColumn } from './CalendarDayView';
import { CalendarMonthView } from './CalendarMonthView';
import { CalendarToolbar } from './CalendarToolbar';
import { CalendarWeekView } from './CalendarWeekView';

/** The appointment calendar: Day, Week and Month in the business's zone, for one or all staff. */
export function AppointmentsCalendar({
  business,
  search,
  onOpen,
}: {
  business: Business;
  search: string;
  onOpen: (a: OwnerAppointment) => void;
}) {
  const tz = business.timeZone;
  const today = todayInZone(tz);
  const [view, setView] = useState<CalendarView>('week');
  const [anchor, setAnchor] = useState(today);
  const [staffFilter, setStaffFilter] = useState<number | null>(null);
  const staff = (useOwnerStaff(business.id).data ?? []).filter((m) => m.isActive);

  const days = useMemo(() => visibleDays(view, anchor), [view, anchor]);
  const window = useMemo(() => requestWindow(days), [days]);
  const query = useAppointmentsWindow(business.id, window.from, window.to);
  const visible = useMemo(() => {
    const list = filterAppointments(query.data ?? [], search).filter(
      (a) => staffFilter === null || a.staffMemberId === staffFilter,
    );
    const shown = new Set(
      view === 'month' ? days.filter((d) => d.slice(0, 7) === anchor.slice(0, 7)) : days,
    );
    return list.filter((a) => shown.has(localParts(a.date, tz).day));
  }, [query.data, search, staffFilter, days, view, anchor, tz]);
  const perDay = useMemo(() => byDay(visible, tz), [visible, tz]);
  const drawn = { perDay, timeZone: tz, onOpen };

  const columns: DayColumn[] =
    staffFilter === null && staff.length > 0
      ? staff.map((m) => ({ id: m.id, name: m.name, position: m.position }))
      : [{ id: null, name: '', position: null }];

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div className="sw-stack" role="status">
        <span className="sw-visually-hidden">Loading appointments…</span>
        <Skeleton height={180} />
      </div>
    );
  } else if (query.isError) {
    body = <p className="dash-empty">Failed to load appointments. Use refresh to try again.</p>;
  } else if (visible.length === 0) {
    body = (
      <EmptyState
        icon={<CalendarIcon />}
        title="No Appointments"
        description={
          <>
            There are no appointments scheduled for this {view} yet.
            {staffFilter !== null &&
              ' Try selecting a different staff member or viewing all staff.'}
          </>
        }
      />
    );
  } else if (view === 'day') {
    body = <CalendarDayView day={anchor} columns={columns} {...drawn} />;
  } else if (view === 'week') {
    body = <CalendarWeekView days={days} today={today} {...drawn} />;
  } else {
    body = <CalendarMonthView anchor={anchor} days={days} today={today} {...drawn} />;
  }

  return (
    <div className="sw-stack">
      <CalendarToolbar
        view={view}
        onView={setView}
        anchor={anchor}
        onAnchor={setAnchor}
        today={today}
        staff={staff}
        staffFilter={staffFilter}
        onStaffFilter={setStaffFilter}
      />
      {body}
    </div>
  );
}
