import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DevOutboxController } from './controllers/dev-outbox.controller.js';
import { TwilioStatusController } from './controllers/twilio-status.controller.js';
import { OutboxMessageEntity } from './entities/outbox-message.entity.js';
import { OutboxService } from './services/outbox.service.js';
import { SmsCapService } from './services/sms-cap.service.js';
import { TwilioStatusService } from './services/twilio-status.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([OutboxMessageEntity])],
  controllers: [DevOutboxController, TwilioStatusController],
  providers: [OutboxService, SmsCapService, TwilioStatusService],
  // SmsCapService: the API's manual sends check the SMS caps up front (429).
  exports: [OutboxService, SmsCapService],
})
export class OutboxModule {}
