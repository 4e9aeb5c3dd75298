import { ErrorCode } from '../error-codes.js';
import {
  CreateWebhookRequestSchema,
  UpdateWebhookRequestSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
} from '../webhooks.js';
import { defineRoutes, ownerRoute } from './route-spec.js';
import { webhooksRoutes } from './webhooks.routes.js';

const NOT_FOUND = [ErrorCode.BUSINESS_NOT_FOUND, ErrorCode.NOT_FOUND];

export const webhooksSpecs = defineRoutes(webhooksRoutes, {
  tag: {
    name: 'Webhooks',
    description:
      'Endpoints that hear about bookings and clients: signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`), delivered at least once with retries.',
  },
  routes: {
    list: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      "The business's webhook endpoints",
      WebhookEndpointListSchema,
    ),
    create: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      'Add an endpoint: an https URL resolving only to public addresses, and the events it hears',
      WebhookEndpointSchema,
      {
        description:
          'Answers the endpoint with its signing secret (`whsec_…`). A URL that is not https, or whose host resolves to a private, loopback or link-local address, answers 400.',
        request: {
          body: CreateWebhookRequestSchema,
          example: { url: 'https://example.com/slotwise', events: ['booking.created'] },
        },
      },
    ),
    update: ownerRoute(NOT_FOUND, 'Change an endpoint, or enable it again', WebhookEndpointSchema, {
      request: { body: UpdateWebhookRequestSchema, example: { enabled: true } },
    }),
    remove: ownerRoute(NOT_FOUND, 'Remove an endpoint and its delivery log', null, { status: 204 }),
    deliveries: ownerRoute(
      NOT_FOUND,
      "The endpoint's deliveries of the last 30 days, newest first",
      WebhookDeliveryListSchema,
    ),
    resend: ownerRoute(
      NOT_FOUND,
      'Send a delivery again (same `webhook-id`, a fresh schedule of retries)',
      WebhookDeliverySchema,
      { status: 200 },
    ),
    test: ownerRoute(
      NOT_FOUND,
      'Send a `webhook.test` event to the endpoint',
      WebhookDeliverySchema,
    ),
  },
});
