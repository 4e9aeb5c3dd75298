import { z } from 'zod';

// Decision 38: every date a request carries is a real calendar date between these two, both
// included; anything else is refused as bad input (never rolled over, never a 500 further down).
export const EARLIEST_DATE = '2000-01-01';
export const LATEST_DATE = '2100-12-31';
export const DATE_RANGE_TEXT = `a real calendar date between ${EARLIEST_DATE} and ${LATEST_DATE}`;
export const DATE_RANGE_MESSAGE = `Date must be ${DATE_RANGE_TEXT}`;

/** The years 2000 to 2100, at the start of a date or a month. */
const YEAR_IN_RANGE = /^(?:20\d\d|2100)-/;

const message = (label: string) => (iss: { input?: unknown }) =>
  iss.input === undefined ? `${label} is required` : DATE_RANGE_MESSAGE;

/**
 * A calendar date, 'YYYY-MM-DD': a real one (no 30 February) between EARLIEST_DATE and
 * LATEST_DATE. `label` names it in the message for a missing value.
 */
export const calendarDateSchema = (label = 'Date') =>
  z.iso
    .date({ error: message(label) })
    .max(10, { error: DATE_RANGE_MESSAGE })
    .regex(YEAR_IN_RANGE, { error: DATE_RANGE_MESSAGE })
    .meta({ format: 'date' });

/** A calendar month, 'YYYY-MM', between EARLIEST_DATE's and LATEST_DATE's. */
export const calendarMonthSchema = (label = 'month') =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-(?:0[1-9]|1[0-2])$/, `${label} must be YYYY-MM`)
    .regex(YEAR_IN_RANGE, { error: `${label} must be a month between 2000-01 and 2100-12` });

/**
 * An instant, ISO 8601 with its offset ('2027-01-05T23:00:00Z', '…+10:00'), whose date is a real
 * one between EARLIEST_DATE and LATEST_DATE.
 */
export const instantSchema = (label = 'date') =>
  z.iso
    .datetime({
      offset: true,
      error: (iss) =>
        iss.input === undefined
          ? `${label} is required`
          : `${label} must be an ISO-8601 date and time on ${DATE_RANGE_TEXT}`,
    })
    .regex(YEAR_IN_RANGE, {
      error: `${label} must be an ISO-8601 date and time on ${DATE_RANGE_TEXT}`,
    });
