import { CalendarFeedListSchema, CalendarFeedSchema } from '../calendar-feeds.js';
import { ErrorCode } from '../error-codes.js';
import { calendarFeedsRoutes } from './calendar-feeds.routes.js';
import { defineRoutes, ownerRoute } from './route-spec.js';

export const calendarFeedsSpecs = defineRoutes(calendarFeedsRoutes, {
  tag: {
    name: 'Calendar feeds',
    description:
      "Secret iCalendar feeds of the business's and each staff member's bookings, for calendar apps.",
  },
  routes: {
    list: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      "The business's and each staff member's feed URLs",
      CalendarFeedListSchema,
      { description: 'Each feed is made on first use; its URL stays until it is regenerated.' },
    ),
    regenerate: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND, ErrorCode.NOT_FOUND],
      'A new secret URL for a feed',
      CalendarFeedSchema,
      {
        status: 200,
        description:
          'The old URL stops working at once (404); calendars subscribed to it stop updating.',
      },
    ),
    feed: {
      summary: 'A calendar feed (iCalendar)',
      description:
        'text/calendar: bookings from 30 days back to 180 days ahead in the business time zone ' +
        '(with its VTIMEZONE), one stable UID per booking, SEQUENCE raised on every move, cancelled ' +
        'bookings left out. Sends an ETag and answers 304 to a matching If-None-Match. Served from a ' +
        'copy rebuilt after changes, so it can lag a change by a few seconds. An unknown or ' +
        'regenerated token is 404.',
      status: 200,
      errors: [ErrorCode.NOT_FOUND],
      response: null,
      request: {
        headers: { 'if-none-match': 'The ETag of the copy the calendar app already has' },
      },
    },
  },
});
