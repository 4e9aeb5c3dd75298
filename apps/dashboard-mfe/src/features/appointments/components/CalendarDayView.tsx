import { type CalendarViewProps, DAY_HOURS, dayRow, hourLabel } from '../calendar';
import { AppointmentChip } from './AppointmentChip';

/** A column of the day grid: one staff member, or (id null) every appointment. */
export interface DayColumn {
  id: number | null;
  name: string;
  position: string | null;
}

/** The day grid: a row an hour, a column per staff member (or one for all). */
export function CalendarDayView({
  day,
  columns,
  perDay,
  timeZone,
  onOpen,
}: CalendarViewProps & { day: string; columns: readonly DayColumn[] }) {
  const list = perDay.get(day) ?? [];
  return (
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
                        dayRow(a.date, timeZone) === hour &&
                        (c.id === null || a.staffMemberId === c.id),
                    )
                    .map((a) => (
                      <AppointmentChip
                        key={a.id}
                        appointment={a}
                        timeZone={timeZone}
                        onOpen={onOpen}
                      />
                    ))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
