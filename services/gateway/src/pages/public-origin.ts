// The origin the pages' absolute URLs use (canonical links, the sitemap, JSON-LD): PUBLIC_URL in
// production, where the address visitors use is known; without it, the request's own Host (and
// X-Forwarded-Proto from the TLS terminator), so development and tests need no setting.
import type { FastifyRequest } from 'fastify';

/** A host as a Host header may carry it: a name or IPv4 address, or [IPv6], and a port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** PUBLIC_URL's origin ('https://slotwise.com.au'), or null when unset; throws when not a URL. */
export function parsePublicUrl(value: string | undefined | null): string | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, not "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, not "${value}"`);
  return url.origin;
}

/**
 * The origin of `req` as its visitor addressed it. A Host that is not a host name (anything a
 * client could use to write markup or another path) gives 'localhost'.
 */
export function requestOrigin(req: Pick<FastifyRequest, 'headers' | 'protocol'>): string {
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim()
    .toLowerCase();
  const https = req.protocol === 'https' || forwarded === 'https';
  const host = String(req.headers.host ?? '');
  return `${https ? 'https' : 'http'}://${HOST.test(host) ? host.toLowerCase() : 'localhost'}`;
}

/** The configured origin, else the request's. */
export const publicOrigin = (
  publicUrl: string | null,
  req: Pick<FastifyRequest, 'headers' | 'protocol'>,
) => publicUrl ?? requestOrigin(req);
