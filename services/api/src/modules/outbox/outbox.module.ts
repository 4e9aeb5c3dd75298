import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DevOutboxController } from './controllers/dev-outbox.controller.js';
import { OutboxMessageEntity } from './entities/outbox-message.entity.js';
import { OutboxService } from './services/outbox.service.js';
import { SmsCapService } from './services/sms-cap.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([OutboxMessageEntity])],
  controllers: [DevOutboxController],
  providers: [OutboxService, SmsCapService],
  // SmsCapService: the API's manual sends check the SMS caps up front (429).
  exports: [OutboxService, SmsCapService],
})
export class OutboxModule {}
