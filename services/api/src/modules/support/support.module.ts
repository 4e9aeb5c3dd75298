import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppThrottlerModule } from '../../core/throttling/throttling.module.js';
import { OutboxModule } from '../outbox/index.js';
import { SupportController } from './controllers/support.controller.js';
import { SupportMessageEntity } from './entities/support-message.entity.js';
import { SupportThrottlerGuard } from './guards/support-throttler.guard.js';
import { SupportService } from './services/support.service.js';

/** The Support page's contact form: stored, and emailed to SUPPORT_EMAIL through the outbox. */
@Module({
  imports: [TypeOrmModule.forFeature([SupportMessageEntity]), AppThrottlerModule, OutboxModule],
  controllers: [SupportController],
  providers: [SupportService, SupportThrottlerGuard],
})
export class SupportModule {}
