import { cx } from '@slotwise/ui';
import { type CalendarViewProps, dayOfMonth, weekdayLabel } from '../calendar';
import { AppointmentChip } from './AppointmentChip';

/** Seven columns from Sunday, today highlighted, 'No appointments' on an empty day. */
export function CalendarWeekView({
  days,
  today,
  perDay,
  timeZone,
  onOpen,
}: CalendarViewProps & { days: readonly string[]; today: string }) {
  return (
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
              list.map((a) => (
                <AppointmentChip key={a.id} appointment={a} timeZone={timeZone} onOpen={onOpen} />
              ))
            )}
          </section>
        );
      })}
    </div>
  );
}
