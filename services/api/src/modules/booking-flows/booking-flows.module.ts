import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/index.js';
import { RateLimitModule } from '../../core/throttling/throttling.module.js';
import { AvailabilityModule } from '../availability/index.js';
import { BookingsModule } from '../bookings/index.js';
import { BusinessModule } from '../business/index.js';
import { CatalogModule } from '../catalog/index.js';
import { CustomerModule } from '../customer/index.js';
import { OutboxModule } from '../outbox/index.js';
import { StaffModule } from '../staff/index.js';
import { WebhookEventsModule } from '../webhooks/index.js';
import { PaymentsModule } from '../payments/index.js';
import { AppointmentController } from './controllers/appointment.controller.js';
import { OwnerAppointmentController } from './controllers/owner-appointment.controller.js';
import { SelfServiceController } from './controllers/self-service.controller.js';
import { TwilioInboundController } from './controllers/twilio-inbound.controller.js';
import { SmsReplyEntity } from './entities/sms-reply.entity.js';
import { SmsReplyService } from './services/sms-reply.service.js';
import {
  BookingRateLimitGuard,
  SelfServiceRateLimitGuard,
} from './guards/public-rate-limit.guard.js';
import { AppointmentTokenEntity } from './entities/appointment-token.entity.js';
import { AppointmentService } from './services/appointment.service.js';
import { BusinessCancellationService } from './services/business-cancellation.service.js';
import { CustomerLinksService } from './services/customer-links.service.js';
import { ManualReminderService } from './services/manual-reminder.service.js';
import { OwnerAppointmentService } from './services/owner-appointment.service.js';
import { OwnerBookingService } from './services/owner-booking.service.js';
import { SelfServiceService } from './services/self-service.service.js';
import { CustomerChangeNotifier } from './services/customer-change-notifier.service.js';
import { StatusChangeNotifier } from './services/status-change-notifier.service.js';

/**
 * Appointments as people make and change them: customers' bookings and their SMS links (the
 * `appointment_tokens` table), the owner's changes, and the messages each sends. The bookings
 * themselves live in the bookings module.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([AppointmentTokenEntity]),
    ActivityModule,
    TypeOrmModule.forFeature([AppointmentTokenEntity, SmsReplyEntity]),
    BookingsModule,
    BusinessModule,
    CatalogModule,
    StaffModule,
    CustomerModule,
    AvailabilityModule,
    OutboxModule,
    PaymentsModule,
    RateLimitModule,
    WebhookEventsModule,
  ],
  controllers: [
    AppointmentController,
    OwnerAppointmentController,
    SelfServiceController,
    TwilioInboundController,
  ],
  providers: [
    AppointmentService,
    OwnerAppointmentService,
    OwnerBookingService,
    SelfServiceService,
    StatusChangeNotifier,
    CustomerChangeNotifier,
    ManualReminderService,
    CustomerLinksService,
    BusinessCancellationService,
    SmsReplyService,
    BookingRateLimitGuard,
    SelfServiceRateLimitGuard,
  ],
  exports: [ManualReminderService, BusinessCancellationService],
})
export class BookingFlowsModule {}
