import { Body, Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { TwilioStatusService } from '../services/twilio-status.service.js';

/** Twilio's message status callbacks (form-encoded; Fastify parses the form). */
@Controller('webhooks/twilio')
export class TwilioStatusController {
  constructor(private readonly statuses: TwilioStatusService) {}

  @Post('status')
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
