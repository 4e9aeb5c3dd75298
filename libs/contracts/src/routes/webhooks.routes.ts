import type {
  CreateWebhookRequest,
  UpdateWebhookRequest,
  WebhookDelivery,
  WebhookEndpoint,
} from '../webhooks.js';
import { route } from './route.js';

export const webhooksRoutes = {
  list: route<WebhookEndpoint[]>()('GET', 'business/:id/webhooks'),
  create: route<WebhookEndpoint, CreateWebhookRequest>()('POST', 'business/:id/webhooks'),
  update: route<WebhookEndpoint, UpdateWebhookRequest>()(
    'PATCH',
    'business/:id/webhooks/:webhookId',
  ),
  remove: route<void>()('DELETE', 'business/:id/webhooks/:webhookId'),
  deliveries: route<WebhookDelivery[]>()('GET', 'business/:id/webhooks/:webhookId/deliveries'),
  resend: route<WebhookDelivery>()(
    'POST',
    'business/:id/webhooks/:webhookId/deliveries/:deliveryId/resend',
  ),
  test: route<WebhookDelivery>()('POST', 'business/:id/webhooks/:webhookId/test'),
} as const;
