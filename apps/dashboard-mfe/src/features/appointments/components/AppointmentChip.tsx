import { type HTMLAttributes } from 'react';
import { type OwnerAppointment } from '@slotwise/contracts';
import { Badge, cx } from '@slotwise/ui';
import { customerName } from '../appointments';
import { diaryTime } from '../calendar';

/** What a view adds to its chips to move them (see useMoveGesture). */
export type ChipMoveProps = Pick<
  HTMLAttributes<HTMLButtonElement>,
  'onPointerDown' | 'onKeyDown' | 'onBlur' | 'aria-keyshortcuts'
> & { 'data-moving'?: string };

/** What the customer answered by SMS (decision record 020): confirmed, or a reply to read. */
function CustomerAnswer({ appointment }: { appointment: OwnerAppointment }) {
  const replied = (appointment.smsReplies ?? []).some((r) => r.action === 'kept');
  if (!appointment.customerConfirmedAt && !replied) return null;
  return (
    <span className="dash-chip__answers">
      {appointment.customerConfirmedAt && (
        <Badge variant="success" className="dash-chip__badge" data-customer-confirmed="">
          ✓ Client confirmed
        </Badge>
      )}
      {replied && (
        <Badge variant="info" className="dash-chip__badge" data-sms-reply="">
          SMS reply
        </Badge>
      )}
    </span>
  );
}

/**
 * One appointment on the calendar: time, customer and service, coloured by status. The whole text
 * is also its tooltip, for the narrow month cells that show the time only.
 */
export function AppointmentChip({
  appointment,
  timeZone,
  onOpen,
  showEnd = false,
  bookedWith = null,
  move,
}: {
  appointment: OwnerAppointment;
  timeZone: string;
  onOpen: (a: OwnerAppointment) => void;
  /** '9:30 AM – 10:30 AM' rather than the start alone. */
  showEnd?: boolean;
  /** The staff member named on the booking, when the chip is not in their column. */
  bookedWith?: string | null;
  /** Drag and keyboard moves, in the views that offer them. */
  move?: ChipMoveProps;
}) {
  // On a day the clocks change, each time carries its zone: '2:30 AM AEDT – 2:15 AM AEST'.
  const start = diaryTime(appointment.date, timeZone);
  const end = diaryTime(appointment.end, timeZone);
  const range = `${start} – ${end}`;
  const name = customerName(appointment);
  return (
    <button
      type="button"
      className={cx('dash-chip', `dash-chip--${appointment.status.toLowerCase()}`)}
      data-appointment={appointment.id}
      title={`${range} ${name}, ${appointment.service.name}`}
      {...move}
      onClick={() => onOpen(appointment)}
    >
      <span className="dash-chip__time">
        {/* A time is never split over two lines; the range may break at its dash. */}
        <span>{start}</span>
        {showEnd && (
          <>
            {' – '}
            <span>{end}</span>
          </>
        )}
      </span>{' '}
      <span className="dash-chip__name">{name}</span>
      <span className="dash-chip__service">{appointment.service.name}</span>
      {bookedWith && <span className="dash-chip__service">Booked with {bookedWith}</span>}
      <CustomerAnswer appointment={appointment} />
    </button>
  );
}
