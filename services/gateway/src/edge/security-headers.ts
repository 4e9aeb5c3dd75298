// The security headers of every answer, and the Content-Security-Policy of the product's pages.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RemotesFile } from '../config.js';
import { LOADER_SCRIPT_HASH } from '../pages/page-html.js';

/** Stripe.js and its Elements (the subscription page's card form) load from Stripe's origins. */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The Content-Security-Policy of the product's pages. Scripts only from files (the page data block
 * is JSON, never run), from this origin, the remotes' and Stripe's, and the one inline script a
 * server-rendered page has, by its hash: the loader of its scripts. Inline
 * styles are allowed: the dialogs' scroll lock (Radix) writes a <style> element, and styles cannot
 * run code. `remotesConfig` (remotes.json) adds the origins of remotes and API served elsewhere.
 */
/**
 * The booking widget's pages (/embed/{slug}) are the only ones other sites may frame: the
 * business's own website shows them (services/gateway/src/embed). Every other page refuses.
 */
export function isFrameablePath(url: string): boolean {
  return /^\/embed\/[^/?#]+\/?(?:[?#]|$)/.test(url);
}

export function contentSecurityPolicy(
  remotesConfig: RemotesFile = {},
  { frameable = false }: { frameable?: boolean } = {},
): string {
  const elsewhere = new Set<string>();
  for (const value of Object.values(remotesConfig)) {
    if (typeof value !== 'string' || !/^https?:\/\//.test(value)) continue;
    try {
      elsewhere.add(new URL(value).origin);
    } catch {
      // Not a URL: nothing to allow.
    }
  }
  const other = [...elsewhere];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", LOADER_SCRIPT_HASH, ...other, ...STRIPE.script],
    'style-src': ["'self'", "'unsafe-inline'", ...other],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:', ...other],
    'connect-src': ["'self'", ...other, ...STRIPE.connect],
    // 'self': the dashboard's live preview of the booking widget (/embed/{slug}).
    'frame-src': ["'self'", ...STRIPE.frame],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': frameable ? ['*'] : ["'none'"],
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
export function securityHeaders(readRemotesConfig: (req: FastifyRequest) => RemotesFile) {
  return async function onSend(req: FastifyRequest, reply: FastifyReply) {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header(
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://js.stripe.com")',
    );
    // frame-ancestors decides in browsers that know it; DENY keeps older ones off the rest.
    const frameable = isFrameablePath(req.url);
    if (!frameable) reply.header('X-Frame-Options', 'DENY');
    // The widget's page repeats /book/{slug}, which search engines should list instead.
    else reply.header('X-Robots-Tag', 'noindex');
    const forwardedProto = String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      ?.trim();
    if (req.protocol === 'https' || forwardedProto === 'https')
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') || type.startsWith('image/svg+xml')) {
      let config: RemotesFile = {};
      try {
        config = readRemotesConfig(req);
      } catch {
        // An unreadable remotes.json: the policy of this origin alone.
      }
      reply.header('Content-Security-Policy', contentSecurityPolicy(config, { frameable }));
    }
  };
}
