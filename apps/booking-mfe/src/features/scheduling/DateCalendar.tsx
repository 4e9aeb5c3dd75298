import { type DayStatus, dateToDay, dayToDate } from '@slotwise/contracts';
import { DayPicker, type Modifiers, labelDayButton } from 'react-day-picker';
import { enAU } from 'react-day-picker/locale';
import 'react-day-picker/style.css';

export interface DateCalendarProps {
  /** 'YYYY-MM-DD' in the business's zone. */
  selected: string | null;
  /** The business's today: earlier days are disabled. */
  min: string;
  max: string;
  /** The month shown, 'YYYY-MM'. */
  month: string;
  onMonthChange: (month: string) => void;
  /** The shown month's days as the API answered them; empty while unknown (every day offered). */
  statuses: ReadonlyMap<string, DayStatus>;
  /** The month's days are on their way. */
  loading: boolean;
  onSelect: (day: string) => void;
}

// Read out with the date, so a screen reader hears why a day cannot be chosen.
const STATUS_LABELS: Partial<Record<DayStatus, string>> = {
  closed: 'closed',
  staff_not_working: 'staff not working',
  fully_booked: 'fully booked',
  // Open, but the service fits in none of the day's hours: not the same as closed.
  no_times_left: 'No times left',
  outside_window: 'not open for online booking',
};

/** Single-date calendar; react-day-picker gives the grid its arrow-key navigation and labels. */
export default function DateCalendar({
  selected,
  min,
  max,
  month,
  onMonthChange,
  statuses,
  loading,
  onSelect,
}: DateCalendarProps) {
  const minDate = dayToDate(min);
  const maxDate = dayToDate(max);
  const selectedDate = selected ? dayToDate(selected) : undefined;
  const statusOf = (date: Date) => statuses.get(dateToDay(date));
  const anyNoTimesLeft = [...statuses.values()].includes('no_times_left');
  return (
    <div
      className={loading ? 'bk-calendar-wrap bk-calendar-wrap--loading' : 'bk-calendar-wrap'}
      aria-busy={loading}
    >
      <DayPicker
        mode="single"
        locale={enAU}
        className="bk-calendar"
        selected={selectedDate}
        today={minDate}
        month={dayToDate(`${month}-01`)}
        onMonthChange={(date) => onMonthChange(dateToDay(date).slice(0, 7))}
        startMonth={minDate}
        endMonth={maxDate}
        disabled={[
          { before: minDate },
          { after: maxDate },
          (date) => {
            const status = statusOf(date);
            return status !== undefined && status !== 'available';
          },
        ]}
        modifiers={{
          fullyBooked: (date) => statusOf(date) === 'fully_booked',
          noTimesLeft: (date) => statusOf(date) === 'no_times_left',
        }}
        modifiersClassNames={{ fullyBooked: 'bk-day--full', noTimesLeft: 'bk-day--no-times' }}
        labels={{
          labelDayButton: (date: Date, modifiers: Modifiers, options, dateLib) => {
            const label = labelDayButton(date, modifiers, options, dateLib);
            const status = statusOf(date);
            const why = status && STATUS_LABELS[status];
            return why ? `${label}, ${why}` : label;
          },
        }}
        onSelect={(date) => {
          if (date) onSelect(dateToDay(date));
        }}
      />
      {anyNoTimesLeft && (
        // The day buttons say it to screen readers; this says it to the eye.
        <p className="bk-calendar-legend" aria-hidden="true">
          <span className="bk-calendar-legend__mark">•</span> No times left: open, but this service
          does not fit in the hours that day.
        </p>
      )}
    </div>
  );
}
