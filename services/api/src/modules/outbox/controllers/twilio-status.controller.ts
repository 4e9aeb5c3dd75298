import { Body, Controller, Headers, HttpCode, Req } from '@nestjs/common';
import { apiRoutes } from '@slotwise/contracts';
import type { FastifyRequest } from 'fastify';
import { Route } from '../../../core/http/route.decorator.js';
import { TwilioStatusService } from '../services/twilio-status.service.js';

/** Twilio's message status callbacks (form-encoded; Fastify parses the form). */
@Controller()
export class TwilioStatusController {
  constructor(private readonly statuses: TwilioStatusService) {}

  @Route(apiRoutes.messages.twilioStatus)
  @HttpCode(200)
  async status(
    @Req() request: FastifyRequest,
    @Headers('x-twilio-signature') signature: string | undefined,
    @Body() body: unknown,
  ): Promise<void> {
    const params: Record<string, string> = {};
    if (body && typeof body === 'object') {
      for (const [key, value] of Object.entries(body)) {
        if (typeof value === 'string') params[key] = value;
      }
    }
    const origin = `${request.protocol}://${request.headers.host ?? 'localhost'}`;
    await this.statuses.handle({
      url: this.statuses.callbackUrl(request.url, origin),
      signature,
      params,
    });
  }
}
