// The shell owns client-side routing (including its 404 page): every page gets the shell's
// index.html, a remote's page with its preloads and first data, and a path no app claims 404.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RemotesConfigSource } from '../remotes-config.js';
import type { RemotesFile } from '../config.js';
import { fetchPageData, pageDataCalls } from './page-data.js';
import { pageHtml } from './page-html.js';
import type { PageLookup, PageRoutes } from './page-routes.js';

/** Whether a request asks for a page (a document), rather than a file or the API. */
export function wantsPage(req: Pick<FastifyRequest, 'method' | 'url' | 'headers'>): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.url.startsWith('/api/') || req.url.startsWith('/remotes/')) return false;
  const accept = req.headers.accept ?? '';
  return accept.includes('text/html') || accept.includes('*/*') || accept === '';
}

export interface PageHandlerOptions {
  shellDir: string;
  routes: PageRoutes;
  remotesConfig: RemotesConfigSource;
  /** The API for the pages' data; null: pages are the shell's index.html as it is. */
  apiUpstream: string | null;
}

/**
 * The not-found handler: what no file or route answered. A page (HEAD answers as GET, without the
 * body) or 404 in the API's error shape.
 */
export function pageHandler({ shellDir, routes, remotesConfig, apiUpstream }: PageHandlerOptions) {
  /**
   * index.html for a remote's page. Without `withData` (HEAD) the data is not fetched: `complete`
   * then says whether the HTML is still the one GET would send.
   */
  async function remotePage(
    match: NonNullable<PageLookup['match']>,
    config: RemotesFile,
    withData: boolean,
  ) {
    if (apiUpstream === null) return null;
    // The browser only uses embedded answers from its own origin's API.
    const sameOriginApi = (config.apiBaseUrl ?? '') === '';
    const calls = sameOriginApi
      ? pageDataCalls(match.page, match.params, await routes.declaredDataRoutes())
      : [];
    const data = withData ? await fetchPageData(apiUpstream, calls) : {};
    const indexHtml = await readFile(join(shellDir, 'index.html'), 'utf8');
    return { html: pageHtml(indexHtml, match, data), complete: withData || calls.length === 0 };
  }

  return async function notFound(req: FastifyRequest, reply: FastifyReply) {
    if (!wantsPage(req))
      return reply
        .code(404)
        .send({ statusCode: 404, message: `Not found: ${req.url}`, error: 'Not Found' });
    reply.header('Cache-Control', 'no-cache');
    const pathname = new URL(req.url, 'http://gateway').pathname;
    let config: RemotesFile = {};
    let page: PageLookup = { status: 'unsure', match: null };
    try {
      config = remotesConfig.forRequest(req);
      page = await routes.lookup(pathname, config);
    } catch {
      // An unreadable remotes.json: the shell, which shows its own message.
    }
    if (page.status === 'unknown') reply.code(404);
    const found = page.match
      ? await remotePage(page.match, config, req.method !== 'HEAD').catch(() => null)
      : null;
    if (!found) return reply.sendFile('index.html', shellDir);
    reply.type('text/html; charset=utf-8');
    // HEAD skips the page's data, so its HTML is shorter than GET's: sent without a length (a
    // Content-Length must be GET's or none).
    return reply.send(found.complete ? found.html : Readable.from([found.html]));
  };
}
