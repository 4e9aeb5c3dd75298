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
      return new URL(path, 'http://api').pathname === path && !isDevPath(path) ? [path] : [];
    } catch {
      return [];
    }
  });
}

/**
 * The API's answers to `calls` (from pageDataCalls), by path: those that answer 2xx with JSON
 * within PAGE_DATA_TIMEOUT_MS.
 */
export async function fetchPageData(
  apiUpstream: string,
  calls: readonly string[],
): Promise<Record<string, unknown>> {
  const found = await Promise.all(
    calls.map(async (path): Promise<[string, unknown][]> => {
      try {
        const response = await fetch(`${apiUpstream}${path}`, {
          headers: { Accept: 'application/json' },
          signal: AbortSignal.timeout(PAGE_DATA_TIMEOUT_MS),
        });
        return response.ok ? [[path, await response.json()]] : [];
      } catch {
        return [];
      }
    }),
  );
  return Object.fromEntries(found.flat());
}
