import { ActivityPageSchema, ActivityQuerySchema } from '../activity.js';
import { ErrorCode } from '../error-codes.js';
import { defineRoutes, ownerRoute } from './route-spec.js';
import { activityRoutes } from './activity.routes.js';

export const activitySpecs = defineRoutes(activityRoutes, {
  tag: {
    name: 'Activity',
    description: 'Who changed what in the business, and the live diary’s event stream.',
  },
  routes: {
    list: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      'Changes to bookings, hours, services and staff, newest first, with who made them',
      ActivityPageSchema,
      { request: { query: ActivityQuerySchema } },
    ),
    events: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      "The diary's live events (text/event-stream): each booking created, moved, cancelled or changed by anyone. Send Last-Event-ID to receive what was missed; a comment line every 15 s keeps proxies from closing it",
      null,
      {
        request: {
          headers: { 'Last-Event-ID': 'The id of the last event received (catch-up on reconnect)' },
        },
      },
    ),
  },
});
