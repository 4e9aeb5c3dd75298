import { isApiError } from '@slotwise/api-client';
import {
  ErrorCode,
  isHeldByCap,
  type OutboxChannel,
  type OutboxStatus,
  type OwnerAppointment,
  MessageTexts,
  SETTLED_OUTBOX_STATUSES,
  type TestEmailRequest,
  type TestSmsRequest,
} from '@slotwise/contracts';

/**
 * The reminder email for an appointment, or why it cannot be sent ('Customer has no email
 * address'). A blank address counts as none.
 */
export function reminderEmail(
  a: OwnerAppointment,
): { body: TestEmailRequest; error: null } | { body: null; error: string } {
  const email = a.customer.email?.trim();
  if (!email) return { body: null, error: MessageTexts.customerHasNoEmail };
  return { body: { email, type: 'reminder', appointmentId: a.id }, error: null };
}

/** The reminder SMS, or why not: the table's row action and the dialog say it differently. */
export function reminderSms(
  a: OwnerAppointment,
  from: 'list' | 'dialog',
): { body: TestSmsRequest; error: null } | { body: null; error: string } {
  const phoneNumber = a.customer.phone?.trim();
  if (!phoneNumber) {
    return {
      body: null,
      error: from === 'list' ? MessageTexts.noPhoneFromList : MessageTexts.customerHasNoPhone,
    };
  }
  return { body: { phoneNumber, type: 'reminder', appointmentId: a.id }, error: null };
}

/**
 * Why a reminder makes no sense for this appointment (the API refuses it too): it is cancelled,
 * completed, or has already started. null when a reminder may be sent.
 */
export function reminderBlockedReason(a: OwnerAppointment, now = Date.now()): string | null {
  const status = a.status.toLowerCase();
  if (status === 'cancelled') return MessageTexts.reminderOfCancelled;
  if (status === 'completed' || new Date(a.date).getTime() <= now)
    return MessageTexts.reminderOfPast;
  return null;
}

export const hasEmail = (a: OwnerAppointment) => !!a.customer.email?.trim();
export const hasPhone = (a: OwnerAppointment) => !!a.customer.phone?.trim();

/**
 * The detail under a failed send's title: what the server said when it refused the request
 * (the hourly cap, an invalid number, a cancelled appointment), nothing for a fault of the server
 * or its payment provider, nor for an answer without the API's error code (a lost connection, a
 * proxy's error page), where the text would not help.
 */
export function sendFailureDetail(error: unknown): string | undefined {
  if (!isApiError(error) || !error.serverMessage) return undefined;
  switch (error.code) {
    case null:
    case ErrorCode.INTERNAL:
    case ErrorCode.PAYMENT_PROVIDER_ERROR:
    case ErrorCode.PAYMENTS_NOT_CONFIGURED:
      return undefined;
    default:
      return error.serverMessage;
  }
}

/** How often a screen asks where a message it sent is now, and for how long. */
export const POLL_MS = 1500;
export const FOLLOW_FOR_MS = 30_000;

/**
 * Held back by an hourly SMS cap (contracts' isHeldByCap): it goes out by itself once the hour
 * allows, so following it on screen for longer tells nothing new.
 */
export const isHeld = isHeldByCap;

/** Still on its way to the provider: written, queued, or being handed over. */
export const isUnsettled = (status: OutboxStatus) => !SETTLED_OUTBOX_STATUSES.includes(status);

/**
 * Whether a screen keeps asking: until the message settles, and for an SMS the provider took,
 * a little longer for Twilio's delivery report.
 */
export const keepFollowing = (channel: OutboxChannel, status: OutboxStatus) =>
  isUnsettled(status) || (channel === 'sms' && status === 'sent');

/** The whole explanation of a failed send for the Testing Tools pages. */
export function sendFailureMessage(error: unknown): string {
  return sendFailureDetail(error) ?? 'Something went wrong. Please try again.';
}
