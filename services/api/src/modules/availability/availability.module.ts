import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BookingLedgerModule } from '../booking-ledger/index.js';
import { BusinessModule } from '../business/index.js';
import { CatalogModule } from '../catalog/index.js';
import { StaffModule } from '../staff/index.js';
import { AvailabilityController } from './controllers/availability.controller.js';
import { WeeklyHoursController } from './controllers/weekly-hours.controller.js';
import { AvailabilityEntity } from './entities/availability.entity.js';
import { AvailabilityService } from './services/availability.service.js';
import { WeeklyHoursService } from './services/weekly-hours.service.js';

/** The `availabilities` table (weekly hours) and the slot engine that turns them into times. */
@Module({
  imports: [
    TypeOrmModule.forFeature([AvailabilityEntity]),
    BusinessModule,
    CatalogModule,
    StaffModule,
    BookingLedgerModule,
  ],
  controllers: [AvailabilityController, WeeklyHoursController],
  providers: [AvailabilityService, WeeklyHoursService],
  exports: [AvailabilityService, WeeklyHoursService],
})
export class AvailabilityModule {}
