import {
  type AffectedBooking,
  formatLongDate,
  formatTime,
  timeZoneAbbreviation,
} from '@slotwise/contracts';
import { type ReactNode } from 'react';
import { Button, Dialog, cx } from '@slotwise/ui';

export interface AffectedBookingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  bookings: readonly AffectedBooking[];
  /** The change's own words on the button that goes ahead: 'Save Anyway', 'Close Anyway'. */
  confirmLabel: string;
  onConfirm: () => void;
  /** The business's zone: bookings are listed in its local time. */
  timeZone: string;
  /** Other words for a change that is not of hours (a new time zone). */
  title?: string;
  description?: string;
}

/** 'Tue, 5 Jan 2027 · 9:00 AM – 9:45 AM AEDT' in the business's zone. */
function bookingWhen(booking: AffectedBooking, timeZone: string): string {
  return `${formatLongDate(booking.start, timeZone)} · ${formatTime(booking.start, timeZone)} – ${formatTime(
    booking.end,
    timeZone,
  )} ${timeZoneAbbreviation(booking.start, timeZone)}`;
}

/**
 * One booking in a list of bookings a change touches: when (in the business's zone), the client
 * and the service (and the staff member, `withStaff`); `children` add a line of the caller's own.
 */
export function AffectedBookingItem({
  booking,
  timeZone,
  withStaff = false,
  className,
  children,
}: {
  booking: AffectedBooking;
  timeZone: string;
  withStaff?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <li className={cx('dash-affected__item', className)} data-booking={booking.id}>
      <p className="dash-affected__when">{bookingWhen(booking, timeZone)}</p>
      <p className="dash-affected__who">
        <span className="dash-affected__client">{booking.customerName}</span>
        {' · '}
        {booking.serviceName}
        {withStaff && booking.staffName && ` with ${booking.staffName}`}
      </p>
      {children}
    </li>
  );
}

/**
 * Before a change of hours is saved: the upcoming bookings it leaves outside the hours. Nothing is
 * cancelled, so the owner is told to contact those clients, and goes ahead only by confirming.
 */
export function AffectedBookingsDialog({
  open,
  onOpenChange,
  bookings,
  confirmLabel,
  onConfirm,
  timeZone,
  title,
  description,
}: AffectedBookingsDialogProps) {
  const count = bookings.length;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        title ??
        (count === 1
          ? '1 booking is outside these hours'
          : `${count} bookings are outside these hours`)
      }
      description={
        description ??
        'They stay booked: this change does not cancel or move them. Contact these clients to arrange another time.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Go Back
          </Button>
          <Button onClick={onConfirm}>{confirmLabel}</Button>
        </>
      }
    >
      <ul className="dash-affected sw-list" aria-label="Bookings outside the hours">
        {bookings.map((b) => (
          <AffectedBookingItem key={b.id} booking={b} timeZone={timeZone} withStaff />
        ))}
      </ul>
    </Dialog>
  );
}
