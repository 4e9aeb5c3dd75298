import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  type AvailableTime,
  type RescheduleDetails,
  type RescheduleResponse,
} from '@slotwise/contracts';
import { Alert, Button, LoadingState, toast } from '@slotwise/ui';
import { bookingKeys } from '../../query-keys';
import { refusedTime } from '../booking';
import { DateTimePicker } from '../scheduling';
import { selfServiceErrorMessage, useReschedule, useRescheduleDetails } from './api';
import { BookingSummary, SelfServiceLayout, formatStart } from './SelfServiceLayout';

/** The reschedule link of the booking SMS: pick a new time for the same service and staff. */
export default function ReschedulePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const details = useRescheduleDetails(token);
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

  return <SelfServiceLayout title="Reschedule Appointment">{body}</SelfServiceLayout>;
}

interface ChooseNewTimeProps {
  token: string;
  booking: RescheduleDetails;
  onDone: (result: RescheduleResponse) => void;
}

function ChooseNewTime({ token, booking, onDone }: ChooseNewTimeProps) {
  const client = useQueryClient();
  const slug = booking.business.slug;
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<AvailableTime | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reschedule = useReschedule();

  const confirm = () => {
    if (!slot) return;
    setError(null);
    reschedule.mutate(
      { token, date: slot.start },
      {
        onSuccess: (result) => {
          onDone(result);
          void client.invalidateQueries({ queryKey: bookingKeys.allTimes(slug) });
        },
        onError: (e) => {
          const message = selfServiceErrorMessage(e, 'An error occurred while rescheduling.');
          setError(message);
          toast({ title: 'Reschedule Failed', description: message, variant: 'destructive' });
          // The time was taken meanwhile or is no longer offered: show what is left. A spent
          // link or a cancelled booking keeps the choice; only the message applies.
          if (refusedTime(e)) {
            setSlot(null);
            void client.invalidateQueries({ queryKey: bookingKeys.allTimes(slug) });
          }
        },
      },
    );
  };

  return (
    <>
      <BookingSummary booking={booking} label="Current Date & Time" testId="reschedule-booking" />
      <DateTimePicker
        dateHeading="Select New Date"
        business={{
          name: booking.business.name,
          timeZone: booking.business.timeZone,
          minNoticeMinutes: booking.business.minNoticeMinutes,
          maxAdvanceDays: booking.business.maxAdvanceDays,
        }}
        availability={{
          slug,
          serviceId: booking.service.id,
          staffId: booking.staffMemberId,
          enabled: true,
        }}
        // The booking keeps its person: a full day is theirs, and no other person is offered.
        staff={
          booking.staffMemberId !== null
            ? { kind: 'fixed', name: booking.staffName ?? 'the selected staff member' }
            : null
        }
        date={date}
        selected={slot}
        onDateChange={(day) => {
          setDate(day);
          setSlot(null);
        }}
        onTimeChange={setSlot}
      />
      {error && <Alert variant="danger" title={error} />}
      <div>
        <Button onClick={confirm} disabled={!slot || reschedule.isPending}>
          {reschedule.isPending ? 'Rescheduling…' : 'Confirm New Time'}
        </Button>
      </div>
    </>
  );
}

/** What became of the SMS with the fresh links: nothing says it went when it did not. */
const NEW_LINKS: Record<RescheduleResponse['sms'], string> = {
  queued:
    'A new confirmation SMS with fresh cancel and reschedule links is on its way; the old links no longer work.',
  not_configured:
    'We couldn’t text you new links: this business’s text messages are not set up yet. The old links no longer work, so to cancel or move it again, please contact the business directly.',
  not_sent:
    'We can only text Australian mobiles, so no new links are coming by SMS. The old links no longer work, so to cancel or move it again, please contact the business directly.',
};

function Rescheduled({ result }: { result: RescheduleResponse }) {
  return (
    <>
      <Alert variant="success" title="Appointment Rescheduled">
        <p>
          Your appointment is now on {formatStart(result.date, result.business.timeZone)}.{' '}
          {NEW_LINKS[result.sms]}
        </p>
      </Alert>
      <BookingSummary booking={result} label="New Date & Time" testId="reschedule-booking" />
    </>
  );
}
