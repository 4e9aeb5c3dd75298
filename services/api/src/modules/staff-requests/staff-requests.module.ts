import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/index.js';
import { AvailabilityModule } from '../availability/index.js';
import { BusinessModule } from '../business/index.js';
import { OutboxModule } from '../outbox/index.js';
import { StaffModule } from '../staff/index.js';
import { StaffRequestsController } from './controllers/staff-requests.controller.js';
import { StaffRequestEntity } from './entities/staff-request.entity.js';
import { StaffRequestsService } from './services/staff-requests.service.js';

/**
 * The `staff_requests` table: staff members' own hours and time off, asked for and approved or
 * declined by an owner or manager (issue 25). Applies approved changes through the availability
 * module's services.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([StaffRequestEntity]),
    ActivityModule,
    AvailabilityModule,
    BusinessModule,
    OutboxModule,
    StaffModule,
  ],
  controllers: [StaffRequestsController],
  providers: [StaffRequestsService],
})
export class StaffRequestsModule {}
