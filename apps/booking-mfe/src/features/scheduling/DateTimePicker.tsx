import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  type AvailableTime,
  MAX_BOOKING_DAYS_AHEAD,
  addDays,
  formatCalendarDay,
  todayInZone,
} from '@slotwise/contracts';
import { Skeleton, Spinner, toast } from '@slotwise/ui';
import { bookingKeys } from '../../query-keys';
import { statusByDate, useAvailableDays, useDayStatus } from './available-days';
import { type TimesQuery, useAvailableTimes } from './available-times';
import { type NoTimesContext, STAFF_FULLY_BOOKED, noTimesReason } from './no-times-reason';
import { TimeSlotGrid } from './TimeSlotGrid';

// The calendar (react-day-picker + date-fns) is the heaviest part of the page: it loads with the
// first view that shows it.
const DateCalendar = lazy(() => import('./DateCalendar'));

/** What the picker needs of the business; the booking window is unknown on some pages. */
export interface PickerBusiness {
  name: string;
  timeZone: string;
  minNoticeMinutes?: number;
  maxAdvanceDays?: number;
}

export interface DateTimePickerProps {
  /** The calendar panel's heading ('Select Date', 'Select New Date'). */
  dateHeading: string;
  /** Its zone's today is the first day offered; its name and window explain an empty day. */
  business: PickerBusiness;
  /** Whose times to offer; the day is `date`. */
  availability: Omit<TimesQuery, 'date'>;
  /** Whose day a full date is (see NoTimesContext); a person the customer chose earns a toast. */
  staff: NoTimesContext['staff'];
  /** The chosen day, 'YYYY-MM-DD' in the business's zone. */
  date: string | null;
  selected: AvailableTime | null;
  onDateChange: (day: string) => void;
  onTimeChange: (slot: AvailableTime) => void;
}

/** The calendar and the chosen day's free times, side by side (stacked on a phone). */
export function DateTimePicker({
  dateHeading,
  business,
  availability,
  staff,
  date,
  selected,
  onDateChange,
  onTimeChange,
}: DateTimePickerProps) {
  const client = useQueryClient();
  // "Today" is the business's today, not the visitor's.
  const today = todayInZone(business.timeZone);
  const last = addDays(today, business.maxAdvanceDays ?? MAX_BOOKING_DAYS_AHEAD);
  const [month, setMonth] = useState(() => (date ?? today).slice(0, 7));
  const { slug, serviceId, staffId, enabled } = availability;

  // Days without times are disabled as soon as the month answers; until then (or if it cannot
  // answer) every day in the window is offered and the chosen day's times tell.
  const days = useAvailableDays({ ...availability, month, lastMonth: last.slice(0, 7) });
  // Not yet asked (the booking page waits for the staff list) counts as on its way.
  const daysLoading = days.isLoading || !enabled;
  const statuses = useMemo(() => statusByDate(days.data), [days.data]);
  const dayStatus = useDayStatus(availability, date);

  const times = useAvailableTimes({ ...availability, date });
  // A failed load clears the slots rather than showing stale ones.
  const slots = times.isError ? [] : times.data;
  // A fresh answer without times (not a cached one being checked again).
  const empty = times.isSuccess && !times.isFetching && times.data.length === 0;
  const status = dayStatus.data ?? undefined;
  const statusSettled = dayStatus.isSuccess || dayStatus.isError;

  const reason =
    empty && statusSettled
      ? noTimesReason(status, {
          businessName: business.name,
          staff,
          window:
            business.minNoticeMinutes !== undefined && business.maxAdvanceDays !== undefined
              ? {
                  minNoticeMinutes: business.minNoticeMinutes,
                  maxAdvanceDays: business.maxAdvanceDays,
                }
              : null,
        })
      : null;

  // The days said this date had times, but it filled since: read its month again so the
  // calendar disables it too.
  const stale = empty && status === 'available';
  useEffect(() => {
    if (!stale || date === null) return;
    void client.invalidateQueries({
      queryKey: bookingKeys.days(slug, serviceId, staffId, date.slice(0, 7)),
      exact: true,
    });
  }, [stale, times.dataUpdatedAt, client, slug, serviceId, staffId, date]);

  // The spec's notice when the person the customer picked has nothing left that day; once per
  // answer, and not for a day that is closed, that they do not work, or outside the booking window.
  const toasted = useRef<string | null>(null);
  const fullForChosenPerson =
    staff?.kind === 'chosen' &&
    empty &&
    statusSettled &&
    status !== 'closed' &&
    status !== 'staff_not_working' &&
    status !== 'outside_window';
  useEffect(() => {
    const answer = `${date}|${times.dataUpdatedAt}`;
    if (!fullForChosenPerson || toasted.current === answer) return;
    toasted.current = answer;
    toast({ title: 'No available times', description: STAFF_FULLY_BOOKED, variant: 'info' });
  }, [fullForChosenPerson, date, times.dataUpdatedAt]);

  return (
    // One boundary for both panels: the times panel appears together with the calendar.
    <Suspense fallback={<DateTimeSkeleton />}>
      <div className="bk-datetime">
        <div className="sw-card bk-datetime__panel">
          <div className="bk-panel-head">
            <h3 className="bk-panel-title">{dateHeading}</h3>
            {daysLoading && (
              <span className="bk-muted bk-days-loading" role="status">
                <Spinner /> Checking dates…
              </span>
            )}
          </div>
          <DateCalendar
            selected={date}
            min={today}
            max={last}
            month={month}
            onMonthChange={setMonth}
            statuses={statuses}
            loading={daysLoading}
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
            emptyReason={reason}
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
