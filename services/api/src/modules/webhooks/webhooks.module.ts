import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BusinessModule } from '../business/index.js';
import { WebhooksController } from './controllers/webhooks.controller.js';
import { WebhookDeliveryEntity } from './entities/webhook-delivery.entity.js';
import { WebhookEndpointEntity } from './entities/webhook-endpoint.entity.js';
import { WebhookEndpointsService } from './services/webhook-endpoints.service.js';
import { WebhookEvents } from './services/webhook-events.service.js';

/**
 * The owner's webhook endpoints (Settings → Integrations) and WebhookEvents, the hook the writers
 * of bookings and clients call in their transactions.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([WebhookEndpointEntity, WebhookDeliveryEntity]),
    BusinessModule,
  ],
  controllers: [WebhooksController],
  providers: [WebhookEndpointsService, WebhookEvents],
  exports: [WebhookEvents],
})
export class WebhooksModule {}

/** The module the writers import: WebhookEvents alone, without the owner's routes. */
@Module({ providers: [WebhookEvents], exports: [WebhookEvents] })
export class WebhookEventsModule {}
