import { MANIFEST_ROUTES_KEY, type RemoteRoute } from '@slotwise/contracts';

/** A remote's mf-manifest.json as fetched: its text (handed on to the federation runtime) and its pages. */
export interface RemoteManifest {
  text: string;
  routes: RemoteRoute[];
}

/**
 * The pages a remote publishes in its manifest (`metaData.routes`). A manifest without them is
 * refused: the shell could not tell which paths the remote serves.
 */
export function manifestRoutes(manifest: unknown, url: string): RemoteRoute[] {
  const metaData = (manifest as { metaData?: Record<string, unknown> } | null)?.metaData;
  const routes = metaData?.[MANIFEST_ROUTES_KEY];
  if (!Array.isArray(routes) || routes.length === 0) {
    throw new Error(`${url} publishes no pages (metaData.${MANIFEST_ROUTES_KEY})`);
  }
  return routes.map((route: unknown) => {
    const { path, ownerOnly } = (route ?? {}) as Record<string, unknown>;
    if (typeof path !== 'string' || !path.startsWith('/')) {
      throw new Error(`${url}: every page needs a path starting with /`);
    }
    return ownerOnly === true ? { path, ownerOnly } : { path };
  });
}

export async function fetchRemoteManifest(
  url: string,
  fetchImpl: typeof fetch = fetch,
): Promise<RemoteManifest> {
  const response = await fetchImpl(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  const text = await response.text();
  return { text, routes: manifestRoutes(JSON.parse(text), url) };
}
