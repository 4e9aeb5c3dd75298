import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BookingsModule } from '../bookings/index.js';
import { BusinessModule } from '../business/index.js';
import { CatalogModule } from '../catalog/index.js';
import { StaffModule } from '../staff/index.js';
import { CalendarFeedsController } from './controllers/calendar-feeds.controller.js';
import { CalendarFeedEntity } from './entities/calendar-feed.entity.js';
import { CalendarFeedService } from './services/calendar-feed.service.js';

/** Secret iCalendar feeds of the business's and each staff member's bookings (`calendar_feeds`). */
@Module({
  imports: [
    TypeOrmModule.forFeature([CalendarFeedEntity]),
    BookingsModule,
    BusinessModule,
    CatalogModule,
    StaffModule,
  ],
  controllers: [CalendarFeedsController],
  providers: [CalendarFeedService],
  exports: [CalendarFeedService],
})
export class CalendarFeedsModule {}
