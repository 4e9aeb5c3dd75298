import { Module } from '@nestjs/common';
import { BookingFlowsModule } from '../booking-flows/index.js';
import { BusinessModule } from '../business/index.js';
import { OutboxModule } from '../outbox/index.js';
import { ManualMessageController } from './controllers/manual-message.controller.js';
import { MessageStatusController } from './controllers/message-status.controller.js';
import { ManualMessageService } from './services/manual-message.service.js';

/**
 * Owners' manual sends (POST /api/test-email, /api/test-sms) through the outbox, and what became
 * of them (GET /api/messages/:id, /api/messaging-status).
 */
@Module({
  imports: [BusinessModule, OutboxModule, BookingFlowsModule],
  controllers: [ManualMessageController, MessageStatusController],
  providers: [ManualMessageService],
})
export class ManualMessagesModule {}
