import { Suspense, lazy, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AvailableTime,
  type RescheduleDetails,
  type RescheduleResponse,
  MAX_BOOKING_DAYS_AHEAD,
  formatCalendarDay,
  formatDate,
  formatPrice,
  formatTime,
  timeZoneAbbreviation,
  todayInZone,
} from '@slotwise/contracts';
import {
  Alert,
  Button,
  LoadingState,
  Page,
  PageHeader,
  Skeleton,
  buttonClassName,
  isApiError,
  toast,
  useDocumentTitle,
} from '@slotwise/ui';
import { bookingKeys, useAvailableTimes } from '../booking/api';
import { addDays } from '../booking/dates';
import { TimeSlotGrid } from '../booking/components/TimeSlotGrid';
import '../booking/booking.css';
import { fetchRescheduleDetails, rescheduleAppointment, selfServiceErrorMessage } from './api';

// The booking page's calendar, loaded with this page's second step only.
const DateCalendar = lazy(() => import('../booking/components/DateCalendar'));

const when = (iso: string, timeZone: string) =>
  `${formatDate(iso, timeZone)} at ${formatTime(iso, timeZone)} ${timeZoneAbbreviation(iso, timeZone)}`;

/** The reschedule link of the booking SMS: pick a new time for the same service and staff. */
export default function ReschedulePage() {
  useDocumentTitle('Reschedule Appointment');
  const [params] = useSearchParams();
  const token = params.get('token');
  const details = useQuery({
    queryKey: ['reschedule', token],
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
    queryFn: ({ signal }) => fetchRescheduleDetails(token!, signal),
  });
  const [done, setDone] = useState<RescheduleResponse | null>(null);

  let body;
  if (!token) {
    body = <Alert variant="danger" title="Invalid reschedule link. No token provided." />;
  } else if (done) {
    body = <Rescheduled result={done} />;
  } else if (details.isPending) {
    body = <LoadingState title="Loading your appointment…" />;
  } else if (details.isError) {
    body = (
      <Alert
        variant="danger"
        title={selfServiceErrorMessage(
          details.error,
          'An error occurred while loading your appointment.',
        )}
      />
    );
  } else {
    body = <ChooseNewTime token={token} booking={details.data} onDone={setDone} />;
  }

  return (
    <Page narrow>
      <PageHeader title="Reschedule Appointment" />
      <div className="sw-stack">
        {body}
        <div>
          <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
            Return to Home
          </Link>
        </div>
      </div>
    </Page>
  );
}

function BookingSummary({ booking, label }: { booking: RescheduleDetails; label: string }) {
  const zone = booking.business.timeZone;
  return (
    <div className="sw-card" data-testid="reschedule-booking">
      <dl className="sw-stack">
        <div>
          <dt>Service</dt>
          <dd>
            {booking.service.name} &middot; {booking.service.duration} min &middot;{' '}
            {formatPrice(booking.service.price)}
          </dd>
        </div>
        {booking.staffName && (
          <div>
            <dt>Staff</dt>
            <dd>{booking.staffName}</dd>
          </div>
        )}
        <div>
          <dt>Business</dt>
          <dd>{booking.business.name}</dd>
        </div>
        <div>
          <dt>{label}</dt>
          <dd>{when(booking.date, zone)}</dd>
        </div>
      </dl>
    </div>
  );
}

interface ChooseNewTimeProps {
  token: string;
  booking: RescheduleDetails;
  onDone: (result: RescheduleResponse) => void;
}

function ChooseNewTime({ token, booking, onDone }: ChooseNewTimeProps) {
  const client = useQueryClient();
  const slug = booking.business.slug;
  const timeZone = booking.business.timeZone;
  const today = todayInZone(timeZone);
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<AvailableTime | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const times = useAvailableTimes({
    slug,
    date,
    serviceId: booking.service.id,
    staffId: booking.staffMemberId,
    staffChosen: booking.staffMemberId !== null,
    enabled: true,
  });
  const slots = times.isError ? [] : times.data;

  const confirm = async () => {
    if (!slot) return;
    setSaving(true);
    setError(null);
    try {
      onDone(await rescheduleAppointment(token, slot.start));
      void client.invalidateQueries({ queryKey: bookingKeys.allTimes(slug) });
    } catch (e) {
      const message = selfServiceErrorMessage(e, 'An error occurred while rescheduling.');
      setError(message);
      toast({ title: 'Reschedule Failed', description: message, variant: 'destructive' });
      if (isApiError(e) && e.status === 409) {
        // Someone took the time meanwhile: show what is left.
        setSlot(null);
        void client.invalidateQueries({ queryKey: bookingKeys.allTimes(slug) });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <BookingSummary booking={booking} label="Current Date & Time" />
      <Suspense fallback={<Skeleton height={340} radius={14} />}>
        <div className="bk-datetime">
          <div className="sw-card bk-datetime__panel">
            <h3 className="bk-panel-title">Select New Date</h3>
            <DateCalendar
              selected={date}
              min={today}
              max={addDays(today, MAX_BOOKING_DAYS_AHEAD)}
              onSelect={(day) => {
                setDate(day);
                setSlot(null);
              }}
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
              loading={!times.isError && (times.isPending || times.isFetching)}
              slots={slots}
              selected={slot}
              onSelect={setSlot}
            />
          </div>
        </div>
      </Suspense>
      {error && <Alert variant="danger" title={error} />}
      <div>
        <Button onClick={() => void confirm()} disabled={!slot || saving}>
          {saving ? 'Rescheduling…' : 'Confirm New Time'}
        </Button>
      </div>
    </>
  );
}

function Rescheduled({ result }: { result: RescheduleResponse }) {
  return (
    <>
      <Alert variant="success" title="Appointment Rescheduled">
        <p>
          Your appointment is now on {when(result.date, result.business.timeZone)}. A new
          confirmation SMS with fresh cancel and reschedule links has been sent; the old links no
          longer work.
        </p>
      </Alert>
      <BookingSummary booking={result} label="New Date & Time" />
    </>
  );
}
