import type { ExecutionContext } from '@nestjs/common';
import { ErrorCode } from '@slotwise/contracts';
import type { FastifyReply } from 'fastify';
import { DomainException } from '../exceptions/domain.exception.js';

/**
 * Refuses the request with 429 in the error shape (code RATE_LIMITED) and a Retry-After header,
 * so a client knows how long to wait.
 */
export function throwRateLimited(
  context: ExecutionContext,
  retryAfterSec: number,
  message: string,
): never {
  const reply = context.switchToHttp().getResponse<FastifyReply>();
  reply.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterSec))));
  throw new DomainException(ErrorCode.RATE_LIMITED, message);
}
