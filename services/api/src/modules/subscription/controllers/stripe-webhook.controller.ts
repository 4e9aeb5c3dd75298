import {
  Controller,
  Headers,
  HttpCode,
  HttpStatus,
  type RawBodyRequest,
  Req,
} from '@nestjs/common';
import { apiRoutes, type StripeWebhookResponse } from '@slotwise/contracts';
import type { FastifyRequest } from 'fastify';
import { Route } from '../../../core/http/route.decorator.js';
import { StripeWebhookService } from '../services/stripe-webhook.service.js';

/** Stripe's webhook endpoint: no session, the signature is the authentication. */
@Controller()
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhookService) {}

  @Route(apiRoutes.subscription.webhook)
  @HttpCode(HttpStatus.OK)
  receive(
    @Req() req: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<StripeWebhookResponse> {
    return this.webhooks.handle(req.rawBody, signature);
  }
}
