import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppointmentEntity } from './entities/appointment.entity.js';
import { BookingLedgerService } from './services/booking-ledger.service.js';
import { BookingTurns } from './services/booking-turns.js';

/** The `appointments` table: what is booked, for availability and the appointment flows alike. */
@Module({
  imports: [TypeOrmModule.forFeature([AppointmentEntity])],
  providers: [BookingLedgerService, BookingTurns],
  exports: [BookingLedgerService, BookingTurns],
})
export class BookingLedgerModule {}
