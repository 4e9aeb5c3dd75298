import { type OwnerAppointment, formatTime } from '@slotwise/contracts';
import { cx } from '@slotwise/ui';
import { customerName } from '../appointments';

/** One appointment on the calendar: time, customer and service, coloured by status. */
export function AppointmentChip({
  appointment,
  timeZone,
  onOpen,
}: {
  appointment: OwnerAppointment;
  timeZone: string;
  onOpen: (a: OwnerAppointment) => void;
}) {
  return (
    <button
      type="button"
      className={cx('dash-chip', `dash-chip--${appointment.status.toLowerCase()}`)}
      data-appointment={appointment.id}
      onClick={() => onOpen(appointment)}
    >
      <span className="dash-chip__time">{formatTime(appointment.date, timeZone)}</span>{' '}
      <span className="dash-chip__name">{customerName(appointment)}</span>
      <span className="dash-chip__service">{appointment.service.name}</span>
    </button>
  );
}
