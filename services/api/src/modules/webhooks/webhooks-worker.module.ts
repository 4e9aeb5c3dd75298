import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxMessageEntity, OutboxService } from '../outbox/index.js';
import { WebhookQueue } from './jobs/webhook-queue.js';
import { WebhookDeliveryService } from './services/webhook-delivery.service.js';
import { WebhookRelayService } from './services/webhook-relay.service.js';

/** The worker's side of webhooks: relay, queue and the signed delivery (the owner's email too). */
@Module({
  imports: [TypeOrmModule.forFeature([OutboxMessageEntity])],
  providers: [OutboxService, WebhookDeliveryService, WebhookQueue, WebhookRelayService],
})
export class WebhooksWorkerModule {}
