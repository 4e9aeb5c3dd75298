import type { EntityManager } from 'typeorm';
import { formatDate, formatTime, timeZoneAbbreviation } from '@slotwise/contracts';
import { randomToken, sha256Hex } from '../../../core/crypto/secure-token.js';
import { publicLink } from '../../../core/http/public-url.js';
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
  return publicLink(publicUrl, `/book/${encodeURIComponent(slug)}`);
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
  const cancel = randomToken();
  const reschedule = randomToken();
  await em.insert(AppointmentTokenEntity, [
    { appointmentId, purpose: 'cancel', tokenHash: sha256Hex(cancel), expiresAt: start },
    { appointmentId, purpose: 'reschedule', tokenHash: sha256Hex(reschedule), expiresAt: start },
  ]);
  return {
    cancelUrl: publicLink(publicUrl, `/cancel?token=${cancel}`),
    rescheduleUrl: publicLink(publicUrl, `/reschedule?token=${reschedule}`),
  };
}
