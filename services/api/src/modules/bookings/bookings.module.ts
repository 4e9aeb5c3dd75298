import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/index.js';
import { WebhookEventsModule } from '../webhooks/index.js';
import { AppointmentEntity } from './entities/appointment.entity.js';
import { BookedRanges } from './services/booked-ranges.service.js';
import { BookingTurns } from './services/booking-turns.js';
import { BookingWebhooks } from './services/booking-webhooks.service.js';
import { BookingWriter } from './services/booking-writer.service.js';
import { DiaryReads } from './services/diary-reads.service.js';

/**
 * The `appointments` table: what is booked, for availability and the appointment flows alike.
 * Its writer records each change's history and webhook events in the change's transaction.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AppointmentEntity]), ActivityModule, WebhookEventsModule],
  providers: [BookingWriter, BookingWebhooks, DiaryReads, BookedRanges, BookingTurns],
  exports: [BookingWriter, DiaryReads, BookedRanges, BookingTurns],
})
export class BookingsModule {}
