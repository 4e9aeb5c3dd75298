import type { EntityManager } from 'typeorm';
import { formatDate, formatTime, timeZoneAbbreviation } from '@slotwise/contracts';
import { randomToken, sha256Hex } from '../../auth/services/secure-token.js';
import { DEFAULT_PUBLIC_URL } from '../../auth/services/auth-emails.js';
import { AppointmentTokenEntity } from '../entities/appointment-token.entity.js';

export interface CustomerLinks {
  cancelUrl: string;
  rescheduleUrl: string;
}

/** What a booking message names: the service, the business and when, in the business's zone. */
export interface BookingFacts {
  serviceName: string;
  businessName: string;
  timeZone: string;
  start: Date;
}

/** '15 Jan 2027 at 9:00 AM AEDT' */
export function localWhen(facts: BookingFacts): string {
  const { start, timeZone } = facts;
  return `${formatDate(start, timeZone)} at ${formatTime(start, timeZone)} ${timeZoneAbbreviation(start, timeZone)}`;
}

/** The business's public booking page (`/book/{slug}`), for "book again" in messages. */
export function bookingPageUrl(publicUrl: string | undefined, slug: string): string {
  const base = (publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, '');
  return `${base}/book/${encodeURIComponent(slug)}`;
}

/**
 * Fresh cancel and reschedule tokens for an appointment, written through `em` (the transaction of
 * the booking or the move). Both expire at the appointment's start.
 */
export async function issueCustomerLinks(
  em: EntityManager,
  appointmentId: number,
  start: Date,
  publicUrl: string | undefined,
): Promise<CustomerLinks> {
  const base = (publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, '');
  const cancel = randomToken();
  const reschedule = randomToken();
  await em.insert(AppointmentTokenEntity, [
    { appointmentId, purpose: 'cancel', tokenHash: sha256Hex(cancel), expiresAt: start },
    { appointmentId, purpose: 'reschedule', tokenHash: sha256Hex(reschedule), expiresAt: start },
  ]);
  return {
    cancelUrl: `${base}/cancel?token=${cancel}`,
    rescheduleUrl: `${base}/reschedule?token=${reschedule}`,
  };
}
