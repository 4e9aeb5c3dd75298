import { Module } from '@nestjs/common';
import { BusinessModule } from '../business/business.module.js';
import { OutboxModule } from '../outbox/outbox.module.js';
import { ManualMessageController } from './controllers/manual-message.controller.js';
import { ManualMessageService } from './services/manual-message.service.js';

/** Owners' manual sends (POST /api/test-email, /api/test-sms), through the outbox. */
@Module({
  imports: [BusinessModule, OutboxModule],
  controllers: [ManualMessageController],
  providers: [ManualMessageService],
})
export class NotificationModule {}
