import { Controller, Header, Inject, Req } from '@nestjs/common';
import {
  apiRoutes,
  type DevOutboxMessage,
  DevOutboxQuerySchema,
  ErrorCode,
} from '@slotwise/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { isLoopbackAddress } from '../../../core/http/loopback.js';
import { Route } from '../../../core/http/route.decorator.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { ParsedQuery } from '../../../core/pipes/parsed-params.decorator.js';
import { OutboxService } from '../services/outbox.service.js';

/**
 * The development mailbox (DEV_OUTBOX=true only): what would have been sent, newest first. It
 * holds names, phone numbers and sign-in links, so it answers only connections from this machine
 * (the socket's address; the gateway, on the same machine, checks its own visitors likewise).
 */
@Controller()
export class DevOutboxController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outboxService: OutboxService,
  ) {}

  @Route(apiRoutes.messages.devOutbox)
  @Header('Cache-Control', 'no-store')
  list(
    @Req() request: FastifyRequest,
    @ParsedQuery(DevOutboxQuerySchema)
    query: z.output<typeof DevOutboxQuerySchema>,
  ): Promise<DevOutboxMessage[]> {
    if (!this.config.DEV_OUTBOX || !isLoopbackAddress(request.raw.socket?.remoteAddress))
      throw new DomainException(ErrorCode.NOT_FOUND, 'Not found');
    return this.outboxService.latest(100, query.to || undefined);
  }
}
