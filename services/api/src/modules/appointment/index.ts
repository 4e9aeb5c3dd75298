// What other modules may use of the appointment module.
export { AppointmentModule } from './appointment.module.js';
export { AppointmentTokenEntity } from './entities/appointment-token.entity.js';
export { BusinessCancellationService } from './services/business-cancellation.service.js';
export { AppointmentMessageKind } from './services/appointment-messages.js';
export { ManualReminderService } from './services/manual-reminder.service.js';
