import { cx } from '@slotwise/ui';
import { MONTH_PREVIEW_PER_DAY } from '@slotwise/contracts';
import {
  type CalendarViewProps,
  type DayTotals,
  dayLabel,
  dayOfMonth,
  periodLabel,
  weekdayLabel,
} from '../calendar';
import { AppointmentChip } from './AppointmentChip';

/**
 * A Monday-to-Sunday grid of the month, days of the months around it greyed but with their
 * appointments: a few a day, then '+N more', which opens that day (on a phone, their number).
 * `perDay` holds each day's first few; `totals` says how many there are in all.
 */
export function CalendarMonthView({
  anchor,
  days,
  today,
  perDay,
  totals,
  timeZone,
  onOpen,
  onOpenDay,
}: CalendarViewProps & {
  anchor: string;
  days: readonly string[];
  today: string;
  totals: DayTotals;
  onOpenDay: (day: string) => void;
}) {
  const month = anchor.slice(0, 7);
  return (
    <div className="dash-cal-month" role="grid" aria-label={periodLabel('month', anchor)}>
      {days.slice(0, 7).map((d) => (
        <div key={`h${d}`} className="dash-cal-month__weekday" role="columnheader">
          {weekdayLabel(d)}
        </div>
      ))}
      {days.map((day) => {
        const list = perDay.get(day) ?? [];
        const total = totals.get(day) ?? list.length;
        const more = total - MONTH_PREVIEW_PER_DAY;
        return (
          <div
            key={day}
            role="gridcell"
            data-day={day}
            className={cx(
              'dash-cal-month__day',
              day.slice(0, 7) !== month && 'dash-cal-month__day--outside',
              day === today && 'dash-cal--today',
            )}
          >
            <span className="dash-cal-month__num">{dayOfMonth(day)}</span>
            {list.slice(0, MONTH_PREVIEW_PER_DAY).map((a) => (
              <AppointmentChip key={a.id} appointment={a} timeZone={timeZone} onOpen={onOpen} />
            ))}
            {total > 0 && (
              // On a phone a cell is too narrow for appointments: their number opens the day.
              <button
                type="button"
                className="dash-cal-month__count"
                aria-label={`${total} ${total === 1 ? 'appointment' : 'appointments'} on ${dayLabel(day)}`}
                onClick={() => onOpenDay(day)}
              >
                {total}
              </button>
            )}
            {more > 0 && (
              <button
                type="button"
                className="dash-cal-month__more"
                aria-label={`+${more} more on ${dayLabel(day)}`}
                onClick={() => onOpenDay(day)}
              >
                +{more} more
              </button>
            )}
          </div>
        );
      })}
    </div>
  );
}
