import { Suspense, lazy } from 'react';
import {
  type AvailableTime,
  MAX_BOOKING_DAYS_AHEAD,
  addDays,
  formatCalendarDay,
  todayInZone,
} from '@slotwise/contracts';
import { Skeleton } from '@slotwise/ui';
import { type TimesQuery, useAvailableTimes } from './available-times';
import { TimeSlotGrid } from './TimeSlotGrid';

// The calendar (react-day-picker + date-fns) is the heaviest part of the page: it loads with the
// first view that shows it.
const DateCalendar = lazy(() => import('./DateCalendar'));

export interface DateTimePickerProps {
  /** The calendar panel's heading ('Select Date', 'Select New Date'). */
  dateHeading: string;
  /** The business's zone: its today is the first day offered. */
  timeZone: string;
  /** Whose times to offer; the day is `date`. */
  availability: Omit<TimesQuery, 'date'>;
  /** The chosen day, 'YYYY-MM-DD' in the business's zone. */
  date: string | null;
  selected: AvailableTime | null;
  onDateChange: (day: string) => void;
  onTimeChange: (slot: AvailableTime) => void;
}

/** The calendar and the chosen day's free times, side by side (stacked on a phone). */
export function DateTimePicker({
  dateHeading,
  timeZone,
  availability,
  date,
  selected,
  onDateChange,
  onTimeChange,
}: DateTimePickerProps) {
  // "Today" is the business's today, not the visitor's.
  const today = todayInZone(timeZone);
  const times = useAvailableTimes({ ...availability, date });
  // A failed load clears the slots rather than showing stale ones.
  const slots = times.isError ? [] : times.data;

  return (
    // One boundary for both panels: the times panel appears together with the calendar.
    <Suspense fallback={<DateTimeSkeleton />}>
      <div className="bk-datetime">
        <div className="sw-card bk-datetime__panel">
          <h3 className="bk-panel-title">{dateHeading}</h3>
          <DateCalendar
            selected={date}
            min={today}
            max={addDays(today, MAX_BOOKING_DAYS_AHEAD)}
            onSelect={onDateChange}
          />
        </div>
        <div className="sw-card bk-datetime__panel">
          <h3 className="bk-panel-title" aria-live="polite">
            {date
              ? `Available Times for ${formatCalendarDay(date)}`
              : 'Select a date to view available times'}
          </h3>
          <TimeSlotGrid
            hasDate={date !== null}
            // Pending covers a query that is not enabled yet (the booking page waits for the staff
            // list): the empty text must only ever mean the day really has no times.
            loading={!times.isError && (times.isPending || times.isFetching)}
            slots={slots}
            selected={selected}
            onSelect={onTimeChange}
          />
        </div>
      </div>
    </Suspense>
  );
}

function DateTimeSkeleton() {
  return (
    <div className="bk-datetime" role="status" aria-live="polite">
      <span className="sw-visually-hidden">Loading the calendar…</span>
      <Skeleton height={340} radius={14} />
      <Skeleton height={160} radius={14} />
    </div>
  );
}
