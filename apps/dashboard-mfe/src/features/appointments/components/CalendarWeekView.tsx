import { useCallback, useMemo, useRef } from 'react';
import { type Availability, type OwnerAppointment } from '@slotwise/contracts';
import {
  type CalendarViewProps,
  type DayExceptions,
  FALLBACK_HOURS,
  dayHoursText,
  dayLabel,
  dayOfMonth,
  gridHours,
  openingIntervals,
  periodLabel,
  weekdayLabel,
} from '../calendar';
import { localParts } from '../../owner';
import { MOVE_STEP, type MoveTarget, slotInstant } from '../diary';
import { type Lane, useMoveGesture } from '../useMoveGesture';
import { type NewAppointmentPrefill } from './NewAppointmentDialog';
import { type GridColumn, TimeGrid, gridPlaceAt } from './TimeGrid';

/**
 * The week as a time grid, Monday to Sunday: the Day view's grid with a column per day (the
 * hours each day is closed shaded, its hours or closure in the column's tooltip). A click on an
 * empty time books that day and time (the + in a day's heading at its opening time); a booking
 * dragged to another time or day (or moved with the keys) is moved there once the owner confirms.
 */
export function CalendarWeekView({
  days,
  today,
  perDay,
  timeZone,
  onOpen,
  weeklyHours,
  exceptions,
  staffId,
  onNew,
  onPropose,
}: CalendarViewProps & {
  days: readonly string[];
  today: string;
  weeklyHours: readonly Availability[] | undefined;
  /** Closures and special hours, which override the weekly hours on their dates. */
  exceptions?: DayExceptions;
  /** The staff member the toolbar shows (a new booking goes to them), or null. */
  staffId: number | null;
  onNew: (prefill: NewAppointmentPrefill) => void;
  onPropose: (a: OwnerAppointment, target: MoveTarget) => void;
}) {
  const table = useRef<HTMLTableElement>(null);
  const lanes = useMemo<Lane[]>(
    () => days.map((d) => ({ key: d, day: d, staff: { kind: 'keep' }, label: dayLabel(d) })),
    [days],
  );
  const placeAt = useCallback(
    (x: number, y: number, target: EventTarget | null) => gridPlaceAt(table.current, x, y, target),
    [],
  );
  const gesture = useMoveGesture({
    lanes,
    laneOf: (a) => localParts(a.date, timeZone).day,
    timeZone,
    placeAt,
    onPropose,
  });
  const preview = gesture.preview;

  const opening = useCallback(
    (day: string) =>
      openingIntervals(weeklyHours, day, exceptions)[0]?.start ?? FALLBACK_HOURS.start,
    [weeklyHours, exceptions],
  );

  const grid = useMemo(() => {
    const columns: GridColumn[] = days.map((day) => ({
      key: day,
      day,
      today: day === today,
      header: (
        <span className="dash-cal-week__top">
          <span
            className="dash-cal-week__head"
            title={weeklyHours ? dayHoursText(weeklyHours, day, exceptions) : undefined}
          >
            {weekdayLabel(day)} <span>{dayOfMonth(day)}</span>
          </span>
          <button
            type="button"
            className="dash-cal-week__add"
            aria-label={`New appointment on ${dayLabel(day)}`}
            title="New appointment"
            onClick={() => onNew({ day, minutes: opening(day), staffId })}
          >
            +
          </button>
        </span>
      ),
      open: weeklyHours ? openingIntervals(weeklyHours, day, exceptions) : null,
      appointments: perDay.get(day) ?? [],
    }));
    // The rows stretch to where a booking is being moved, as in the Day view.
    const sized = columns.map((c) =>
      preview && preview.lane === c.key
        ? {
            ...c,
            appointments: [
              ...c.appointments,
              {
                ...preview.appointment,
                date: slotInstant(c.day, preview.minutes, timeZone),
                end: slotInstant(
                  c.day,
                  preview.minutes + Math.max(preview.appointment.service.duration, MOVE_STEP),
                  timeZone,
                ),
              },
            ],
          }
        : c,
    );
    const hours = gridHours(
      sized.map((c) => ({ day: c.day, open: c.open ?? [], appointments: c.appointments })),
      timeZone,
    );
    return { columns, hours };
  }, [days, today, weeklyHours, exceptions, perDay, preview, timeZone, onNew, opening, staffId]);

  return (
    <TimeGrid
      tableRef={table}
      className="dash-cal-week"
      label={`Appointments in the week ${periodLabel('week', days[0]!)}`}
      columns={grid.columns}
      hours={grid.hours}
      timeZone={timeZone}
      gesture={gesture}
      onOpen={onOpen}
      onBook={(column, minutes) => onNew({ day: column.day, minutes, staffId })}
    />
  );
}
