// The shell owns client-side routing (including its 404 page): every page gets the shell's
// index.html, a public page with its own title, description and canonical link, a remote's page
// with its preloads and first data, and a path no app claims 404. A booking link answers 301 to
// its business's current slug, or 404 when it names no business.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RemotesFile } from '../config.js';
import { sendHtml } from '../edge/compress-html.js';
import type { RemotesConfigSource } from '../remotes-config.js';
import {
  BOOKING_PAGE_PARAM,
  BOOKING_PAGE_PATH,
  MISSING_BUSINESS_HEAD,
  bookingCalls,
  bookingDecision,
  bookingHead,
} from './booking-page.js';
import { fetchApiAnswers, pageDataCalls, pageDataOf } from './page-data.js';
import { type PageHead, pageHtml, serverRenderedHtml } from './page-html.js';
import type { PageLookup, PageMatch, PageRoutes } from './page-routes.js';
import { publicOrigin } from './public-origin.js';
import { publicPage } from './public-pages.js';
import type { ServerRenderer } from './server-render.js';

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
  /** The origin of absolute URLs (PUBLIC_URL); null: the request's. */
  publicUrl?: string | null;
  /** Renders public pages on the server; null: every page is client-rendered. */
  renderer?: ServerRenderer | null;
}

/** The remotes' pages rendered on the server, besides the public pages (public-pages.ts). */
const SERVER_RENDERED_PATHS = new Set(['/partners', BOOKING_PAGE_PATH]);

/** The zone of dates on pages that belong to no business (the footer's year). */
const DEFAULT_TIME_ZONE = 'Australia/Sydney';

/** What a page answers besides the shell: its status, its head and its first data. */
interface PageAnswer {
  status: number;
  head: PageHead;
  data: Record<string, unknown>;
  /** 301 to this path instead. */
  location?: string;
  /** The page's time zone: its business's. */
  timeZone?: string;
  /** Whether the page may be rendered here: a page whose data could be fetched. */
  renderable?: boolean;
}

/**
 * The not-found handler: what no file or route answered. A page (HEAD answers as GET, without the
 * body) or 404 in the API's error shape.
 */
export function pageHandler({
  shellDir,
  routes,
  remotesConfig,
  apiUpstream,
  publicUrl = null,
  renderer = null,
}: PageHandlerOptions) {
  /**
   * A remote's page: its first data and, for a booking page, the business's head, or where its
   * business lives now, or 404. HEAD fetches no first data, only what decides its status.
   */
  async function remotePage(
    match: PageMatch,
    config: RemotesFile,
    withData: boolean,
    origin: string,
  ): Promise<Omit<PageAnswer, 'status'> & { status?: number }> {
    if (apiUpstream === null) return { head: {}, data: {} };
    // The browser only uses embedded answers from its own origin's API.
    const sameOriginApi = (config.apiBaseUrl ?? '') === '';
    const dataCalls =
      sameOriginApi && withData
        ? pageDataCalls(match.page, match.params, await routes.declaredDataRoutes())
        : [];
    const booking =
      match.page.path === BOOKING_PAGE_PATH
        ? bookingCalls(match.params[BOOKING_PAGE_PARAM] ?? '', withData)
        : null;
    const bookingPaths = booking
      ? [booking.business, booking.services].filter((p): p is string => p !== null)
      : [];
    const answers = await fetchApiAnswers(apiUpstream, [...dataCalls, ...bookingPaths]);
    const data = pageDataOf(answers, dataCalls);
    // Rendered here only with every declared call answered: the server has nothing else.
    const renderable = sameOriginApi && dataCalls.every((call) => Object.hasOwn(data, call));
    if (!booking) return { head: {}, data, renderable };
    const decision = bookingDecision(match.params[BOOKING_PAGE_PARAM] ?? '', booking, answers);
    switch (decision.kind) {
      case 'moved':
        return {
          head: {},
          data: {},
          status: 301,
          location: `/book/${encodeURIComponent(decision.slug)}`,
        };
      case 'missing':
        return { head: MISSING_BUSINESS_HEAD, data, status: 404 };
      case 'found':
        return {
          head: bookingHead(decision.business, decision.services, origin),
          data,
          renderable,
          timeZone: decision.business.timeZone,
        };
      default:
        return { head: {}, data };
    }
  }

  return async function notFound(req: FastifyRequest, reply: FastifyReply) {
    if (!wantsPage(req))
      return reply
        .code(404)
        .send({ statusCode: 404, message: `Not found: ${req.url}`, error: 'Not Found' });
    reply.header('Cache-Control', 'no-cache');
    const url = new URL(req.url, 'http://gateway');
    const origin = publicOrigin(publicUrl, req);
    let config: RemotesFile = {};
    let page: PageLookup = { status: 'unsure', match: null };
    try {
      config = remotesConfig.forRequest(req);
      page = await routes.lookup(url.pathname, config);
    } catch {
      // An unreadable remotes.json: the shell, which shows its own message.
    }
    const listed = publicPage(url.pathname);
    const answer: PageAnswer = {
      status: page.status === 'unknown' ? 404 : 200,
      head: listed
        ? {
            title: listed.title,
            description: listed.description,
            canonical: `${origin}${listed.path}`,
          }
        : {},
      data: {},
    };
    if (page.match) {
      const found = await remotePage(page.match, config, req.method !== 'HEAD', origin).catch(
        () => null,
      );
      if (found) Object.assign(answer, { ...found, head: { ...answer.head, ...found.head } });
    }
    if (answer.location !== undefined)
      return reply.code(301).header('Location', `${answer.location}${url.search}`).send();
    const indexHtml = await readFile(join(shellDir, 'index.html'), 'utf8').catch(() => null);
    reply.code(answer.status);
    if (indexHtml === null) return reply.sendFile('index.html', shellDir);
    const match = page.match;
    if (
      renderer &&
      match &&
      req.method === 'GET' &&
      answer.status === 200 &&
      answer.renderable === true &&
      !match.page.ownerOnly &&
      (listed !== null || SERVER_RENDERED_PATHS.has(match.page.path))
    ) {
      const rendered = await renderer.render({
        url: `${url.pathname}${url.search}`,
        match,
        origin,
        pageData: answer.data,
        apiBaseUrl: typeof config.apiBaseUrl === 'string' ? config.apiBaseUrl : '',
        timeZone: answer.timeZone ?? DEFAULT_TIME_ZONE,
      });
      if (rendered)
        return sendHtml(
          req,
          reply,
          serverRenderedHtml(indexHtml, match, rendered, answer.data, answer.head),
        );
    }
    return sendHtml(req, reply, pageHtml(indexHtml, match, answer.data, answer.head));
  };
}
