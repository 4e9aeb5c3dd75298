import { Body, Controller, HttpCode, Inject, Req } from '@nestjs/common';
import { apiRoutes } from '@slotwise/contracts';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { Route } from '../../../core/http/route.decorator.js';
import { twilioCallbackOf } from '../services/twilio-signature.js';
import { TwilioStatusService } from '../services/twilio-status.service.js';

/** Twilio's message status callbacks (form-encoded; Fastify parses the form). */
@Controller()
export class TwilioStatusController {
  constructor(
    private readonly statuses: TwilioStatusService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Route(apiRoutes.messages.twilioStatus)
  @HttpCode(200)
  async status(@Req() request: FastifyRequest, @Body() body: unknown): Promise<void> {
    await this.statuses.handle(twilioCallbackOf(request, body, this.config.PUBLIC_URL));
  }
}
