import { ErrorMessages } from '@slotwise/contracts';
import { isApiError } from '@slotwise/ui';

export const BOOKING_FAILED_TITLE = 'Failed to book appointment';
const DEFAULT_BOOKING_FAILURE = 'Please try again or contact support.';

/** True when the server refused the booking because the slot is taken (decision 6). */
export function isSlotConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

/**
 * Spec section 8: the server's message when it sent one; on 409 'This time slot is already booked'
 * by default; other HTTP failures 'Error {status}: {status text}'; no response at all (network):
 * 'Please try again or contact support.'
 */
export function bookingErrorMessage(error: unknown): string {
  if (!isApiError(error)) return DEFAULT_BOOKING_FAILURE;
  if (error.serverMessage) return error.serverMessage;
  if (error.status === 409) return ErrorMessages.slotTaken;
  return `Error ${error.status}: ${error.statusText}`.trim();
}
