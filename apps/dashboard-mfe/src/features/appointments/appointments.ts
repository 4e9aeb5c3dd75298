import {
  type AppointmentStatus,
  type OwnerAppointment,
  formatDate,
  formatTime,
  timeZoneAbbreviation,
} from '@slotwise/contracts';
import { type BadgeVariant } from '@slotwise/ui';

export const STATUS_FILTERS: readonly AppointmentStatus[] = [
  'confirmed',
  'pending',
  'cancelled',
  'completed',
  'no_show',
];

/** Status colours: confirmed green, pending orange, cancelled red, completed blue, no-show grey. */
export const STATUS_BADGE: Record<AppointmentStatus, BadgeVariant> = {
  confirmed: 'success',
  pending: 'warning',
  cancelled: 'danger',
  completed: 'info',
  no_show: 'neutral',
  // Held while the client pays the deposit or saves a card; Stripe's webhook confirms it.
  pending_payment: 'warning',
};

/** The status in running text and the filter's checkboxes: 'confirmed', 'no-show'. */
export const statusText = (status: string) => {
  const s = status.toLowerCase();
  return s === 'pending_payment' ? 'awaiting payment' : s.replace(/_/g, '-');
};

/** The status as a badge reads it: 'Confirmed', 'No-show'. */
export const statusLabel = (status: string) => {
  const text = statusText(status);
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** Completed and no-show say what happened, so they wait until the appointment has started. */
export const hasStarted = (a: OwnerAppointment, now = Date.now()) => Date.parse(a.date) <= now;

export const customerName = (a: OwnerAppointment) =>
  `${a.customer.firstName} ${a.customer.lastName}`.trim();

/** Customer first or last name, or the service's name, ignoring case. */
export function matchesSearch(a: OwnerAppointment, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [a.customer.firstName, a.customer.lastName, customerName(a), a.service.name].some((v) =>
    v.toLowerCase().includes(q),
  );
}

export function filterAppointments(
  list: readonly OwnerAppointment[],
  search: string,
  statuses: readonly AppointmentStatus[] = [],
): OwnerAppointment[] {
  return list.filter(
    (a) =>
      matchesSearch(a, search) &&
      (statuses.length === 0 || statuses.includes(a.status.toLowerCase() as AppointmentStatus)),
  );
}

/** Newest first (by start). */
export function newestFirst(list: readonly OwnerAppointment[]): OwnerAppointment[] {
  return [...list].sort((x, y) => Date.parse(y.date) - Date.parse(x.date) || y.id - x.id);
}

/** '5 Jan 2027, 9:00 AM AEDT' in the business's zone. */
export function formatWhen(instant: string, timeZone: string): string {
  return `${formatDate(instant, timeZone)}, ${formatTime(instant, timeZone)} ${timeZoneAbbreviation(instant, timeZone)}`;
}

/** The end: start + the service's duration, or null (shown as N/A) without a duration. */
export function endOf(a: OwnerAppointment): string | null {
  if (!a.service.duration) return null;
  return new Date(Date.parse(a.date) + a.service.duration * 60_000).toISOString();
}
