import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorResponse } from './error-response.js';

/** The one place where errors become HTTP responses (see error-response.ts for the mapping). */
@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    const { body, unexpected, retryAfterSeconds } = toErrorResponse(exception);
    if (unexpected) {
      this.logger.error(
        `${request?.method} ${request?.url} failed`,
        exception instanceof Error ? exception.stack : String(exception),
      );
    }
    if (retryAfterSeconds !== undefined) {
      // One line, no stack: during an outage every request fails the same way.
      this.logger.warn(
        `${request?.method} ${request?.url}: database unavailable (${briefly(exception)})`,
      );
    }
    if (reply.sent) return;
    if (retryAfterSeconds !== undefined)
      void reply.header('retry-after', String(retryAfterSeconds));
    void reply.status(body.statusCode).header('cache-control', 'no-store').send(body);
  }
}

function briefly(exception: unknown): string {
  const e = exception as { code?: unknown; message?: unknown } | null;
  return (
    [e?.code, e?.message].filter((part) => typeof part === 'string' && part).join(' ') || 'unknown'
  );
}
