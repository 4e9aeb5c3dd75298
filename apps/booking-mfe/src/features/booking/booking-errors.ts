import { errorCode, isApiError } from '@slotwise/api-client';
import { ErrorCode, ErrorMessages } from '@slotwise/contracts';
import { type BookingFormValues, type DetailsErrors } from './wizard-store';

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

/** The form field each request field comes from (the name is sent split in two). */
const DETAILS_FIELD: Record<string, keyof BookingFormValues> = {
  firstName: 'name',
  lastName: 'name',
  phone: 'phone',
  email: 'email',
  notes: 'notes',
};

/**
 * The API's messages about the typed details (a 400's `issues`), by form field, first message per
 * field; null when the refusal is about nothing the customer typed.
 */
export function detailsErrors(error: unknown): DetailsErrors | null {
  if (!isApiError(error)) return null;
  const found: DetailsErrors = {};
  for (const issue of error.issues) {
    const field = DETAILS_FIELD[issue.path];
    if (field && !found[field]) found[field] = issue.message;
  }
  return Object.keys(found).length > 0 ? found : null;
}
