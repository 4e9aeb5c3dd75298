// /api proxied to the API, with the checks the gateway makes itself: bodies it must not pass on,
// and the development mailbox, which answers this machine only.
import { STATUS_CODES } from 'node:http';
import { isIPv4 } from 'node:net';
import fastifyProxy from '@fastify/http-proxy';
import { ErrorCode, ErrorMessages, apiPath, apiRoutes } from '@slotwise/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Whether a socket's peer is this machine (127.0.0.0/8, ::1, or 127.x mapped into IPv6). Only the
 * socket counts: X-Forwarded-For and friends are written by the client.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (address === '::1') return true;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return isIPv4(v4) && v4.startsWith('127.');
}

/**
 * Whether a path is under /api/dev/ however it is spelled (%64ev, //dev, DEV): the API's router
 * decodes escapes, so the check must see the path as the API will.
 */
export function isDevPath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: judged as written.
  }
  return /^\/+api\/+dev(\/|$)/i.test(decoded.replace(/\/\.(?=\/)/g, ''));
}

/**
 * The API's own body limits (services/api/src/app.factory.ts: 64 KB, Stripe's webhook 1 MB). The
 * API refuses a larger body before reading it and closes its connection while the gateway is
 * still writing, which the gateway saw as EPIPE/ECONNRESET (answering 500); so the gateway refuses
 * such bodies itself and passes on only bodies it has read whole.
 */
const API_BODY_LIMIT_BYTES = 64 * 1024;
const API_BODY_LIMITS = new Map([[apiPath(apiRoutes.subscription.webhook), 1024 * 1024]]);
const MAX_BODY_BYTES = Math.max(API_BODY_LIMIT_BYTES, ...API_BODY_LIMITS.values());
export const bodyLimitFor = (path: string) => API_BODY_LIMITS.get(path) ?? API_BODY_LIMIT_BYTES;

const CODES: Record<number, string> = {
  400: ErrorCode.VALIDATION_FAILED,
  404: ErrorCode.NOT_FOUND,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  503: ErrorCode.SERVICE_UNAVAILABLE,
  504: ErrorCode.SERVICE_UNAVAILABLE,
};
/** Seconds a client should wait when the API cannot be reached (it restarts within a few). */
const API_RETRY_AFTER_SECONDS = 5;

/** The part of a reply refuse() uses (the proxy's onError gets a reply of any server type). */
interface Refusable<R> {
  code(statusCode: number): R;
  header(name: string, value: string): R;
  send(payload: unknown): R;
}

/**
 * An answer in the API's error shape. The connection is closed after it: the request's body,
 * unread, must not be taken for the next request.
 */
function refuse<R extends Refusable<R>>(reply: R, statusCode: number, message: string) {
  return reply
    .code(statusCode)
    .header('Connection', 'close')
    .header('Cache-Control', 'no-store')
    .send({ statusCode, message, error: STATUS_CODES[statusCode], code: CODES[statusCode] });
}

const hasBody = (headers: FastifyRequest['headers']) =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0');

const pathOf = (req: FastifyRequest) => req.url.split('?')[0] ?? '';

interface UpstreamError {
  statusCode?: number;
  code?: string;
  message?: string;
  cause?: { code?: string };
}

/**
 * /api proxied to the API. Each body is read here first (within the API's limit) and sent on with
 * its length, and the API hears the visitor's address from the socket in X-Forwarded-For (the
 * visitor's own X-Forwarded-For is replaced, never passed on).
 */
export async function apiProxy(scope: FastifyInstance, { upstream }: { upstream: string }) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
    (_r, body, done) => done(null, body),
  );
  scope.setErrorHandler((error: { statusCode?: number }, _req, reply) => {
    if (error.statusCode === 413) return refuse(reply, 413, 'Request body is too large');
    if (error.statusCode === 400 || error.statusCode === 415)
      return refuse(reply, 400, 'The request could not be read');
    return reply.send(error);
  });
  scope.addHook('onRequest', async (req, reply) => {
    const path = pathOf(req);
    // The development mailbox holds names, phones and sign-in links: this machine only.
    if (isDevPath(path) && !isLoopbackAddress(req.raw.socket.remoteAddress))
      return refuse(reply, 404, 'Not found');
    // Passed on, its Content-Length would make the API wait for bytes that never come (and read
    // the next visitor's request as them).
    if ((req.method === 'GET' || req.method === 'HEAD') && hasBody(req.headers))
      return refuse(reply, 400, `A ${req.method} request cannot carry a body`);
    if (Number(req.headers['content-length']) > bodyLimitFor(path))
      return refuse(reply, 413, 'Request body is too large');
  });
  scope.addHook('preHandler', async (req, reply) => {
    if (Buffer.isBuffer(req.body) && req.body.length > bodyLimitFor(pathOf(req)))
      return refuse(reply, 413, 'Request body is too large');
  });
  await scope.register(fastifyProxy, {
    upstream,
    prefix: '/api',
    rewritePrefix: '/api',
    // Bodies are read by the parser above, not streamed through.
    proxyPayloads: false,
    // An idle socket's limit: the live diary's event stream stays open past it because the API
    // writes a heartbeat every 15 s (LIVE_HEARTBEAT_SECONDS); responses stream through unbuffered.
    http: { requestOptions: { timeout: 30_000 } },
    replyOptions: {
      // The API unreachable (restarting, refused, cut) is temporary: 503 with Retry-After in the
      // error shape, as the API itself answers when its database is down, not reply-from's 500.
      onError: (reply, { error }) => {
        const failure = error as UpstreamError | undefined;
        const timedOut = failure?.statusCode === 504;
        reply.log.warn(
          `API unreachable: ${failure?.cause?.code ?? failure?.code ?? failure?.message}`,
        );
        if (!timedOut) reply.header('Retry-After', String(API_RETRY_AFTER_SECONDS));
        return refuse(reply, timedOut ? 504 : 503, ErrorMessages.serviceUnavailable);
      },
      // Hop-by-hop: the API's connection to the gateway is not the visitor's.
      rewriteHeaders: ({ connection: _c, 'keep-alive': _k, ...headers }) => headers,
      rewriteRequestHeaders: (req, headers) => {
        const out = { ...headers, 'x-forwarded-for': req.raw.socket.remoteAddress ?? '' };
        // The body goes on whole, with its Content-Length.
        delete out['transfer-encoding'];
        return out;
      },
    },
    handler: (req, reply, dest, options) =>
      reply.from(
        dest,
        Buffer.isBuffer(req.body)
          ? {
              ...options,
              body: req.body,
              contentType: req.headers['content-type'] ?? 'application/octet-stream',
            }
          : options,
      ),
  });
}
