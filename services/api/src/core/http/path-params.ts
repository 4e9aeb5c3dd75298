import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, MAX_PATH_PARAM_LENGTH } from '@slotwise/contracts';

/**
 * Fastify's own limit for one path parameter (it answers 414 above it): far above what the API
 * takes, so that an over-long parameter reaches `refuseLongPathParams` and answers the documented
 * 400 instead.
 */
export const ROUTER_MAX_PARAM_LENGTH = 4096;

/**
 * Refuses a path parameter longer than the contracts allow (`maxLength` in the OpenAPI document)
 * with a 400 in the error shape, before any handler or database sees it.
 */
export function refuseLongPathParams(
  request: FastifyRequest,
  reply: FastifyReply,
  done: () => void,
): void {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const name = Object.keys(params).find(
    (key) => typeof params[key] === 'string' && params[key].length > MAX_PATH_PARAM_LENGTH,
  );
  if (name === undefined) {
    done();
    return;
  }
  const message = `${name} must be at most ${MAX_PATH_PARAM_LENGTH} characters`;
  void reply.code(400).send({
    statusCode: 400,
    message,
    error: STATUS_CODES[400],
    code: ErrorCode.VALIDATION_FAILED,
    issues: [{ path: name, message }],
  });
}
