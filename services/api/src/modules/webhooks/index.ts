// What other modules may use of the webhooks module (endpoints, deliveries and the event hook).
export { WebhookEventsModule, WebhooksModule } from './webhooks.module.js';
export { WebhooksWorkerModule } from './webhooks-worker.module.js';
export { WebhookEvents } from './services/webhook-events.service.js';
export { WebhookEndpointEntity } from './entities/webhook-endpoint.entity.js';
export { WebhookDeliveryEntity } from './entities/webhook-delivery.entity.js';
