import type { ActivityPage, ActivityQueryInput } from '../activity.js';
import { route } from './route.js';

export const activityRoutes = {
  list: route<ActivityPage, undefined, ActivityQueryInput>()('GET', 'business/:id/activity'),
  /** text/event-stream: read with fetch (Authorization header), not EventSource. */
  events: route<string>()('GET', 'business/:id/events'),
} as const;
