import { useMemo, useState } from 'react';
import { type Business, type OwnerAppointment, formatTime, todayInZone } from '@slotwise/contracts';
import { Button, CalendarIcon, EmptyState, Skeleton, cx } from '@slotwise/ui';
import { useOwnerStaff } from '../../staff/api';
import { useAppointmentsWindow } from '../api';
import { customerName, filterAppointments } from '../appointments';
import {
  type CalendarView,
  DAY_HOURS,
  MONTH_MAX_PER_DAY,
  byDay,
  dayOfMonth,
  dayRow,
  hourLabel,
  localParts,
  periodLabel,
  requestWindow,
  shift,
  visibleDays,
  weekdayLabel,
} from '../calendar';

const VIEWS: { value: CalendarView; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

function Chip({
  appointment,
  timeZone,
  onOpen,
}: {
  appointment: OwnerAppointment;
  timeZone: string;
  onOpen: (a: OwnerAppointment) => void;
}) {
  return (
    <button
      type="button"
      className={cx('dash-chip', `dash-chip--${appointment.status.toLowerCase()}`)}
      data-appointment={appointment.id}
      onClick={() => onOpen(appointment)}
    >
      <span className="dash-chip__time">{formatTime(appointment.date, timeZone)}</span>{' '}
      <span className="dash-chip__name">{customerName(appointment)}</span>
      <span className="dash-chip__service">{appointment.service.name}</span>
    </button>
  );
}

/** Spec section 2, Appointment calendar: Day, Week and Month in the business's zone. */
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

  const columns =
    staffFilter === null && staff.length > 0
      ? staff.map((m) => ({ id: m.id as number | null, name: m.name, position: m.position }))
      : [{ id: null, name: '', position: null }];

  let body: React.ReactNode;
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
    const list = perDay.get(anchor) ?? [];
    body = (
      <div className="dash-cal-scroll">
        <table className="dash-cal-day">
          <thead>
            <tr>
              <th scope="col">
                <span className="sw-visually-hidden">Time</span>
              </th>
              {columns.map((c) => (
                <th scope="col" key={c.id ?? 'all'}>
                  {c.id === null ? (
                    'Appointments'
                  ) : (
                    <>
                      <span className="dash-table__strong">{c.name}</span>
                      {c.position && <span className="dash-table__sub">{c.position}</span>}
                    </>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {DAY_HOURS.map((hour) => (
              <tr key={hour}>
                <th scope="row" className="dash-cal-day__hour">
                  {hourLabel(hour)}
                </th>
                {columns.map((c) => (
                  <td key={c.id ?? 'all'}>
                    {list
                      .filter(
                        (a) =>
                          dayRow(a.date, tz) === hour &&
                          (c.id === null || a.staffMemberId === c.id),
                      )
                      .map((a) => (
                        <Chip key={a.id} appointment={a} timeZone={tz} onOpen={onOpen} />
                      ))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  } else if (view === 'week') {
    body = (
      <div className="dash-cal-week">
        {days.map((day) => {
          const list = perDay.get(day) ?? [];
          return (
            <section
              key={day}
              className={cx('dash-cal-week__day', day === today && 'dash-cal--today')}
              aria-label={`${weekdayLabel(day)} ${dayOfMonth(day)}`}
              {...(day === today ? { 'aria-current': 'date' as const } : {})}
            >
              <h4 className="dash-cal-week__head">
                {weekdayLabel(day)} <span>{dayOfMonth(day)}</span>
              </h4>
              {list.length === 0 ? (
                <p className="dash-muted dash-cal-week__none">No appointments</p>
              ) : (
                list.map((a) => <Chip key={a.id} appointment={a} timeZone={tz} onOpen={onOpen} />)
              )}
            </section>
          );
        })}
      </div>
    );
  } else {
    const month = anchor.slice(0, 7);
    body = (
      <div className="dash-cal-month" role="grid" aria-label={periodLabel('month', anchor)}>
        {days.slice(0, 7).map((d) => (
          <div key={`h${d}`} className="dash-cal-month__weekday" role="columnheader">
            {weekdayLabel(d)}
          </div>
        ))}
        {days.map((day) => {
          const list = perDay.get(day) ?? [];
          const outside = day.slice(0, 7) !== month;
          return (
            <div
              key={day}
              role="gridcell"
              className={cx(
                'dash-cal-month__day',
                outside && 'dash-cal-month__day--outside',
                day === today && 'dash-cal--today',
              )}
            >
              <span className="dash-cal-month__num">{dayOfMonth(day)}</span>
              {!outside &&
                list
                  .slice(0, MONTH_MAX_PER_DAY)
                  .map((a) => <Chip key={a.id} appointment={a} timeZone={tz} onOpen={onOpen} />)}
              {!outside && list.length > MONTH_MAX_PER_DAY && (
                <span className="dash-cal-month__more">
                  +{list.length - MONTH_MAX_PER_DAY} more
                </span>
              )}
            </div>
          );
        })}
      </div>
    );
  }

  return (
    <div className="sw-stack">
      <div className="dash-cal-tools">
        <div className="dash-toggle" role="group" aria-label="Calendar view">
          {VIEWS.map((v) => (
            <Button
              key={v.value}
              size="sm"
              variant={view === v.value ? 'primary' : 'secondary'}
              aria-pressed={view === v.value}
              onClick={() => setView(v.value)}
            >
              {v.label}
            </Button>
          ))}
        </div>
        <div className="dash-cal-nav">
          <Button size="sm" variant="secondary" onClick={() => setAnchor(today)}>
            Today
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Previous ${view}`}
            onClick={() => setAnchor(shift(view, anchor, -1))}
          >
            ‹
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Next ${view}`}
            onClick={() => setAnchor(shift(view, anchor, 1))}
          >
            ›
          </Button>
          <h3 className="dash-cal-label" aria-live="polite">
            {periodLabel(view, anchor)}
          </h3>
        </div>
        {staff.length > 0 && (
          <select
            className="sw-input dash-cal-staff"
            aria-label="Staff member"
            value={staffFilter ?? ''}
            onChange={(e) => setStaffFilter(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">All Staff</option>
            {staff.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        )}
      </div>
      {body}
    </div>
  );
}
