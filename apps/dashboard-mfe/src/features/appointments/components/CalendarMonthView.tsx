import { cx } from '@slotwise/ui';
import {
  type CalendarViewProps,
  MONTH_MAX_PER_DAY,
  dayOfMonth,
  periodLabel,
  weekdayLabel,
} from '../calendar';
import { AppointmentChip } from './AppointmentChip';

/** A Sunday-to-Saturday grid of the month: a few appointments a day, days outside it greyed. */
export function CalendarMonthView({
  anchor,
  days,
  today,
  perDay,
  timeZone,
  onOpen,
}: CalendarViewProps & { anchor: string; days: readonly string[]; today: string }) {
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
                .map((a) => (
                  <AppointmentChip key={a.id} appointment={a} timeZone={timeZone} onOpen={onOpen} />
                ))}
            {!outside && list.length > MONTH_MAX_PER_DAY && (
              <span className="dash-cal-month__more">+{list.length - MONTH_MAX_PER_DAY} more</span>
            )}
          </div>
        );
      })}
    </div>
  );
}
