import { Body, Controller, HttpCode, Inject, Req, Res } from '@nestjs/common';
import { apiRoutes } from '@slotwise/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { Route } from '../../../core/http/route.decorator.js';
import { twilioCallbackOf } from '../../outbox/index.js';
import { SmsReplyService } from '../services/sms-reply.service.js';

/** Twilio's incoming-message webhook: customers' replies to the request to confirm. */
@Controller()
export class TwilioInboundController {
  constructor(
    private readonly replies: SmsReplyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Route(apiRoutes.smsConfirmation.twilioInbound)
  @HttpCode(200)
  async inbound(
    @Req() request: FastifyRequest,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const answer = await this.replies.handle(
      twilioCallbackOf(request, body, this.config.PUBLIC_URL),
    );
    void reply.header('content-type', 'text/xml; charset=utf-8');
    return answer;
  }
}
