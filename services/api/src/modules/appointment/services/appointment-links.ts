import type { EntityManager } from 'typeorm';
import { formatDate, formatTime, timeZoneAbbreviation } from '@slotwise/contracts';
import { randomToken, sha256Hex } from '../../auth/services/secure-token.js';
import { DEFAULT_PUBLIC_URL } from '../../auth/services/auth-emails.js';
import type { OutboxMessageInput } from '../../outbox/services/outbox.service.js';
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

export function bookingConfirmationSms(
  phone: string,
  facts: BookingFacts,
  links: CustomerLinks,
): OutboxMessageInput {
  return {
    channel: 'sms',
    to: phone,
    subject: null,
    kind: 'booking-confirmation',
    body:
      `Your ${facts.serviceName} at ${facts.businessName} is booked for ${localWhen(facts)}.\n` +
      `Cancel: ${links.cancelUrl}\nReschedule: ${links.rescheduleUrl}`,
  };
}

export function rescheduleConfirmationSms(
  phone: string,
  facts: BookingFacts,
  links: CustomerLinks,
): OutboxMessageInput {
  return {
    channel: 'sms',
    to: phone,
    subject: null,
    kind: 'reschedule-confirmation',
    body:
      `Your ${facts.serviceName} at ${facts.businessName} has been moved to ${localWhen(facts)}.\n` +
      `Cancel: ${links.cancelUrl}\nReschedule: ${links.rescheduleUrl}`,
  };
}

export interface OwnerBookingFacts extends BookingFacts {
  customerName: string;
  customerPhone: string;
  staffName: string | null;
  notes: string | null;
  appointmentId: number;
}

/** The owner's 'new booking' email (every plan). Names and service stay on one subject line. */
export function ownerNewBookingEmail(to: string, facts: OwnerBookingFacts): OutboxMessageInput {
  const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');
  const lines = [
    `You have a new booking (#${facts.appointmentId}).`,
    '',
    `Service: ${facts.serviceName}`,
    `When: ${localWhen(facts)}`,
    ...(facts.staffName ? [`Staff: ${facts.staffName}`] : []),
    `Customer: ${facts.customerName}`,
    `Phone: ${facts.customerPhone}`,
    ...(facts.notes ? [`Notes: ${facts.notes}`] : []),
  ];
  return {
    channel: 'email',
    to,
    subject: oneLine(`New booking: ${facts.serviceName} on ${localWhen(facts)}`),
    kind: 'owner-new-booking',
    body: lines.join('\n'),
  };
}
