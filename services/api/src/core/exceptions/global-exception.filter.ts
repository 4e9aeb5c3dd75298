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
    // The path only: query strings carry link tokens and whatever a hostile client sends.
    const where = `${request?.method} ${pathOf(request?.url)}`;
    if (unexpected && body.statusCode >= 500) {
      this.logger.error(
        `${where} failed`,
        exception instanceof Error ? exception.stack : String(exception),
      );
    } else if (unexpected) {
      // Input that got past validation but was refused (a 4xx): one short line, no stack, so a
      // client sending it in a loop cannot flood the log.
      this.logger.warn(`${where} ${body.statusCode} ${body.code ?? ''} (${briefly(exception)})`);
    }
    if (retryAfterSeconds !== undefined) {
      // One line, no stack: during an outage every request fails the same way.
      this.logger.warn(`${where}: database unavailable (${briefly(exception)})`);
    }
    if (reply.sent) return;
    if (retryAfterSeconds !== undefined)
      void reply.header('retry-after', String(retryAfterSeconds));
    void reply.status(body.statusCode).header('cache-control', 'no-store').send(body);
  }
}

/** At most this much of an error's message goes into a one-line log entry. */
const BRIEF_MAX = 120;

function briefly(exception: unknown): string {
  const e = exception as { code?: unknown; message?: unknown } | null;
  const text =
    [e?.code, e?.message].filter((part) => typeof part === 'string' && part).join(' ') || 'unknown';
  return text.length > BRIEF_MAX ? `${text.slice(0, BRIEF_MAX)}…` : text;
}

const pathOf = (url: string | undefined) => (url ?? '').split('?', 1)[0];
