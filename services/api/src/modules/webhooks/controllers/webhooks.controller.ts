import { Controller, HttpCode, HttpStatus, Param } from '@nestjs/common';
import {
  apiRoutes,
  type CreateWebhookInput,
  type UpdateWebhookInput,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import { JsonBody } from '../../../core/pipes/parsed-params.decorator.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import { WebhookEndpointsService } from '../services/webhook-endpoints.service.js';

const OWN_BUSINESS = { businessId: { param: 'id' } } as const;

/** Settings → Integrations: the owner's webhook endpoints and their delivery log. */
@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhookEndpointsService) {}

  @Route(apiRoutes.webhooks.list)
  @OwnerAccess(OWN_BUSINESS)
  list(@OwnedBusiness() owned: OwnedBusinessRef): Promise<WebhookEndpoint[]> {
    return this.webhooks.list(owned.id);
  }

  @Route(apiRoutes.webhooks.create)
  @OwnerAccess(OWN_BUSINESS)
  create(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @JsonBody(apiRoutes.webhooks.create) body: CreateWebhookInput,
  ): Promise<WebhookEndpoint> {
    return this.webhooks.create(owned.id, body);
  }

  @Route(apiRoutes.webhooks.update)
  @OwnerAccess(OWN_BUSINESS)
  update(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('webhookId', idPipe('webhookId')) webhookId: number,
    @JsonBody(apiRoutes.webhooks.update) body: UpdateWebhookInput,
  ): Promise<WebhookEndpoint> {
    return this.webhooks.update(owned.id, webhookId, body);
  }

  @Route(apiRoutes.webhooks.remove)
  @HttpCode(HttpStatus.NO_CONTENT)
  @OwnerAccess(OWN_BUSINESS)
  remove(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('webhookId', idPipe('webhookId')) webhookId: number,
  ): Promise<void> {
    return this.webhooks.remove(owned.id, webhookId);
  }

  @Route(apiRoutes.webhooks.deliveries)
  @OwnerAccess(OWN_BUSINESS)
  deliveries(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('webhookId', idPipe('webhookId')) webhookId: number,
  ): Promise<WebhookDelivery[]> {
    return this.webhooks.deliveries(owned.id, webhookId);
  }

  @Route(apiRoutes.webhooks.resend)
  @HttpCode(HttpStatus.OK)
  @OwnerAccess(OWN_BUSINESS)
  resend(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('webhookId', idPipe('webhookId')) webhookId: number,
    @Param('deliveryId', idPipe('deliveryId')) deliveryId: number,
  ): Promise<WebhookDelivery> {
    return this.webhooks.resend(owned.id, webhookId, deliveryId);
  }

  @Route(apiRoutes.webhooks.test)
  @OwnerAccess(OWN_BUSINESS)
  test(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('webhookId', idPipe('webhookId')) webhookId: number,
  ): Promise<WebhookDelivery> {
    return this.webhooks.test(owned.id, webhookId);
  }
}
