// A page's first data, embedded in its HTML: the remotes declare it per page (src/routes.json
// `data`, published in their manifest's metaData.routes). The browser then shows the page's first
// screen without a request of its own, and loads the API client's transport only when the visitor
// acts. Whatever cannot be fetched quickly is simply left out; the page then fetches it as usual.
import { type ApiRoute, allApiRoutes, apiPath } from '@slotwise/contracts';
import { isDevPath } from '../edge/api-proxy.js';
import type { PublishedPage } from './page-routes.js';

const PAGE_DATA_TIMEOUT_MS = 800;

/** The API's GET routes, by key; the development mailbox never, whatever a list declares. */
const FETCHABLE_ROUTES = new Map(
  allApiRoutes()
    .filter((route) => route.method === 'GET' && !isDevPath(`/api/${route.path}`))
    .map((route) => [route.key as string, route]),
);

/**
 * The API calls (URL paths, '/api/business/slug/x') a page's data entries make with the page's
 * parameters. A call is made only for a GET route of the API's table that `declared` holds (the
 * routes the gateway's own remotes declare as page data: a manifest from elsewhere cannot make
 * the gateway call other routes for it), never under /api/dev, and only when the parameters fill
 * the route's own path (no value may climb out of it: '..').
 */
export function pageDataCalls(
  page: PublishedPage,
  params: Record<string, string>,
  declared: ReadonlySet<string>,
): string[] {
  if (!Array.isArray(page.data)) return [];
  return page.data.flatMap((entry) => {
    const route = typeof entry?.route === 'string' ? FETCHABLE_ROUTES.get(entry.route) : undefined;
    if (!route || !declared.has(route.key)) return [];
    const values = Object.fromEntries(
      Object.entries(entry.params ?? {}).map(([apiParam, pageParam]) => [
        apiParam,
        params[pageParam] ?? '',
      ]),
    );
    try {
      const path = apiPath(route as ApiRoute, values as never);
      // The URL as it will be sent ('..' and '.' segments resolved) must still be the route's.
      return staysInPath(path) ? [path] : [];
    } catch {
      return [];
    }
  });
}

/** An API answer as the gateway got it: its status (0: none in time) and its JSON, if any. */
export interface ApiAnswer {
  status: number;
  body?: unknown;
}

/** Whether a path, as fetch will send it, is still itself ('..' and '.' segments resolved). */
export const staysInPath = (path: string) =>
  new URL(path, 'http://api').pathname === path && !isDevPath(path);

/** The API's answers to `calls` (URL paths), by path, each within PAGE_DATA_TIMEOUT_MS. */
export async function fetchApiAnswers(
  apiUpstream: string,
  calls: readonly string[],
): Promise<Record<string, ApiAnswer>> {
  const found = await Promise.all(
    [...new Set(calls)].map(async (path): Promise<[string, ApiAnswer]> => {
      try {
        const response = await fetch(`${apiUpstream}${path}`, {
          headers: { Accept: 'application/json' },
          signal: AbortSignal.timeout(PAGE_DATA_TIMEOUT_MS),
        });
        const body: unknown = await response.json().catch(() => undefined);
        return [path, { status: response.status, body }];
      } catch {
        return [path, { status: 0 }];
      }
    }),
  );
  return Object.fromEntries(found);
}

/** The answers a page embeds: those of `calls` that came 2xx with JSON. */
export function pageDataOf(
  answers: Record<string, ApiAnswer>,
  calls: readonly string[],
): Record<string, unknown> {
  return Object.fromEntries(
    calls.flatMap((path) => {
      const answer = answers[path];
      return answer && answer.status >= 200 && answer.status < 300 && answer.body !== undefined
        ? [[path, answer.body]]
        : [];
    }),
  );
}

/**
 * The API's answers to `calls` (from pageDataCalls), by path: those that answer 2xx with JSON
 * within PAGE_DATA_TIMEOUT_MS.
 */
export async function fetchPageData(
  apiUpstream: string,
  calls: readonly string[],
): Promise<Record<string, unknown>> {
  return pageDataOf(await fetchApiAnswers(apiUpstream, calls), calls);
}
