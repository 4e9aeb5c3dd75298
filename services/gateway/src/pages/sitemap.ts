// /sitemap.xml (https://www.sitemaps.org/protocol.html): the public pages and every published
// business's booking page, and /robots.txt (the shell's file) pointing at it. Both absolute, from
// the public origin.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PUBLIC_PAGES, apiPath, apiRoutes } from '@slotwise/contracts';
import type { FastifyInstance } from 'fastify';
import { bookingUrl } from './booking-page.js';
import { publicOrigin } from './public-origin.js';

/** The directory is re-read at most this often; crawlers may keep the file as long. */
export const SITEMAP_TTL_MS = 5 * 60_000;
const DIRECTORY_TIMEOUT_MS = 3000;
/** A crawler that got no sitemap (the API restarting) tries again after this. */
const RETRY_AFTER_SECONDS = 60;

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** A sitemap of `urls` (absolute), each once. */
export function sitemapXml(urls: readonly string[]): string {
  const entries = [...new Set(urls)].map((url) => `<url><loc>${escapeXml(url)}</loc></url>`);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    entries.map((e) => `${e}\n`).join('') +
    '</urlset>\n'
  );
}

/** The public pages, then each business's booking page, under `origin`. */
export function sitemapUrls(origin: string, slugs: readonly string[]): string[] {
  return [
    ...Object.keys(PUBLIC_PAGES).map((path) => `${origin}${path === '/' ? '/' : path}`),
    ...slugs.map((slug) => bookingUrl(origin, slug)),
  ];
}

/** The published businesses' slugs (the directory), or null when the API does not answer. */
export async function publishedSlugs(apiUpstream: string): Promise<string[] | null> {
  try {
    const response = await fetch(`${apiUpstream}${apiPath(apiRoutes.businesses.list)}`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(DIRECTORY_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    if (!Array.isArray(body)) return null;
    return body
      .map((b: unknown) => (b as { slug?: unknown } | null)?.slug)
      .filter((slug): slug is string => typeof slug === 'string' && slug !== '');
  } catch {
    return null;
  }
}

export interface SitemapOptions {
  shellDir: string;
  apiUpstream: string | null;
  publicUrl: string | null;
}

/** GET /sitemap.xml and GET /robots.txt. */
export function sitemapRoutes(
  app: FastifyInstance,
  { shellDir, apiUpstream, publicUrl }: SitemapOptions,
) {
  // One directory read at a time, kept SITEMAP_TTL_MS; a failed read is not kept.
  let cached: { at: number; slugs: Promise<string[] | null> } | null = null;
  const slugs = (): Promise<string[] | null> => {
    if (apiUpstream === null) return Promise.resolve([]);
    if (cached && cached.at > Date.now() - SITEMAP_TTL_MS) return cached.slugs;
    const entry = { at: Date.now(), slugs: publishedSlugs(apiUpstream) };
    cached = entry;
    void entry.slugs.then((found) => {
      if (found === null && cached === entry) cached = null;
    });
    return entry.slugs;
  };

  app.get('/sitemap.xml', async (req, reply) => {
    const found = await slugs();
    if (found === null)
      return reply
        .code(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .header('Cache-Control', 'no-store')
        .send({
          statusCode: 503,
          message: 'The sitemap is not available right now',
          error: 'Service Unavailable',
        });
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', `public, max-age=${SITEMAP_TTL_MS / 1000}`)
      .send(sitemapXml(sitemapUrls(publicOrigin(publicUrl, req), found)));
  });

  app.get('/robots.txt', async (req, reply) => {
    let text: string;
    try {
      text = await readFile(join(shellDir, 'robots.txt'), 'utf8');
    } catch {
      text = 'User-agent: *\nAllow: /\n';
    }
    // A sitemap line must be absolute, so it is added here rather than written in the file.
    const sitemap = `Sitemap: ${publicOrigin(publicUrl, req)}/sitemap.xml`;
    return reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(`${text.replace(/\n*$/, '\n')}\n${sitemap}\n`);
  });
}
