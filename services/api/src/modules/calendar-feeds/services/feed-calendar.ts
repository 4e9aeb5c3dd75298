import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { Temporal } from 'temporal-polyfill';
import { CALENDAR_FEED_REFRESH_MINUTES } from '@slotwise/contracts';
import { vtimezone } from './vtimezone.js';

/** One booking as a feed shows it. */
export interface FeedEvent {
  /** Stable for the booking: `appointment-<id>@<host>`, as its email invite's. */
  uid: string;
  /** Raised by the database on every move (appointments.ical_sequence). */
  sequence: number;
  /** The booking's last change: DTSTAMP, so an unchanged booking writes the same lines. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string | null;
  tentative: boolean;
}

export interface FeedContent {
  name: string;
  timeZone: string;
  /** The window the feed covers (its VTIMEZONE covers it too). */
  from: Date;
  to: Date;
  events: readonly FeedEvent[];
}

/**
 * A feed's iCalendar text. Each event carries the business's zone and its start and end as zoned
 * times (a bare Date would be written as if it were local time), with the zone's VTIMEZONE, which
 * ical-generator needs a generator for: ours (vtimezone.ts), put before the first event.
 */
export function feedCalendar(content: FeedContent): string {
  const calendar = ical({
    name: content.name,
    prodId: { company: 'Slotwise', product: 'Calendar feed', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: CALENDAR_FEED_REFRESH_MINUTES * 60,
  });
  calendar.x([{ key: 'X-WR-TIMEZONE', value: content.timeZone }]);
  const zoned = (d: Date) =>
    Temporal.Instant.fromEpochMilliseconds(d.getTime()).toZonedDateTimeISO(content.timeZone);
  for (const e of content.events) {
    calendar.createEvent({
      id: e.uid,
      sequence: e.sequence,
      stamp: e.stamp,
      start: zoned(e.start),
      end: zoned(e.end),
      timezone: content.timeZone,
      summary: e.summary,
      description: e.description,
      location: e.location,
      status: e.tentative ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
  const text = calendar.toString();
  const zone = vtimezone(content.timeZone, content.from, content.to);
  const at = text.indexOf('BEGIN:VEVENT');
  const cut = at >= 0 ? at : text.lastIndexOf('END:VCALENDAR');
  // Every content line ends with CRLF (RFC 5545 3.1), the last one too.
  return `${text.slice(0, cut)}${zone}\r\n${text.slice(cut)}\r\n`;
}
