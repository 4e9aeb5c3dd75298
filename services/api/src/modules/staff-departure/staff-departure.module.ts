import { Module } from '@nestjs/common';
import { BookingFlowsModule } from '../booking-flows/index.js';
import { AvailabilityModule } from '../availability/index.js';
import { BookingsModule } from '../bookings/index.js';
import { BusinessModule } from '../business/index.js';
import { StaffModule } from '../staff/index.js';
import { StaffDepartureController } from './controllers/staff-departure.controller.js';
import { StaffDepartureService } from './services/staff-departure.service.js';

/**
 * Removing a staff member, with their upcoming bookings reassigned or cancelled first. A module of
 * its own (no tables) because it needs the booking-flows module's cancellations, and that module
 * itself depends on the staff module.
 */
@Module({
  imports: [BusinessModule, StaffModule, BookingsModule, AvailabilityModule, BookingFlowsModule],
  controllers: [StaffDepartureController],
  providers: [StaffDepartureService],
})
export class StaffDepartureModule {}
