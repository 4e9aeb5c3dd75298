import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/index.js';
import { AppointmentEntity } from './entities/appointment.entity.js';
import { BookedRanges } from './services/booked-ranges.service.js';
import { BookingTurns } from './services/booking-turns.js';
import { BookingWriter } from './services/booking-writer.service.js';
import { DiaryReads } from './services/diary-reads.service.js';

/** The `appointments` table: what is booked, for availability and the appointment flows alike. */
@Module({
  imports: [TypeOrmModule.forFeature([AppointmentEntity]), ActivityModule],
  providers: [BookingWriter, DiaryReads, BookedRanges, BookingTurns],
  exports: [BookingWriter, DiaryReads, BookedRanges, BookingTurns],
})
export class BookingsModule {}
