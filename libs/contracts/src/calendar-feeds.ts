import { z } from 'zod';

/**
 * Calendar feeds (decision record 021): a secret iCalendar URL per business and per staff member
 * that calendar apps subscribe to. The token in the URL is the only credential.
 */

/** Days of past bookings a feed keeps, and days ahead it shows. */
export const CALENDAR_FEED_DAYS_BACK = 30;
export const CALENDAR_FEED_DAYS_AHEAD = 180;
/** How often a feed asks calendar apps to come back (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const CALENDAR_FEED_REFRESH_MINUTES = 15;

export const CalendarFeedSchema = z.object({
  id: z.number().int().positive(),
  /** The whole business's bookings, or one staff member's. */
  kind: z.enum(['business', 'staff']),
  staffMemberId: z.number().int().positive().nullable(),
  /** What the feed is of: the business's or the staff member's name. */
  name: z.string(),
  /** The feed to paste into Google Calendar or Outlook ('From URL' / 'Subscribe from web'). */
  httpsUrl: z.string(),
  /** The same feed for Apple Calendar and others that open `webcal:` links. */
  webcalUrl: z.string(),
  /** When this URL was made (a regenerated feed has a new URL and time). ISO-8601 UTC. */
  createdAt: z.string(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

export const CalendarFeedListSchema = z.object({ feeds: z.array(CalendarFeedSchema) });
export type CalendarFeedList = z.infer<typeof CalendarFeedListSchema>;

export const CalendarFeedMessages = {
  notFound: 'Calendar feed not found',
} as const;
