// What the gateway does at the edge, for every visitor: the /api proxy's own checks (bodies it
// must not pass on, the development mailbox), which paths are pages (and whose), and the security
// headers of every answer.
import { readFile } from 'node:fs/promises';
import { STATUS_CODES } from 'node:http';
import { isIPv4 } from 'node:net';
import { join } from 'node:path';
import fastifyProxy from '@fastify/http-proxy';
import { ErrorCode, ErrorMessages, apiPath, apiRoutes } from '@slotwise/contracts';

/**
 * Whether a socket's peer is this machine (127.0.0.0/8, ::1, or 127.x mapped into IPv6). Only the
 * socket counts: X-Forwarded-For and friends are written by the client.
 */
function isLoopbackAddress(address) {
  if (!address) return false;
  if (address === '::1') return true;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return isIPv4(v4) && v4.startsWith('127.');
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
const bodyLimitFor = (path) => API_BODY_LIMITS.get(path) ?? API_BODY_LIMIT_BYTES;

const CODES = {
  400: ErrorCode.VALIDATION_FAILED,
  404: ErrorCode.NOT_FOUND,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  503: ErrorCode.SERVICE_UNAVAILABLE,
  504: ErrorCode.SERVICE_UNAVAILABLE,
};
/** Seconds a client should wait when the API cannot be reached (it restarts within a few). */
const API_RETRY_AFTER_SECONDS = 5;

/**
 * An answer in the API's error shape. The connection is closed after it: the request's body,
 * unread, must not be taken for the next request.
 */
function refuse(reply, statusCode, message) {
  return reply
    .code(statusCode)
    .header('Connection', 'close')
    .header('Cache-Control', 'no-store')
    .send({ statusCode, message, error: STATUS_CODES[statusCode], code: CODES[statusCode] });
}

/**
 * Whether a path is under /api/dev/ however it is spelled (%64ev, //dev, DEV): the API's router
 * decodes escapes, so the check must see the path as the API will.
 */
function isDevPath(path) {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: judged as written.
  }
  return /^\/+api\/+dev(\/|$)/i.test(decoded.replace(/\/\.(?=\/)/g, ''));
}

const hasBody = (headers) =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0');

/**
 * /api proxied to the API. Each body is read here first (within the API's limit) and sent on with
 * its length, and the API hears the visitor's address from the socket in X-Forwarded-For (the
 * visitor's own X-Forwarded-For is replaced, never passed on).
 */
export async function apiProxy(scope, { upstream }) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
    (_r, body, done) => done(null, body),
  );
  scope.setErrorHandler((error, _req, reply) => {
    if (error.statusCode === 413) return refuse(reply, 413, 'Request body is too large');
    if (error.statusCode === 400 || error.statusCode === 415)
      return refuse(reply, 400, 'The request could not be read');
    reply.send(error);
  });
  scope.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0];
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
    if (Buffer.isBuffer(req.body) && req.body.length > bodyLimitFor(req.url.split('?')[0]))
      return refuse(reply, 413, 'Request body is too large');
  });
  await scope.register(fastifyProxy, {
    upstream,
    prefix: '/api',
    rewritePrefix: '/api',
    // Bodies are read by the parser above, not streamed through.
    proxyPayloads: false,
    http: { requestOptions: { timeout: 30_000 } },
    replyOptions: {
      // The API unreachable (restarting, refused, cut) is temporary: 503 with Retry-After in the
      // error shape, as the API itself answers when its database is down, not reply-from's 500.
      onError: (reply, { error }) => {
        const timedOut = error?.statusCode === 504;
        reply.log.warn(`API unreachable: ${error?.cause?.code ?? error?.code ?? error?.message}`);
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

const MANIFEST_TTL_MS = 5000;
const MANIFEST_TIMEOUT_MS = 800;

/**
 * A page pattern ('/book/:businessSlug') against a path: the page's parameters (as written in the
 * path), or null. Matched without regard to case, as the shell's router does; a malformed escape
 * (%zz) names no page.
 */
export function matchPage(pattern, pathname) {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params = {};
  try {
    for (const [i, segment] of want.entries()) {
      if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(got[i]);
      else if (segment.toLowerCase() !== got[i].toLowerCase()) return null;
    }
  } catch {
    return null;
  }
  return params;
}

/**
 * The product's pages: the shell's own (its shell-routes.json, published beside index.html) and
 * each remote's (its manifest's metaData.routes), each list read through one cache (re-read every
 * 5 s). `lookup` answers, for a path and the request's remotes.json:
 * - status: 'known', 'unknown', or 'unsure' while a list cannot be read (the shell then shows its
 *   own message and the gateway does not call the path unknown);
 * - match: the remote page the path belongs to (its remote's manifest URL and content, the page
 *   and its parameters), or null.
 */
export function pageRoutes({ remoteDirs, shellDir }) {
  const lists = new Map();

  /** A JSON file, local or fetched: one read at a time per URL, kept for MANIFEST_TTL_MS. */
  function readJson(url, localFile) {
    const cached = lists.get(url);
    if (cached && cached.at > Date.now() - MANIFEST_TTL_MS) return cached.json;
    const json = (async () => {
      const text = localFile
        ? await readFile(localFile, 'utf8')
        : await (await fetch(url, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) })).text();
      return JSON.parse(text);
    })();
    const entry = { at: Date.now(), json };
    lists.set(url, entry);
    // A failed read is not kept: the next request tries again.
    json.catch(() => {
      if (lists.get(url) === entry) lists.delete(url);
    });
    return json;
  }

  /** A remote's manifest (from its folder when remotes.json points at this gateway's copy). */
  function readManifest(name, url) {
    const local = `/remotes/${name}/`;
    const file =
      url.startsWith(local) && remoteDirs[name]
        ? join(remoteDirs[name], url.slice(local.length))
        : null;
    return readJson(url, file);
  }

  return async function lookup(pathname, remotesConfig) {
    const { apiBaseUrl: _api, ...remotes } = remotesConfig;
    const [shell, ...remoteLists] = await Promise.all([
      readJson('shell-routes.json', join(shellDir, 'shell-routes.json'))
        .then((routes) => Object.values(routes))
        .catch(() => null),
      ...Object.entries(remotes).map(async ([name, url]) => {
        try {
          const manifest = await readManifest(name, url);
          const pages = manifest.metaData.routes;
          return Array.isArray(pages) ? { url, manifest, pages } : null;
        } catch {
          return null;
        }
      }),
    ]);
    let match = null;
    for (const remote of remoteLists) {
      for (const page of remote?.pages ?? []) {
        const params = typeof page?.path === 'string' ? matchPage(page.path, pathname) : null;
        if (params) {
          match = { url: remote.url, manifest: remote.manifest, page, params };
          break;
        }
      }
      if (match) break;
    }
    const known =
      match !== null ||
      (shell ?? []).some((path) => typeof path === 'string' && matchPage(path, pathname) !== null);
    const status = known ? 'known' : [shell, ...remoteLists].every(Boolean) ? 'unknown' : 'unsure';
    return { status, match };
  };
}

/**
 * Hashed files (main.8eeba6b1.js) never change: cached for a year. Everything else (HTML, the
 * manifests, remoteEntry.js, remotes.json, robots.txt, unhashed shared copies) is revalidated, so
 * a redeploy shows at the next load. A precompressed copy (x.js.br) is cached as its file.
 */
export function cacheControlFor(path) {
  const file = path.replace(/\.(br|gz)$/, '');
  return /\.[0-9a-f]{8,}\.[a-z0-9]+$/.test(file)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/** Stripe.js and its Elements (the subscription page's card form) load from Stripe's origins. */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The Content-Security-Policy of the product's pages. Scripts only from files (no inline script:
 * the page data block is JSON, never run), from this origin, the remotes' and Stripe's. Inline
 * styles are allowed: the dialogs' scroll lock (Radix) writes a <style> element, and styles cannot
 * run code. `remotesConfig` (remotes.json) adds the origins of remotes and API served elsewhere.
 */
function contentSecurityPolicy(remotesConfig = {}) {
  const elsewhere = new Set();
  for (const value of Object.values(remotesConfig)) {
    if (typeof value !== 'string' || !/^https?:\/\//.test(value)) continue;
    try {
      elsewhere.add(new URL(value).origin);
    } catch {
      // Not a URL: nothing to allow.
    }
  }
  const other = [...elsewhere];
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...other, ...STRIPE.script],
    'style-src': ["'self'", "'unsafe-inline'", ...other],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:', ...other],
    'connect-src': ["'self'", ...other, ...STRIPE.connect],
    'frame-src': STRIPE.frame,
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * Security headers on every answer (the CSP on documents), as an onSend hook. HSTS only when the
 * visitor came over HTTPS (the gateway's own TLS, or X-Forwarded-Proto from the TLS terminator in
 * front of it): browsers ignore it over plain HTTP anyway. `readRemotesConfig(req)` gives the
 * request's remotes.json.
 */
export function securityHeaders(readRemotesConfig) {
  return async function onSend(req, reply) {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header(
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://js.stripe.com")',
    );
    reply.header('X-Frame-Options', 'DENY');
    const forwardedProto = String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      .trim();
    if (req.protocol === 'https' || forwardedProto === 'https')
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') || type.startsWith('image/svg+xml')) {
      let config = {};
      try {
        config = readRemotesConfig(req);
      } catch {
        // An unreadable remotes.json: the policy of this origin alone.
      }
      reply.header('Content-Security-Policy', contentSecurityPolicy(config));
    }
  };
}
