import {
  type ConfirmationState,
  type CreateAppointmentResponse,
  formatDate,
  formatPhoneForDisplay,
  formatPrice,
  formatTime,
  timeZoneAbbreviation,
} from '@slotwise/contracts';
import { type BookingConfirmation } from './wizard-store';

export interface ConfirmationRow {
  label: string;
  value: string;
}

export type ConfirmationView =
  | {
      kind: 'complete';
      firstName: string;
      phone: string;
      reference: string;
      rows: ConfirmationRow[];
      /** What became of the confirmation SMS and email (older APIs: assumed queued). */
      sms: ConfirmationState;
      email: ConfirmationState;
    }
  | { kind: 'partial'; rows: ConfirmationRow[] };

/** The booking response as it may arrive: any part can be missing on an unexpected reply. */
type LooseResponse = {
  [K in keyof CreateAppointmentResponse]?: Partial<
    NonNullable<CreateAppointmentResponse[K]>
  > | null;
};

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const positive = (v: unknown): number | null => (typeof v === 'number' && v > 0 ? v : null);

/** '9:30 AM AEDT': the time in the business's zone with the abbreviation in force that day. */
export function formatZonedTime(instant: string, timeZone: string): string {
  return `${formatTime(instant, timeZone)} ${timeZoneAbbreviation(instant, timeZone)}`;
}

/**
 * What the confirmation shows: the full view when the response carries the appointment, customer
 * and service; otherwise a partial view with whatever is known.
 */
export function confirmationView(
  confirmation: BookingConfirmation,
  timeZone: string,
): ConfirmationView {
  const r = confirmation.response as LooseResponse;
  const id = positive(r.appointment?.id);
  const start = text(r.appointment?.date);
  const validStart = start && !Number.isNaN(Date.parse(start)) ? start : null;
  const serviceName = text(r.service?.name);
  // The partial view falls back to what the customer chose when the response lacks it.
  const chosenStart = text(confirmation.start);
  const shownStart =
    validStart ?? (chosenStart && !Number.isNaN(Date.parse(chosenStart)) ? chosenStart : null);
  const duration = positive(r.service?.duration);
  const price = typeof r.service?.price === 'number' ? r.service.price : null;
  const firstName = text(r.customer?.firstName);
  const stored = text(r.customer?.phone);
  const phone = stored ? formatPhoneForDisplay(stored) : confirmation.phone;

  if (id && validStart && serviceName && duration && price !== null && firstName) {
    const rows: ConfirmationRow[] = [{ label: 'Service', value: serviceName }];
    const staffName = text(r.staff?.name);
    if (staffName) {
      const position = text(r.staff?.position);
      rows.push({ label: 'Staff', value: position ? `${staffName} (${position})` : staffName });
    }
    rows.push(
      { label: 'Date', value: formatDate(validStart, timeZone) },
      { label: 'Time', value: formatZonedTime(validStart, timeZone) },
      { label: 'Duration', value: `${duration} minutes` },
      { label: 'Price', value: formatPrice(price) },
    );
    const sent = r.confirmations;
    return {
      kind: 'complete',
      firstName,
      phone,
      reference: `#${id}`,
      rows,
      sms: sent?.sms ?? 'queued',
      email: sent?.email ?? (confirmation.email ? 'queued' : 'not_sent'),
    };
  }

  const name =
    [text(r.customer?.firstName), text(r.customer?.lastName)].filter(Boolean).join(' ') ||
    confirmation.name;
  const rows: ConfirmationRow[] = [];
  if (id) rows.push({ label: 'Booking #', value: String(id) });
  if (name) rows.push({ label: 'Name', value: name });
  if (phone) rows.push({ label: 'Phone', value: phone });
  const shownService = serviceName ?? text(confirmation.serviceName);
  if (shownService) rows.push({ label: 'Service', value: shownService });
  if (shownStart) {
    rows.push(
      { label: 'Date', value: formatDate(shownStart, timeZone) },
      { label: 'Time', value: formatZonedTime(shownStart, timeZone) },
    );
  }
  return { kind: 'partial', rows };
}
