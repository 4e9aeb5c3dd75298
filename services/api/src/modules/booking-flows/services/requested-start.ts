import { ErrorCode, ErrorMessages } from '@slotwise/contracts';
import { Temporal } from 'temporal-polyfill';
import { DomainException } from '../../../core/exceptions/domain.exception.js';

/** The form `Date#toISOString` writes, which the booking page sends back. */
const WIRE_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/**
 * The instant a booking's `date` names, as Temporal reads it, or null when it names none. The
 * wire form is read without the polyfill (a tenth of its cost) by Date.parse; a day or an hour
 * that does not exist, which Date.parse would roll over, is left to Temporal, which refuses it.
 */
export function requestedStart(date: string): Temporal.Instant | null {
  if (WIRE_INSTANT.test(date)) {
    const ms = Date.parse(date);
    if (!Number.isNaN(ms) && new Date(ms).toISOString().startsWith(date.slice(0, 19))) {
      return Temporal.Instant.fromEpochMilliseconds(ms);
    }
  }
  try {
    return Temporal.Instant.from(date);
  } catch {
    return null;
  }
}

/** The answer to a requested time that is not one of the bookable slots. */
export const slotUnavailable = () =>
  new DomainException(ErrorCode.SLOT_UNAVAILABLE, ErrorMessages.slotUnavailable);
