import { type Dispatch, Suspense, lazy } from 'react';
import {
  type AvailableTime,
  type Service,
  type StaffMember,
  MAX_BOOKING_DAYS_AHEAD,
  formatCalendarDay,
  formatPrice,
  todayInZone,
} from '@slotwise/contracts';
import { ArrowLeftIcon, Button, Skeleton } from '@slotwise/ui';
import { useAvailableTimes } from '../api';
import { addDays } from '../dates';
import { type WizardAction } from '../wizard';
import { StaffPicker } from './StaffPicker';
import { TimeSlotGrid } from './TimeSlotGrid';
import { StepHeading } from './StepHeading';

// The calendar (react-day-picker + date-fns) is the heaviest part of the page: load it on step 2.
const DateCalendar = lazy(() => import('./DateCalendar'));

interface DateTimeStepProps {
  /** Focus the heading on mount (true after the customer has moved between steps). */
  focusHeading: boolean;
  slug: string;
  timeZone: string;
  service: Service;
  staff: StaffMember[] | undefined;
  staffLoading: boolean;
  staffSettled: boolean;
  staffChoice: number | null;
  staffId: number | null;
  date: string | null;
  selectedSlot: AvailableTime | null;
  dispatch: Dispatch<WizardAction>;
}

export default function DateTimeStep({
  focusHeading,
  slug,
  timeZone,
  service,
  staff,
  staffLoading,
  staffSettled,
  staffChoice,
  staffId,
  date,
  selectedSlot,
  dispatch,
}: DateTimeStepProps) {
  // "Today" is the business's today, not the visitor's (decision 1).
  const today = todayInZone(timeZone);
  const times = useAvailableTimes({
    slug,
    date,
    serviceId: service.id,
    staffId,
    staffChosen: staffChoice !== null,
    enabled: staffSettled,
  });
  // A failed load clears the slots (spec section 8) rather than showing stale ones.
  const slots = times.isError ? [] : times.data;

  return (
    <section className="bk-step" aria-labelledby="bk-step-title">
      <div className="bk-step__header">
        <StepHeading id="bk-step-title" className="bk-step__title" focus={focusHeading}>
          Choose Date &amp; Time
        </StepHeading>
        <p className="bk-step__subtitle">
          {service.name} &middot; {service.duration} min &middot; {formatPrice(service.price)}
        </p>
      </div>

      {staffLoading ? (
        <Skeleton height={56} radius={10} />
      ) : (
        staff &&
        staff.length > 1 && (
          <StaffPicker
            staff={staff}
            value={staffChoice}
            onChange={(id) => dispatch({ type: 'selectStaff', staffId: id })}
          />
        )
      )}

      {/* One boundary for both panels: the times panel appears together with the calendar. */}
      <Suspense fallback={<DateTimeSkeleton />}>
        <div className="bk-datetime">
          <div className="sw-card bk-datetime__panel">
            <h3 className="bk-panel-title">Select Date</h3>
            <DateCalendar
              selected={date}
              min={today}
              max={addDays(today, MAX_BOOKING_DAYS_AHEAD)}
              onSelect={(day) => dispatch({ type: 'selectDate', date: day })}
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
              // Pending covers the wait for the staff list too (the query is not enabled yet): the
              // empty text must only ever mean the day really has no times.
              loading={!times.isError && (times.isPending || times.isFetching)}
              slots={slots}
              selected={selectedSlot}
              onSelect={(slot) => dispatch({ type: 'selectSlot', slot })}
            />
          </div>
        </div>
      </Suspense>

      <div className="bk-step__actions">
        <Button variant="secondary" onClick={() => dispatch({ type: 'backToServices' })}>
          <ArrowLeftIcon width={16} height={16} />
          Back
        </Button>
      </div>
    </section>
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
