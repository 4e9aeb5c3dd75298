import { CONFIRMATION_REQUEST_ASK } from '@slotwise/contracts';
import type { OutboxMessageInput } from '../../outbox/index.js';
import { type BookingFacts, type CustomerLinks, localWhen } from './appointment-links.js';
import { calendarAttachment } from './calendar-invite.js';

/**
 * Every message about an appointment, to its customer or its owner, in one place so their wording
 * stays consistent. Each carries its business (SMS caps per business) and its appointment (a
 * reminder is withdrawn or moved with it). Times are the business's local time with AEST/AEDT.
 */
export interface AppointmentFacts extends BookingFacts {
  businessId: number;
  appointmentId: number;
}

/** What every message about an appointment names, read off its rows. */
export function appointmentFacts(
  appointment: { id: number; startsAt: Date },
  business: { id: number; name: string; timeZone: string },
  service: { name: string },
): AppointmentFacts {
  return {
    serviceName: service.name,
    businessName: business.name,
    timeZone: business.timeZone,
    start: appointment.startsAt,
    businessId: business.id,
    appointmentId: appointment.id,
  };
}

/** Outbox `kind` of each message, as the development mailbox and the worker see them. */
export const AppointmentMessageKind = {
  bookingConfirmation: 'booking-confirmation',
  /** The same confirmation by email, with a calendar invite, when the customer gave an address. */
  bookingConfirmationEmail: 'booking-confirmation-email',
  rescheduleConfirmation: 'reschedule-confirmation',
  /** The automatic reminder (Professional plan), due the day before at the same local time. */
  reminder: 'reminder',
  /** An owner's manual reminder from the dashboard (POST /api/test-email, /api/test-sms). */
  manualReminder: 'manual-reminder',
  /** The request to reply Y or N, the business's chosen hours before (decision record 020). */
  confirmationRequest: 'confirmation-request',
  cancellationConfirmation: 'cancellation-confirmation',
  cancelledByBusiness: 'cancelled-by-business',
  confirmedByBusiness: 'confirmed-by-business',
  ownerNewBooking: 'owner-new-booking',
  ownerCustomerCancelled: 'owner-customer-cancelled',
  ownerCustomerRescheduled: 'owner-customer-rescheduled',
} as const;
export type AppointmentMessageKind =
  (typeof AppointmentMessageKind)[keyof typeof AppointmentMessageKind];

const about = (facts: AppointmentFacts) => ({
  businessId: facts.businessId,
  appointmentId: facts.appointmentId,
});

/** Email subjects are header lines: names typed by people must not break them. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');

const linkLines = (links: CustomerLinks) =>
  `Cancel: ${links.cancelUrl}\nReschedule: ${links.rescheduleUrl}`;

/** An SMS to the customer about this appointment (every customer message has the same envelope). */
const customerSms = (
  kind: AppointmentMessageKind,
  phone: string,
  facts: AppointmentFacts,
  body: string,
  notBefore?: Date,
): OutboxMessageInput => ({
  channel: 'sms',
  to: phone,
  subject: null,
  kind,
  ...about(facts),
  ...(notBefore ? { notBefore } : {}),
  body,
});

export function bookingConfirmationSms(
  phone: string,
  facts: AppointmentFacts,
  links: CustomerLinks,
): OutboxMessageInput {
  return customerSms(
    AppointmentMessageKind.bookingConfirmation,
    phone,
    facts,
    `Your ${facts.serviceName} at ${facts.businessName} is booked for ${localWhen(facts)}.\n` +
      linkLines(links),
  );
}

/** What the booking confirmation email adds to the facts: the end, the place, the invite's time. */
export interface BookingEmailFacts extends AppointmentFacts {
  customerName: string;
  end: Date;
  address: string | null;
  /** When the invite is made (its DTSTAMP). */
  stamp: Date;
}

/**
 * The booking confirmation by email, with the appointment as a calendar invite (UTC times, the
 * business's address as its place, the customer's links in its description).
 */
export function bookingConfirmationEmail(
  email: string,
  facts: BookingEmailFacts,
  links: CustomerLinks,
): OutboxMessageInput {
  const what = `${facts.serviceName} at ${facts.businessName}`;
  return {
    channel: 'email',
    to: email,
    subject: oneLine(`Booking confirmed: ${what}`),
    kind: AppointmentMessageKind.bookingConfirmationEmail,
    ...about(facts),
    body: [
      `Hi ${facts.customerName},`,
      '',
      `Your ${what} is booked for ${localWhen(facts)}.`,
      ...(facts.address ? [`Where: ${facts.address}`] : []),
      '',
      `Can't make it? Cancel: ${links.cancelUrl}`,
      `Need another time? Reschedule: ${links.rescheduleUrl}`,
      '',
      'Open the attached invite to add it to your calendar.',
    ].join('\n'),
    attachments: [
      calendarAttachment({
        // One id per appointment and site, so calendars treat every invite for it as one event.
        uid: `appointment-${facts.appointmentId}@${new URL(links.cancelUrl).hostname}`,
        stamp: facts.stamp,
        start: facts.start,
        end: facts.end,
        summary: what,
        location: facts.address,
        description: linkLines(links),
      }),
    ],
  };
}

export function rescheduleConfirmationSms(
  phone: string,
  facts: AppointmentFacts,
  links: CustomerLinks,
): OutboxMessageInput {
  return customerSms(
    AppointmentMessageKind.rescheduleConfirmation,
    phone,
    facts,
    `Your ${facts.serviceName} at ${facts.businessName} has been moved to ${localWhen(facts)}.\n` +
      linkLines(links),
  );
}

/**
 * The automatic reminder, held in the outbox until `notBefore` (one calendar day before, same
 * local time: see reminderInstant), so "tomorrow" is always true when it goes out.
 */
export function reminderSms(
  phone: string,
  facts: AppointmentFacts,
  links: CustomerLinks,
  notBefore: Date,
): OutboxMessageInput {
  return customerSms(
    AppointmentMessageKind.reminder,
    phone,
    facts,
    `Reminder: your ${facts.serviceName} at ${facts.businessName} is tomorrow, ` +
      `${localWhen(facts)}.\n${linkLines(links)}`,
    notBefore,
  );
}

/**
 * The request to confirm, held in the outbox until `notBefore`. It goes to the number in E.164,
 * the form Twilio gives the reply's sender in, so the reply finds it (see SmsReplyService).
 */
export function confirmationRequestSms(
  e164: string,
  facts: AppointmentFacts,
  notBefore: Date,
): OutboxMessageInput {
  return customerSms(
    AppointmentMessageKind.confirmationRequest,
    e164,
    facts,
    `${facts.businessName}: your ${facts.serviceName} is on ${localWhen(facts)}. ` +
      CONFIRMATION_REQUEST_ASK,
    notBefore,
  );
}

/** An owner's manual reminder by SMS; sent now, so it names the date instead of "tomorrow". */
export function manualReminderSms(
  phone: string,
  facts: AppointmentFacts,
  links: CustomerLinks,
): OutboxMessageInput {
  return customerSms(
    AppointmentMessageKind.manualReminder,
    phone,
    facts,
    `Reminder: your ${facts.serviceName} at ${facts.businessName} is on ${localWhen(facts)}.\n` +
      linkLines(links),
  );
}

/** An owner's manual reminder by email. */
export function manualReminderEmail(
  email: string,
  customerName: string,
  facts: AppointmentFacts,
  links: CustomerLinks,
): OutboxMessageInput {
  return {
    channel: 'email',
    to: email,
    subject: oneLine(`Reminder: ${facts.serviceName} at ${facts.businessName}`),
    kind: AppointmentMessageKind.manualReminder,
    ...about(facts),
    body: [
      `Hi ${customerName},`,
      '',
      `This is a reminder of your ${facts.serviceName} at ${facts.businessName} on ${localWhen(facts)}.`,
      '',
      `Can't make it? Cancel: ${links.cancelUrl}`,
      `Need another time? Reschedule: ${links.rescheduleUrl}`,
    ].join('\n'),
  };
}

/** To the customer who cancelled with their link. */
export function cancellationConfirmationSms(
  phone: string,
  facts: AppointmentFacts,
  bookAgainUrl: string,
): OutboxMessageInput {
  return customerSms(
    AppointmentMessageKind.cancellationConfirmation,
    phone,
    facts,
    `Your ${facts.serviceName} at ${facts.businessName} on ${localWhen(facts)} is cancelled.\n` +
      `Book again: ${bookAgainUrl}`,
  );
}

/** To the customer when the owner cancels (dashboard Cancel, DELETE, or PATCH to cancelled). */
export function cancelledByBusinessSms(
  phone: string,
  facts: AppointmentFacts,
  businessPhone: string | null,
  bookAgainUrl: string,
): OutboxMessageInput {
  return customerSms(
    AppointmentMessageKind.cancelledByBusiness,
    phone,
    facts,
    `${facts.businessName} has cancelled your ${facts.serviceName} on ${localWhen(facts)}.\n` +
      (businessPhone ? `Questions? Call ${businessPhone}. ` : '') +
      `Book again: ${bookAgainUrl}`,
  );
}

/** To the customer when the owner confirms (only when the customer wants SMS). */
export function confirmedByBusinessSms(phone: string, facts: AppointmentFacts): OutboxMessageInput {
  return customerSms(
    AppointmentMessageKind.confirmedByBusiness,
    phone,
    facts,
    `${facts.businessName} has confirmed your ${facts.serviceName} on ${localWhen(facts)}.`,
  );
}

export interface OwnerBookingFacts extends AppointmentFacts {
  customerName: string;
  customerPhone: string;
  staffName: string | null;
  notes: string | null;
}

const ownerDetails = (facts: OwnerBookingFacts) => [
  `Service: ${facts.serviceName}`,
  `When: ${localWhen(facts)}`,
  ...(facts.staffName ? [`Staff: ${facts.staffName}`] : []),
  `Customer: ${facts.customerName}`,
  `Phone: ${facts.customerPhone}`,
  ...(facts.notes ? [`Notes: ${facts.notes}`] : []),
];

/** The owner's 'new booking' email (every plan). Names and service stay on one subject line. */
export function ownerNewBookingEmail(to: string, facts: OwnerBookingFacts): OutboxMessageInput {
  return {
    channel: 'email',
    to,
    subject: oneLine(`New booking: ${facts.serviceName} on ${localWhen(facts)}`),
    kind: AppointmentMessageKind.ownerNewBooking,
    ...about(facts),
    body: [`You have a new booking (#${facts.appointmentId}).`, '', ...ownerDetails(facts)].join(
      '\n',
    ),
  };
}

/** The owner's email when a customer cancels with their link (every plan). */
export function ownerCustomerCancelledEmail(
  to: string,
  facts: OwnerBookingFacts,
): OutboxMessageInput {
  return {
    channel: 'email',
    to,
    subject: oneLine(`Cancelled: ${facts.serviceName} on ${localWhen(facts)}`),
    kind: AppointmentMessageKind.ownerCustomerCancelled,
    ...about(facts),
    body: [
      `${facts.customerName} cancelled their booking (#${facts.appointmentId}). The time is free again.`,
      '',
      ...ownerDetails(facts),
    ].join('\n'),
  };
}

/** The owner's email when a customer moves their booking with their link (every plan). */
export function ownerCustomerRescheduledEmail(
  to: string,
  facts: OwnerBookingFacts,
  previousStart: Date,
): OutboxMessageInput {
  const before = localWhen({ ...facts, start: previousStart });
  return {
    channel: 'email',
    to,
    subject: oneLine(`Rescheduled: ${facts.serviceName} moved to ${localWhen(facts)}`),
    kind: AppointmentMessageKind.ownerCustomerRescheduled,
    ...about(facts),
    body: [
      `${facts.customerName} moved their booking (#${facts.appointmentId}) from ${before} to ${localWhen(facts)}.`,
      '',
      ...ownerDetails(facts),
    ].join('\n'),
  };
}
