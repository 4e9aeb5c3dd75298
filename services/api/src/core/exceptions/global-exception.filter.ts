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
    const { body, unexpected } = toErrorResponse(exception);
    if (unexpected) {
      this.logger.error(
        `${request?.method} ${request?.url} failed`,
        exception instanceof Error ? exception.stack : String(exception),
      );
    }
    if (reply.sent) return;
    void reply.status(body.statusCode).header('cache-control', 'no-store').send(body);
  }
}
