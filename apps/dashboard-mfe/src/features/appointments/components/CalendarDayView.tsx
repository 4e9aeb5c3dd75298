import { type MouseEvent, useCallback, useMemo, useRef } from 'react';
import {
  type Availability,
  LOCALE,
  type OwnerAppointment,
  calendarDayDate,
  formatClockTime,
  timeZoneAbbreviation,
} from '@slotwise/contracts';
import { cx } from '@slotwise/ui';
import { customerName } from '../appointments';
import {
  type CalendarViewProps,
  type DayColumn,
  type MinuteRange,
  dayColumns,
  dayHours,
  dayLabel,
  hourLabel,
  isOpenHour,
  openingIntervals,
  type DayExceptions,
  periodLabel,
} from '../calendar';
import { localParts } from '../../owner';
import { MOVE_STEP, type MoveTarget, minutesInRow, slotInstant } from '../diary';
import { type Lane, type PointerPlace, clockText, useMoveGesture } from '../useMoveGesture';
import { AppointmentChip } from './AppointmentChip';
import { type NewAppointmentPrefill } from './NewAppointmentDialog';

const pad = (n: number) => String(n).padStart(2, '0');
/** Minutes after midnight → '9:30 AM' (1440, the midnight that ends the day: '12:00 AM'). */
const clock = (minutes: number) =>
  formatClockTime(`${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`);

const weekdayFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', weekday: 'long' });

function hoursText(open: readonly MinuteRange[], day: string): string {
  if (open.length === 0) return `Closed on ${weekdayFormat.format(calendarDayDate(day))}s`;
  return `Open ${open.map((i) => `${clock(i.start)} – ${clock(i.end)}`).join(', ')}`;
}

function laneOfColumn(c: DayColumn, day: string): Lane {
  if (c.kind === 'staff' && c.staffId !== null) {
    return {
      key: c.key,
      day,
      staff: { kind: 'member', id: c.staffId, name: c.name },
      label: c.name,
    };
  }
  if (c.kind === 'unassigned') {
    return { key: c.key, day, staff: { kind: 'none' }, label: 'no staff member' };
  }
  return { key: c.key, day, staff: { kind: 'keep' }, label: dayLabel(day) };
}

/** The hour row and the minutes a point of the grid stands for (how far down its row it is). */
function pointIn(row: Element, y: number): number {
  const rect = row.getBoundingClientRect();
  const fraction = rect.height > 0 ? (y - rect.top) / rect.height : 0;
  return minutesInRow(Number((row as HTMLElement).dataset.hour), fraction);
}

/**
 * The day grid: a row an hour from opening to closing, stretched to any booking outside them; a
 * column per current staff member plus 'Unassigned' (or one column for all, or for the member
 * chosen in the toolbar). A click on an empty time books there; a booking dragged to another
 * time or column (or moved with the keys) is moved there once the owner confirms.
 */
export function CalendarDayView({
  day,
  staff,
  weeklyHours,
  exceptions,
  perDay,
  timeZone,
  onOpen,
  onNew,
  onPropose,
}: CalendarViewProps & {
  day: string;
  /** The team to give columns to; null for a single column. */
  staff: readonly { id: number; name: string; position: string | null }[] | null;
  /** The business's weekly hours; undefined while unknown (9 AM to 5 PM is drawn, unshaded). */
  weeklyHours: readonly Availability[] | undefined;
  /** Closures and special hours, which override the weekly hours on their dates. */
  exceptions?: DayExceptions;
  onNew: (prefill: NewAppointmentPrefill) => void;
  onPropose: (a: OwnerAppointment, target: MoveTarget) => void;
}) {
  const list = perDay.get(day);
  const table = useRef<HTMLTableElement>(null);
  const base = useMemo(() => {
    const appointments = list ?? [];
    const columns = dayColumns(appointments, staff);
    const laneOf = new Map<number, string>();
    for (const c of columns) for (const a of c.appointments) laneOf.set(a.id, c.key);
    return { appointments, columns, laneOf, lanes: columns.map((c) => laneOfColumn(c, day)) };
  }, [list, staff, day]);

  const placeAt = useCallback((x: number, y: number, target: EventTarget | null) => {
    const under = document.elementFromPoint?.(x, y) ?? (target as Element | null);
    const cell = under?.closest?.('td[data-column]');
    const row = cell?.closest('tr[data-hour]');
    if (!cell || !row || !table.current?.contains(cell)) return null;
    return {
      lane: (cell as HTMLElement).dataset.column!,
      minutes: pointIn(row, y),
    } satisfies PointerPlace;
  }, []);

  const gesture = useMoveGesture({
    lanes: base.lanes,
    laneOf: (a) => base.laneOf.get(a.id) ?? base.lanes[0]!.key,
    timeZone,
    placeAt,
    onPropose,
  });
  const preview = gesture.preview;

  const grid = useMemo(() => {
    const open = openingIntervals(weeklyHours, day, exceptions);
    const columns = base.columns.map((c) => {
      const byHour = new Map<number, OwnerAppointment[]>();
      for (const a of c.appointments) {
        const { hour } = localParts(a.date, timeZone);
        byHour.set(hour, [...(byHour.get(hour) ?? []), a]);
      }
      return { ...c, byHour };
    });
    // The rows stretch to where a booking is being moved, so the keys can take it past closing.
    const drawn = preview
      ? [
          ...base.appointments,
          {
            ...preview.appointment,
            date: slotInstant(day, preview.minutes, timeZone),
            end: slotInstant(
              day,
              preview.minutes + Math.max(preview.appointment.service.duration, MOVE_STEP),
              timeZone,
            ),
          },
        ]
      : base.appointments;
    return { open, columns, hours: dayHours(open, drawn, day, timeZone) };
  }, [base, weeklyHours, exceptions, day, timeZone, preview]);

  const label = periodLabel('day', day);
  const open = (a: OwnerAppointment) => {
    if (!gesture.isDragClick()) onOpen(a);
  };
  const book = (e: MouseEvent<HTMLTableCellElement>, c: DayColumn) => {
    if (gesture.isDragClick() || (e.target as Element).closest('.dash-chip')) return;
    const row = e.currentTarget.closest('tr[data-hour]');
    if (!row) return;
    const minutes = Math.floor(pointIn(row, e.clientY) / MOVE_STEP) * MOVE_STEP;
    onNew({ day, minutes, staffId: c.kind === 'staff' ? c.staffId : null });
  };

  return (
    <div className="sw-stack">
      <p className="dash-muted dash-cal-day__hours">
        {weeklyHours && `${hoursText(grid.open, day)} · `}
        Times in {timeZoneAbbreviation(`${day}T12:00:00Z`, timeZone)}
      </p>
      <div className="dash-cal-scroll">
        <table
          ref={table}
          className={cx('dash-cal-day', preview && !preview.keys && 'dash-cal--dragging')}
          aria-label={`Appointments on ${label}`}
          {...gesture.surfaceProps}
        >
          <thead>
            <tr>
              <th scope="col" className="dash-cal-day__corner">
                <span className="sw-visually-hidden">Time</span>
              </th>
              {grid.columns.map((c) => (
                <th scope="col" key={c.key} data-column={c.key}>
                  <span className="dash-table__strong">{c.name}</span>
                  {c.position && <span className="dash-table__sub">{c.position}</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.hours.map((hour) => (
              <tr
                key={hour}
                data-hour={hour}
                className={cx(
                  weeklyHours && !isOpenHour(hour, grid.open) && 'dash-cal-day__row--closed',
                )}
              >
                <th scope="row" className="dash-cal-day__hour">
                  {hourLabel(hour)}
                </th>
                {grid.columns.map((c) => (
                  <td
                    key={c.key}
                    data-column={c.key}
                    className="dash-cal-day__slot"
                    onClick={(e) => book(e, c)}
                  >
                    {c.byHour.get(hour)?.map((a) => (
                      <AppointmentChip
                        key={a.id}
                        appointment={a}
                        timeZone={timeZone}
                        onOpen={open}
                        showEnd
                        bookedWith={c.kind === 'unassigned' ? a.staff?.name : null}
                        move={a.status === 'cancelled' ? undefined : gesture.chipProps(a)}
                      />
                    ))}
                    {preview &&
                      preview.lane === c.key &&
                      Math.floor(preview.minutes / 60) === hour && (
                        <div
                          className="dash-chip dash-chip--ghost dash-cal-day__ghost"
                          aria-hidden="true"
                          // Over the row at its quarter, so the rows keep their height mid-drag.
                          style={{ top: `${((preview.minutes % 60) / 60) * 100}%` }}
                        >
                          <span className="dash-chip__time">{clockText(preview.minutes)}</span>{' '}
                          <span className="dash-chip__name">
                            {customerName(preview.appointment)}
                          </span>
                        </div>
                      )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="sw-visually-hidden" aria-live="assertive">
        {gesture.announcement}
      </p>
    </div>
  );
}
