import { MANIFEST_ROUTES_KEY, type RemoteRoute } from '@slotwise/contracts';

/** What the shell needs of a remote's mf-manifest.json: where its code starts, and its pages. */
export interface RemoteManifest {
  /** The absolute URL of the remote's remoteEntry.js, resolved against the manifest's URL. */
  entry: string;
  routes: RemoteRoute[];
}

/** The remote's entry script named by its (absolute) manifest URL's `metaData.remoteEntry`. */
export function manifestEntry(manifest: unknown, url: string): string {
  const entry = (manifest as { metaData?: { remoteEntry?: { path?: unknown; name?: unknown } } })
    ?.metaData?.remoteEntry;
  if (typeof entry?.name !== 'string' || !entry.name) {
    throw new Error(`${url} names no remote entry (metaData.remoteEntry)`);
  }
  const path =
    typeof entry.path === 'string' && entry.path ? `${entry.path.replace(/\/$/, '')}/` : '';
  return new URL(`${path}${entry.name}`, url).href;
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
    const { path, ownerOnly, bare } = (route ?? {}) as Record<string, unknown>;
    if (typeof path !== 'string' || !path.startsWith('/')) {
      throw new Error(`${url}: every page needs a path starting with /`);
    }
    return {
      path,
      ...(ownerOnly === true ? { ownerOnly } : {}),
      ...(bare === true ? { bare } : {}),
    };
  });
}

export async function fetchRemoteManifest(
  url: string,
  fetchImpl: typeof fetch = fetch,
): Promise<RemoteManifest> {
  const response = await fetchImpl(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  const manifest: unknown = await response.json();
  return { entry: manifestEntry(manifest, url), routes: manifestRoutes(manifest, url) };
}
