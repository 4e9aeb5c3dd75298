import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BusinessModule } from '../business/business.module.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { StaffModule } from '../staff/staff.module.js';
import { AvailabilityController } from './controllers/availability.controller.js';
import { WeeklyHoursController } from './controllers/weekly-hours.controller.js';
import { AvailabilityEntity } from './entities/availability.entity.js';
import { AvailabilityService } from './services/availability.service.js';
import { WeeklyHoursService } from './services/weekly-hours.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([AvailabilityEntity]),
    BusinessModule,
    CatalogModule,
    StaffModule,
  ],
  controllers: [AvailabilityController, WeeklyHoursController],
  providers: [AvailabilityService, WeeklyHoursService],
  exports: [AvailabilityService],
})
export class AvailabilityModule {}
