import { Controller, HttpCode, HttpStatus, Req, UseGuards } from '@nestjs/common';
import { apiRoutes, type MessageResponse } from '@slotwise/contracts';
import type { FastifyRequest } from 'fastify';
import { Route } from '../../../core/http/route.decorator.js';
import { JsonBody } from '../../../core/pipes/parsed-params.decorator.js';
import { SupportThrottlerGuard } from '../guards/support-throttler.guard.js';
import { type SupportMessageInput, SupportService } from '../services/support.service.js';

@Controller()
export class SupportController {
  constructor(private readonly supportService: SupportService) {}

  @Route(apiRoutes.support.send)
  @HttpCode(HttpStatus.CREATED)
  @UseGuards(SupportThrottlerGuard)
  create(
    @JsonBody(apiRoutes.support.send) body: SupportMessageInput,
    @Req() req: FastifyRequest,
  ): Promise<MessageResponse> {
    return this.supportService.receive(body, req.ip ?? null);
  }
}
