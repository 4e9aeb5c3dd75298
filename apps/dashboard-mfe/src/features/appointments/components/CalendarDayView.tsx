import { useCallback, useMemo, useRef } from 'react';
import { type Availability, type OwnerAppointment } from '@slotwise/contracts';
import {
  type CalendarViewProps,
  type DayColumn,
  dayColumns,
  dayHours,
  dayHoursText,
  dayLabel,
  openingIntervals,
  type DayExceptions,
  periodLabel,
  zoneNote,
} from '../calendar';
import { MOVE_STEP, type MoveTarget, slotInstant } from '../diary';
import { type Lane, useMoveGesture } from '../useMoveGesture';
import { type GridColumn, TimeGrid, gridPlaceAt } from './TimeGrid';
import { type NewAppointmentPrefill } from './NewAppointmentDialog';

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

  const placeAt = useCallback(
    (x: number, y: number, target: EventTarget | null) => gridPlaceAt(table.current, x, y, target),
    [],
  );

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
    const columns: GridColumn[] = base.columns.map((c) => ({
      key: c.key,
      day,
      header: (
        <>
          <span className="dash-table__strong">{c.name}</span>
          {c.position && <span className="dash-table__sub">{c.position}</span>}
        </>
      ),
      open: weeklyHours ? open : null,
      appointments: c.appointments,
      showStaff: c.kind === 'unassigned',
    }));
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
    return { columns, hours: dayHours(open, drawn, day, timeZone) };
  }, [base, weeklyHours, exceptions, day, timeZone, preview]);

  const staffOf = new Map(base.columns.map((c) => [c.key, c]));
  return (
    <div className="sw-stack">
      <p className="dash-muted dash-cal-day__hours">
        {weeklyHours && `${dayHoursText(weeklyHours, day, exceptions)} · `}
        {zoneNote(day, timeZone)}
      </p>
      <TimeGrid
        tableRef={table}
        label={`Appointments on ${periodLabel('day', day)}`}
        columns={grid.columns}
        hours={grid.hours}
        timeZone={timeZone}
        gesture={gesture}
        onOpen={onOpen}
        onBook={(column, minutes) => {
          const c = staffOf.get(column.key);
          onNew({ day, minutes, staffId: c?.kind === 'staff' ? c.staffId : null });
        }}
      />
    </div>
  );
}
