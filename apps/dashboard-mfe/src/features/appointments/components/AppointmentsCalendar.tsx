import { type ReactNode, useMemo, useState } from 'react';
import { type Business, type OwnerAppointment, todayInZone } from '@slotwise/contracts';
import { CalendarIcon, EmptyState, Skeleton } from '@slotwise/ui';
import { useClosures, useSpecialHours } from '../../closures';
import { useWeeklyHours } from '../../hours';
import { useOwnerStaff } from '../../staff';
import { useAppointmentDays, useAppointmentsWindow } from '../api';
import { filterAppointments } from '../appointments';
import {
  type CalendarView,
  type DayExceptions,
  byDay,
  countOn,
  requestWindow,
  totalsOf,
  visibleDays,
} from '../calendar';
import { localParts } from '../../owner';
import { type MoveTarget } from '../diary';
import { CalendarDayView } from './CalendarDayView';
import { CalendarMonthView } from './CalendarMonthView';
import { CalendarToolbar } from './CalendarToolbar';
import { CalendarWeekView } from './CalendarWeekView';
import { MoveConfirmDialog } from './MoveConfirmDialog';
import { type NewAppointmentPrefill } from './NewAppointmentDialog';

/** A booking just made, whose day the Day view shows; a new `key` shows it again. */
export interface CalendarFocus {
  /** Its start, an ISO instant. */
  date: string;
  key: number;
}
import '../calendar.css';

/**
 * The appointment calendar: Day, Week and Month in the business's zone, for one or all staff.
 * Empty times book (`onNew`); bookings dragged or moved with the keys are moved after a question.
 */
export function AppointmentsCalendar({
  business,
  search,
  onOpen,
  onNew,
  focus = null,
}: {
  business: Business;
  search: string;
  onOpen: (a: OwnerAppointment) => void;
  onNew: (prefill: NewAppointmentPrefill) => void;
  focus?: CalendarFocus | null;
}) {
  const tz = business.timeZone;
  const today = todayInZone(tz);
  const [view, setView] = useState<CalendarView>('week');
  const [anchor, setAnchor] = useState(today);
  const [staffFilter, setStaffFilter] = useState<number | null>(null);
  const [proposal, setProposal] = useState<{
    appointment: OwnerAppointment;
    target: MoveTarget;
  } | null>(null);
  const [focused, setFocused] = useState<CalendarFocus | null>(null);
  if (focus && focus.key !== focused?.key) {
    // Shows the day of a booking just made (state follows the prop, without an effect).
    setFocused(focus);
    setView('day');
    setAnchor(localParts(focus.date, tz).day);
  }
  const staffQuery = useOwnerStaff(business.id);
  const staff = useMemo(() => (staffQuery.data ?? []).filter((m) => m.isActive), [staffQuery.data]);
  const hours = useWeeklyHours(business.id);
  // Closures and special hours shape the grid of their dates (until they load, the week does).
  const closures = useClosures(business.id);
  const specialHours = useSpecialHours(business.id);
  const exceptions = useMemo<DayExceptions | undefined>(
    () =>
      closures.data && specialHours.data
        ? { closures: closures.data, specialHours: specialHours.data }
        : undefined,
    [closures.data, specialHours.data],
  );

  const days = useMemo(() => visibleDays(view, anchor), [view, anchor]);
  const window = useMemo(() => requestWindow(days), [days]);
  const monthly = view === 'month';
  // Day and week draw every booking of the window; the month only each day's first few.
  const windowQuery = useAppointmentsWindow(business.id, window.from, window.to, !monthly);
  const daysQuery = useAppointmentDays(
    business.id,
    window,
    { staffId: staffFilter, search },
    monthly,
  );
  const query = monthly ? daysQuery : windowQuery;
  // Appointments by business-local day; a view reads only the days it draws.
  const { perDay, totals } = useMemo(() => {
    if (monthly) {
      const days = daysQuery.data?.days ?? [];
      return {
        perDay: new Map(days.map((d) => [d.date, d.appointments])),
        totals: new Map(days.map((d) => [d.date, d.total])),
      };
    }
    const list = filterAppointments(windowQuery.data ?? [], search).filter(
      (a) => staffFilter === null || a.staffMemberId === staffFilter,
    );
    const grouped = byDay(list, tz);
    return { perDay: grouped, totals: totalsOf(grouped) };
  }, [monthly, daysQuery.data, windowQuery.data, search, staffFilter, tz]);
  const drawn = { perDay, timeZone: tz, onOpen };
  // The period itself: a month's greyed days are drawn but are not 'this month'.
  const inPeriod = countOn(
    totals,
    view === 'month' ? days.filter((d) => d.slice(0, 7) === anchor.slice(0, 7)) : days,
  );
  const inGrid = countOn(totals, days);
  const openDay = (day: string) => {
    setView('day');
    setAnchor(day);
  };

  const emptyText = (
    <>
      There are no appointments scheduled for this {view} yet.
      {staffFilter !== null && ' Try selecting a different staff member or viewing all staff.'}
    </>
  );
  let body: ReactNode;
  if (query.isPending || (view === 'day' && hours.isPending)) {
    body = (
      <div className="sw-stack" role="status">
        <span className="sw-visually-hidden">Loading appointments…</span>
        <Skeleton height={180} />
      </div>
    );
  } else if (query.isError) {
    body = <p className="dash-empty">Failed to load appointments. Use refresh to try again.</p>;
  } else if (inGrid === 0 && view !== 'day') {
    body = <EmptyState icon={<CalendarIcon />} title="No Appointments" description={emptyText} />;
  } else {
    body = (
      <>
        {inPeriod === 0 && <p className="dash-cal-note">{emptyText}</p>}
        {view === 'day' ? (
          <CalendarDayView
            day={anchor}
            staff={staffFilter === null && staff.length > 0 ? staff : null}
            weeklyHours={hours.data}
            exceptions={exceptions}
            onNew={(p) => onNew(staffFilter === null ? p : { ...p, staffId: staffFilter })}
            onPropose={(appointment, target) => setProposal({ appointment, target })}
            {...drawn}
          />
        ) : view === 'week' ? (
          <CalendarWeekView
            days={days}
            today={today}
            weeklyHours={hours.data}
            exceptions={exceptions}
            staffId={staffFilter}
            onNew={onNew}
            onPropose={(appointment, target) => setProposal({ appointment, target })}
            {...drawn}
          />
        ) : (
          <CalendarMonthView
            anchor={anchor}
            days={days}
            today={today}
            totals={totals}
            onOpenDay={openDay}
            {...drawn}
          />
        )}
      </>
    );
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
      {proposal && (
        <MoveConfirmDialog
          key={`${proposal.appointment.id}-${proposal.target.date}`}
          appointment={proposal.appointment}
          target={proposal.target}
          businessId={business.id}
          timeZone={tz}
          onClose={() => setProposal(null)}
        />
      )}
    </div>
  );
}
