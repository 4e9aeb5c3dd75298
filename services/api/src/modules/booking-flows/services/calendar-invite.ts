import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { OutboxAttachment } from '../../outbox/index.js';

/** One appointment as a calendar event. Instants are written in UTC, so no zone data is needed. */
export interface CalendarEvent {
  /** Stable for the appointment, so a later invite for it updates the same calendar entry. */
  uid: string;
  /** When the invite was made. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location: string | null;
  description: string;
}

/**
 * An iCalendar file (RFC 5545) holding one event, ready to attach to an email. `ical-generator`
 * escapes the text values and folds long lines; the times are written in UTC.
 */
export function calendarInvite(event: CalendarEvent): string {
  const calendar = ical({
    prodId: { company: 'Slotwise', product: 'Bookings', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: event.uid,
    stamp: event.stamp,
    start: event.start,
    end: event.end,
    summary: event.summary,
    location: event.location,
    description: event.description,
    status: ICalEventStatus.CONFIRMED,
  });
  // Every content line ends with CRLF (RFC 5545 3.1), the last one too.
  return `${calendar.toString()}\r\n`;
}

/** The invite as an email attachment. */
export function calendarAttachment(event: CalendarEvent): OutboxAttachment {
  return {
    filename: 'appointment.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: calendarInvite(event),
  };
}
