// What other modules may use of the booking-flows module.
export { BookingFlowsModule } from './booking-flows.module.js';
export { AppointmentTokenEntity } from './entities/appointment-token.entity.js';
export { SmsReplyEntity } from './entities/sms-reply.entity.js';
export { BusinessCancellationService } from './services/business-cancellation.service.js';
export { AppointmentMessageKind } from './services/appointment-messages.js';
export { ManualReminderService } from './services/manual-reminder.service.js';
