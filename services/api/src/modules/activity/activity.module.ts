import { Module } from '@nestjs/common';
import { BusinessModule } from '../business/index.js';
import { ActivityController } from './controllers/activity.controller.js';
import { ActivityLog } from './services/activity-log.service.js';
import { LiveEvents } from './services/live-events.service.js';
import { LiveStream } from './services/live-stream.service.js';

/**
 * The `activity_log` table (who changed what) and the live diary: events published to one Redis
 * channel per business after each booking change commits, streamed to the owner's screens.
 */
@Module({
  imports: [BusinessModule],
  controllers: [ActivityController],
  providers: [ActivityLog, LiveEvents, LiveStream],
  exports: [ActivityLog, LiveEvents],
})
export class ActivityModule {}
