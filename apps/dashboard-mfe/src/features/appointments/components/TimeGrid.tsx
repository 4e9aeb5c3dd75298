import { type MouseEvent, type ReactNode, type RefObject, useMemo } from 'react';
import { type CalendarDay, type OwnerAppointment } from '@slotwise/contracts';
import { cx } from '@slotwise/ui';
import { customerName } from '../appointments';
import { type MinuteRange, hourLabel, isOpenHour } from '../calendar';
import { MOVE_STEP, minutesInRow } from '../diary';
import { localParts } from '../../owner';
import { type PointerPlace, clockText, type useMoveGesture } from '../useMoveGesture';
import { AppointmentChip } from './AppointmentChip';

/** A column of a time grid: a staff member's (Day view) or a day's (Week view). */
export interface GridColumn {
  key: string;
  day: CalendarDay;
  header: ReactNode;
  /** The opening intervals of the column's day; null while unknown (nothing is shaded). */
  open: readonly MinuteRange[] | null;
  appointments: readonly OwnerAppointment[];
  /** Name the staff member on each booking (a column that is not theirs). */
  showStaff?: boolean;
  /** Today's column, highlighted. */
  today?: boolean;
}

/** The minutes a point of an hour row stands for (how far down its row it is). */
function pointIn(row: Element, y: number): number {
  const rect = row.getBoundingClientRect();
  const fraction = rect.height > 0 ? (y - rect.top) / rect.height : 0;
  return minutesInRow(Number((row as HTMLElement).dataset.hour), fraction);
}

/** The column and minutes under a point of the grid, for the move gesture. */
export function gridPlaceAt(
  table: HTMLTableElement | null,
  x: number,
  y: number,
  target: EventTarget | null,
): PointerPlace | null {
  const under = document.elementFromPoint?.(x, y) ?? (target as Element | null);
  const cell = under?.closest?.('td[data-column]');
  const row = cell?.closest('tr[data-hour]');
  if (!cell || !row || !table?.contains(cell)) return null;
  return { lane: (cell as HTMLElement).dataset.column!, minutes: pointIn(row, y) };
}

/**
 * The Day and Week views' grid: a row an hour, a column per staff member or per day, hours the
 * column's day is closed shaded, bookings in the row of their start hour. A click on an empty time
 * books there (on the quarter hour clicked); the move gesture's preview is drawn in its row.
 */
export function TimeGrid({
  tableRef,
  className,
  label,
  columns,
  hours,
  timeZone,
  gesture,
  onOpen,
  onBook,
}: {
  tableRef: RefObject<HTMLTableElement | null>;
  className?: string;
  label: string;
  columns: readonly GridColumn[];
  hours: readonly number[];
  timeZone: string;
  gesture: ReturnType<typeof useMoveGesture>;
  onOpen: (a: OwnerAppointment) => void;
  onBook: (column: GridColumn, minutes: number) => void;
}) {
  const preview = gesture.preview;
  const byHour = useMemo(
    () =>
      columns.map((c) => {
        const map = new Map<number, OwnerAppointment[]>();
        for (const a of c.appointments) {
          const { hour } = localParts(a.date, timeZone);
          map.set(hour, [...(map.get(hour) ?? []), a]);
        }
        return map;
      }),
    [columns, timeZone],
  );
  const closedAt = (c: GridColumn, hour: number) => c.open !== null && !isOpenHour(hour, c.open);
  const open = (a: OwnerAppointment) => {
    if (!gesture.isDragClick()) onOpen(a);
  };
  const book = (e: MouseEvent<HTMLTableCellElement>, c: GridColumn) => {
    if (gesture.isDragClick() || (e.target as Element).closest('.dash-chip, button')) return;
    const row = e.currentTarget.closest('tr[data-hour]');
    if (!row) return;
    onBook(c, Math.floor(pointIn(row, e.clientY) / MOVE_STEP) * MOVE_STEP);
  };

  return (
    <>
      <div className="dash-cal-scroll">
        <table
          ref={tableRef}
          className={cx(
            'dash-cal-day',
            className,
            preview && !preview.keys && 'dash-cal--dragging',
          )}
          aria-label={label}
          {...gesture.surfaceProps}
        >
          <thead>
            <tr>
              <th scope="col" className="dash-cal-day__corner">
                <span className="sw-visually-hidden">Time</span>
              </th>
              {columns.map((c) => (
                <th
                  scope="col"
                  key={c.key}
                  data-column={c.key}
                  className={cx(c.today && 'dash-cal--today')}
                  {...(c.today ? { 'aria-current': 'date' as const } : {})}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {hours.map((hour) => (
              <tr
                key={hour}
                data-hour={hour}
                className={cx(
                  columns.every((c) => closedAt(c, hour)) && 'dash-cal-day__row--closed',
                )}
              >
                <th scope="row" className="dash-cal-day__hour">
                  {hourLabel(hour)}
                </th>
                {columns.map((c, i) => (
                  <td
                    key={c.key}
                    data-column={c.key}
                    className={cx(
                      'dash-cal-day__slot',
                      closedAt(c, hour) && 'dash-cal-day__slot--closed',
                    )}
                    onClick={(e) => book(e, c)}
                  >
                    {byHour[i]?.get(hour)?.map((a) => (
                      <AppointmentChip
                        key={a.id}
                        appointment={a}
                        timeZone={timeZone}
                        onOpen={open}
                        showEnd
                        bookedWith={c.showStaff ? a.staff?.name : null}
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
    </>
  );
}
