import {
  Controller,
  Headers,
  HttpCode,
  HttpStatus,
  Post,
  type RawBodyRequest,
  Req,
} from '@nestjs/common';
import type { StripeWebhookResponse } from '@slotwise/contracts';
import type { FastifyRequest } from 'fastify';
import { StripeWebhookService } from '../services/stripe-webhook.service.js';

/** Stripe's webhook endpoint: no session, the signature is the authentication. */
@Controller('stripe')
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhookService) {}

  @Post('webhook')
  @HttpCode(HttpStatus.OK)
  receive(
    @Req() req: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<StripeWebhookResponse> {
    return this.webhooks.handle(req.rawBody, signature);
  }
}
