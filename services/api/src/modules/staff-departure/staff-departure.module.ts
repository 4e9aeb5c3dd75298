import { Module } from '@nestjs/common';
import { AppointmentModule } from '../appointment/index.js';
import { AvailabilityModule } from '../availability/index.js';
import { BookingLedgerModule } from '../booking-ledger/index.js';
import { BusinessModule } from '../business/index.js';
import { StaffModule } from '../staff/index.js';
import { StaffDepartureController } from './controllers/staff-departure.controller.js';
import { StaffDepartureService } from './services/staff-departure.service.js';

/**
 * Removing a staff member, with their upcoming bookings reassigned or cancelled first. A module of
 * its own (no tables) because it needs the appointment module's cancellations, and the appointment
 * module itself depends on the staff module.
 */
@Module({
  imports: [
    BusinessModule,
    StaffModule,
    BookingLedgerModule,
    AvailabilityModule,
    AppointmentModule,
  ],
  controllers: [StaffDepartureController],
  providers: [StaffDepartureService],
})
export class StaffDepartureModule {}
