import { formatDate, formatTime, timeZoneAbbreviation } from '@slotwise/contracts';

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

/** The last instant `localWhen` wrote: a booking's messages name the same one four times. */
let lastWhen = { at: NaN, timeZone: '', text: '' };

/** '15 Jan 2027 at 9:00 AM AEDT' */
export function localWhen(facts: BookingFacts): string {
  const { start, timeZone } = facts;
  const at = start.getTime();
  if (lastWhen.at !== at || lastWhen.timeZone !== timeZone) {
    const text = `${formatDate(start, timeZone)} at ${formatTime(start, timeZone)} ${timeZoneAbbreviation(start, timeZone)}`;
    lastWhen = { at, timeZone, text };
  }
  return lastWhen.text;
}
