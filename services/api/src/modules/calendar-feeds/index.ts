// What other modules may use of the calendar-feeds module (`calendar_feeds`).
export { CalendarFeedsModule } from './calendar-feeds.module.js';
export { CalendarFeedEntity } from './entities/calendar-feed.entity.js';
export { CalendarFeedService } from './services/calendar-feed.service.js';
