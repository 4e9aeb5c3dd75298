import { Body, Controller, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import { type MessageResponse, SupportMessageRequestSchema } from '@slotwise/contracts';
import type { FastifyRequest } from 'fastify';
import { ZodValidationPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { SupportThrottlerGuard } from '../guards/support-throttler.guard.js';
import { type SupportMessageInput, SupportService } from '../services/support.service.js';

@Controller('support-messages')
export class SupportController {
  constructor(private readonly supportService: SupportService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @UseGuards(SupportThrottlerGuard)
  create(
    @Body(new ZodValidationPipe(SupportMessageRequestSchema)) body: SupportMessageInput,
    @Req() req: FastifyRequest,
  ): Promise<MessageResponse> {
    return this.supportService.receive(body, req.ip ?? null);
  }
}
