// The product's pages, as the shell and the remotes publish them: the shell's shell-routes.json
// (beside its index.html) and each remote's manifest (metaData.routes, from its src/routes.json).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MANIFEST_ROUTES_KEY, type RemoteRoute } from '@slotwise/contracts';
import { type GatewayDirs, type RemotesFile, remoteEntries } from '../config.js';
import { matchPage } from './match-page.js';

const MANIFEST_TTL_MS = 5000;
const MANIFEST_TIMEOUT_MS = 800;

/** What the gateway reads of a remote's mf-manifest.json (untrusted: every part may be missing). */
export interface ManifestFile {
  metaData?: { remoteEntry?: { name?: string; path?: string }; [key: string]: unknown };
  exposes?: { assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/** A page as a remote's manifest publishes it: its route, plus its scripts and styles. */
export interface PublishedPage extends RemoteRoute {
  assets?: string[];
}

/** The remote page a path belongs to. */
export interface PageMatch {
  /** The remote's name in remotes.json. */
  name: string;
  /** The remote's manifest URL (as remotes.json gives it) and content. */
  url: string;
  manifest: ManifestFile;
  page: PublishedPage;
  /** The page's parameters, from the path. */
  params: Record<string, string>;
}

export interface PageLookup {
  /** 'unsure' while a list cannot be read: the gateway then does not call the path unknown. */
  status: 'known' | 'unknown' | 'unsure';
  match: PageMatch | null;
}

export interface PageRoutes {
  /** Which page a path is, for a request's remotes.json. */
  lookup(pathname: string, remotesConfig: RemotesFile): Promise<PageLookup>;
  /**
   * The API routes (keys, 'GET business/slug/:slug') the pages of this gateway's own remote
   * builds declare as their data: the only ones it fetches for a page, whichever manifest the
   * page comes from.
   */
  declaredDataRoutes(): Promise<Set<string>>;
}

/** A manifest's pages, or null when it publishes none. */
function publishedPages(manifest: ManifestFile): PublishedPage[] | null {
  const pages = manifest.metaData?.[MANIFEST_ROUTES_KEY];
  return Array.isArray(pages) ? (pages as PublishedPage[]) : null;
}

/** Each list is read through one cache (re-read every 5 s), shared by all requests. */
export function pageRoutes({ remoteDirs, shellDir }: GatewayDirs): PageRoutes {
  const lists = new Map<string, { at: number; json: Promise<unknown> }>();

  /** A JSON file, local or fetched: one read at a time per URL, kept for MANIFEST_TTL_MS. */
  function readJson(url: string, localFile: string | null): Promise<unknown> {
    const cached = lists.get(url);
    if (cached && cached.at > Date.now() - MANIFEST_TTL_MS) return cached.json;
    const json = (async () => {
      const text = localFile
        ? await readFile(localFile, 'utf8')
        : await (await fetch(url, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) })).text();
      return JSON.parse(text) as unknown;
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
  function readManifest(name: string, url: string): Promise<ManifestFile> {
    const local = `/remotes/${name}/`;
    const dir = remoteDirs[name];
    const file = url.startsWith(local) && dir ? join(dir, url.slice(local.length)) : null;
    return readJson(url, file) as Promise<ManifestFile>;
  }

  async function remotePages(name: string, url: string) {
    try {
      const manifest = await readManifest(name, url);
      const pages = publishedPages(manifest);
      return pages ? { name, url, manifest, pages } : null;
    } catch {
      return null;
    }
  }

  return {
    async lookup(pathname, remotesConfig) {
      const [shell, ...remoteLists] = await Promise.all([
        readJson('shell-routes.json', join(shellDir, 'shell-routes.json'))
          .then((routes) => Object.values(routes as Record<string, unknown>))
          .catch(() => null),
        ...remoteEntries(remotesConfig).map(([name, url]) => remotePages(name, url)),
      ]);
      let match: PageMatch | null = null;
      for (const remote of remoteLists) {
        for (const page of remote?.pages ?? []) {
          const params = typeof page?.path === 'string' ? matchPage(page.path, pathname) : null;
          if (remote && params) {
            match = { name: remote.name, url: remote.url, manifest: remote.manifest, page, params };
            break;
          }
        }
        if (match) break;
      }
      const known =
        match !== null ||
        (shell ?? []).some((path) => typeof path === 'string' && matchPage(path, pathname));
      const status = known
        ? 'known'
        : [shell, ...remoteLists].every(Boolean)
          ? 'unknown'
          : 'unsure';
      return { status, match };
    },

    async declaredDataRoutes() {
      const lists = await Promise.all(
        Object.keys(remoteDirs).map((name) =>
          remotePages(name, `/remotes/${name}/mf-manifest.json`),
        ),
      );
      return new Set(
        lists
          .flatMap((list) =>
            (list?.pages ?? []).flatMap((page) =>
              Array.isArray(page?.data) ? page.data.map((entry) => entry?.route) : [],
            ),
          )
          .filter((route): route is string => typeof route === 'string'),
      );
    },
  };
}
