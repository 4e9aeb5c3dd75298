import type { CalendarFeed, CalendarFeedList } from '../calendar-feeds.js';
import { route } from './route.js';

/** Calendar feeds (decision record 021): the owner's links, and the feed itself. */
export const calendarFeedsRoutes = {
  list: route<CalendarFeedList>()('GET', 'business/:id/calendar-feeds'),
  regenerate: route<CalendarFeed>()('POST', 'business/:id/calendar-feeds/:feedId/regenerate'),
  /** `:file` is `<token>.ics`; answers text/calendar. */
  feed: route<string>()('GET', 'calendar-feeds/:file'),
} as const;
