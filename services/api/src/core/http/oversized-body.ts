import { errorCodes, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Bodies declared up to this size are read off the wire and thrown away after a 413, so the
 * connection stays usable; anything larger is not worth the bandwidth and the connection closes.
 */
export const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * Refuses a body whose Content-Length is over the route's limit before anything reads it.
 *
 * Fastify's own refusal answers 413 with `Connection: close` and closes the socket while the
 * client is still uploading; the client's next write then meets a reset and it often never sees
 * the 413 (EPIPE instead). Answering here, with the connection kept, lets Node drain the rest of
 * the body and the client read its answer.
 */
export function refuseOversizedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  done: () => void,
): void {
  const declared = Number(request.headers['content-length']);
  if (!(declared > request.routeOptions.bodyLimit)) {
    done();
    return;
  }
  if (declared > DRAIN_LIMIT_BYTES) reply.header('connection', 'close');
  reply.send(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
}
