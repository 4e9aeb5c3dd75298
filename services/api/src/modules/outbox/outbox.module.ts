import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DevOutboxController } from './controllers/dev-outbox.controller.js';
import { OutboxMessageEntity } from './entities/outbox-message.entity.js';
import { OutboxService } from './services/outbox.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([OutboxMessageEntity])],
  controllers: [DevOutboxController],
  providers: [OutboxService],
  exports: [OutboxService],
})
export class OutboxModule {}
