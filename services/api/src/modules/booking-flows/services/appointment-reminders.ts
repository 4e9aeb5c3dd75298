import type { EntityManager } from 'typeorm';
import { Temporal } from 'temporal-polyfill';
import { PLANS, isAustralianMobile } from '@slotwise/contracts';
import { toDate } from '../../../core/clock/clock.js';
import type { BusinessEntity } from '../../business/index.js';
import type { CustomerEntity } from '../../customer/index.js';
import { type OutboxMessageInput, type OutboxService, toE164 } from '../../outbox/index.js';
import type { CustomerLinks } from './appointment-links.js';
import {
  type AppointmentFacts,
  AppointmentMessageKind,
  confirmationRequestSms,
  reminderSms,
} from './appointment-messages.js';

/**
 * When the reminder of an appointment goes out: the same local wall-clock
 * time one calendar day earlier, in the business's zone. "24 hours before, daylight saving
 * included" means that to a customer: a 10:00 AM Sunday appointment is reminded at 10:00 AM on
 * Saturday even when the clocks change overnight (then 23 or 25 real hours apart), never at 9:00
 * or 11:00. When that local time does not exist (the spring-forward gap) Temporal's 'compatible'
 * disambiguation moves it forward by the gap; when it happens twice (fall-back) it takes the
 * earlier one.
 */
export function reminderInstant(start: Date, timeZone: string): Date {
  const local = Temporal.Instant.fromEpochMilliseconds(start.getTime()).toZonedDateTimeISO(
    timeZone,
  );
  return toDate(local.subtract({ days: 1 }));
}

/** Whether the business's plan includes SMS reminders (Professional does, Free does not). */
export function remindersIncluded(business: Pick<BusinessEntity, 'subscriptionPlan'>): boolean {
  return PLANS[business.subscriptionPlan]?.smsReminders ?? false;
}

/**
 * When an appointment's reminder is to go out, or null when it gets none: the plan has no
 * reminders, the customer has no Australian mobile or turned SMS off (the confirmation still goes: it carries
 * their links), or its time has already passed (a booking made less than a day ahead gets only
 * its confirmation).
 */
export function reminderDue(
  business: Pick<BusinessEntity, 'subscriptionPlan'>,
  customer: Pick<CustomerEntity, 'phone' | 'notifySms'>,
  facts: AppointmentFacts,
  now: Temporal.Instant,
): Date | null {
  if (!isAustralianMobile(customer.phone) || !customer.notifySms || !remindersIncluded(business)) {
    return null;
  }
  const at = reminderInstant(facts.start, facts.timeZone);
  return at.getTime() > now.epochMilliseconds ? at : null;
}

/** The reminder to write for an appointment, or null when none is due (see reminderDue). */
export function reminderFor(
  business: Pick<BusinessEntity, 'subscriptionPlan'>,
  customer: Pick<CustomerEntity, 'phone' | 'notifySms'>,
  facts: AppointmentFacts,
  links: CustomerLinks,
  now: Temporal.Instant,
): OutboxMessageInput | null {
  const at = reminderDue(business, customer, facts, now);
  return at ? reminderSms(customer.phone, facts, links, at) : null;
}

/**
 * When the request to confirm goes: `hours` before the start, whole days counted on the business's
 * calendar (48 hours before 10:00 AM is 10:00 AM two days earlier, daylight saving or not, as with
 * the reminder), the rest in real hours.
 */
export function confirmationRequestInstant(start: Date, timeZone: string, hours: number): Date {
  const local = Temporal.Instant.fromEpochMilliseconds(start.getTime()).toZonedDateTimeISO(
    timeZone,
  );
  return toDate(local.subtract({ days: Math.floor(hours / 24), hours: hours % 24 }));
}

/**
 * The request to reply Y or N (decision record 020), or null when none is due: the business
 * turned it off, its plan has no automatic texts, the customer has no Australian mobile or turned
 * SMS off, or its time has passed (a booking made inside the window was just made by the customer
 * and gets no request).
 */
export function confirmationRequestFor(
  business: Pick<BusinessEntity, 'subscriptionPlan' | 'confirmationRequestHours'>,
  customer: Pick<CustomerEntity, 'phone' | 'notifySms'>,
  facts: AppointmentFacts,
  now: Temporal.Instant,
): OutboxMessageInput | null {
  const hours = business.confirmationRequestHours;
  if (!hours || !customer.notifySms || !remindersIncluded(business)) return null;
  const e164 = isAustralianMobile(customer.phone) ? toE164(customer.phone) : null;
  if (!e164) return null;
  const at = confirmationRequestInstant(facts.start, facts.timeZone, hours);
  return at.getTime() > now.epochMilliseconds ? confirmationRequestSms(e164, facts, at) : null;
}

/**
 * Withdraws the appointment's automatic messages that have not gone out (the reminder and the
 * request to confirm), through `em`.
 */
export async function withdrawReminders(
  outbox: OutboxService,
  em: EntityManager,
  appointmentId: number,
  reason: string,
): Promise<void> {
  for (const kind of [
    AppointmentMessageKind.reminder,
    AppointmentMessageKind.confirmationRequest,
  ]) {
    await outbox.withdraw(em, { kind, appointmentId }, reason);
  }
}
