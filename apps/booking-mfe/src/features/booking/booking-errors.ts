import { errorCode, isApiError } from '@slotwise/api-client';
import { ErrorCode, ErrorMessages } from '@slotwise/contracts';

export const BOOKING_FAILED_TITLE = 'Failed to book appointment';
const DEFAULT_BOOKING_FAILURE = 'Please try again or contact support.';

/**
 * Why the server refused the chosen time, decided on the API's error code (one status carries
 * several meanings: a 409 is also a cancelled booking or a subscription conflict):
 * 'taken' when someone else booked it first, 'unavailable' when it is no longer offered (past the
 * minimum notice, outside the hours); null for any other failure. Either way the customer needs
 * fresh times to choose from.
 */
export function refusedTime(error: unknown): 'taken' | 'unavailable' | null {
  switch (errorCode(error)) {
    case ErrorCode.SLOT_TAKEN:
      return 'taken';
    case ErrorCode.SLOT_UNAVAILABLE:
      return 'unavailable';
    default:
      return null;
  }
}

/**
 * The text of a failed booking: the server's message when it sent one; for a taken slot 'This time
 * slot is already booked' by default; other answers 'Error {status}: {status text}'; no answer at
 * all (offline, aborted): 'Please try again or contact support.'
 */
export function bookingErrorMessage(error: unknown): string {
  if (!isApiError(error) || error.status === 0) return DEFAULT_BOOKING_FAILURE;
  if (error.serverMessage) return error.serverMessage;
  if (error.code === ErrorCode.SLOT_TAKEN) return ErrorMessages.slotTaken;
  return `Error ${error.status}: ${error.statusText}`.trim();
}
