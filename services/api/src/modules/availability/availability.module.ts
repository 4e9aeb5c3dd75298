import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/index.js';
import { BookingsModule } from '../bookings/index.js';
import { BusinessModule } from '../business/index.js';
import { CatalogModule } from '../catalog/index.js';
import { StaffModule } from '../staff/index.js';
import { CustomerModule } from '../customer/index.js';
import { AvailabilityController } from './controllers/availability.controller.js';
import { ClosuresController } from './controllers/closures.controller.js';
import { StaffScheduleController } from './controllers/staff-schedule.controller.js';
import { WeeklyHoursController } from './controllers/weekly-hours.controller.js';
import { AvailabilityEntity } from './entities/availability.entity.js';
import { ClosureEntity } from './entities/closure.entity.js';
import { SpecialHoursEntity } from './entities/special-hours.entity.js';
import { TimeOffEntity } from './entities/time-off.entity.js';
import { AffectedBookingsService } from './services/affected-bookings.service.js';
import { AvailabilityService } from './services/availability.service.js';
import { PublicAvailabilityService } from './services/public-availability.service.js';
import { PublicHolidaysService } from './services/public-holidays.service.js';
import { ScheduleExceptionsService } from './services/schedule-exceptions.service.js';
import { WeeklyHoursService } from './services/weekly-hours.service.js';

/**
 * When things can be booked: weekly hours of the business and its staff (`availabilities`),
 * closures, special hours and time off, and the slot engine that turns them into times.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      AvailabilityEntity,
      ClosureEntity,
      SpecialHoursEntity,
      TimeOffEntity,
    ]),
    BusinessModule,
    CatalogModule,
    StaffModule,
    BookingsModule,
    ActivityModule,
    CustomerModule,
  ],
  controllers: [
    AvailabilityController,
    WeeklyHoursController,
    ClosuresController,
    StaffScheduleController,
  ],
  providers: [
    AvailabilityService,
    PublicAvailabilityService,
    WeeklyHoursService,
    ScheduleExceptionsService,
    PublicHolidaysService,
    AffectedBookingsService,
  ],
  exports: [
    AvailabilityService,
    WeeklyHoursService,
    AffectedBookingsService,
    ScheduleExceptionsService,
  ],
})
export class AvailabilityModule {}
