import { matchPath } from 'react-router';
import { type RemoteRoute } from '@slotwise/contracts';
import shellRoutes from '../../public/shell-routes.json';

/** The shell's own pages (each its own lazily loaded chunk); every other page is a remote's. */
export type ShellPage =
  'auth' | 'verify-email' | 'forgot-password' | 'reset-password' | 'dev-outbox' | 'join';

// One list, published beside index.html: the gateway reads it to answer 404 for unknown paths.
const SHELL_ROUTES: Record<ShellPage, string> = shellRoutes;
const SHELL_PAGES = Object.entries(SHELL_ROUTES).map(([page, path]) => ({
  path,
  page: page as ShellPage,
}));

/** What the shell knows of one remote: its pages once its manifest has been read. */
export type RemoteState =
  | { status: 'loading' }
  | { status: 'ready'; routes: readonly RemoteRoute[] }
  | { status: 'failed' };

export interface RouteSources {
  /** remotes.json: still loading, read, or unreadable. */
  config: 'loading' | 'ready' | 'failed';
  /** Each remote remotes.json names, in the file's order. */
  remotes: Readonly<Record<string, RemoteState>>;
}

export type Area =
  | { kind: 'shell'; page: ShellPage }
  | { kind: 'remote'; name: string; ownerOnly: boolean; bare?: true }
  /** Not known yet: a remote that may own the path has not answered. */
  | { kind: 'loading' }
  /** No page matched, but these remotes (or remotes.json) could not be read: maybe theirs. */
  | { kind: 'unavailable'; remotes: string[] }
  | { kind: 'not-found' };

const matches = (path: string, pathname: string) => matchPath({ path, end: true }, pathname);

export function shellPageForPath(pathname: string): ShellPage | null {
  return SHELL_PAGES.find(({ path }) => matches(path, pathname))?.page ?? null;
}

/**
 * Which app owns a path: the shell's own pages first, then the pages each remote publishes in its
 * manifest, so a remote adds a page without a shell rebuild. The remote renders its own <Routes>
 * for the same paths under the shell's splat route. Unknown paths get the shell's 404 page once
 * every remote has answered; a remote that could not be read degrades only the paths no one else
 * claims.
 */
export function resolveArea(pathname: string, sources: RouteSources): Area {
  const page = shellPageForPath(pathname);
  if (page) return { kind: 'shell', page };

  for (const [name, remote] of Object.entries(sources.remotes)) {
    if (remote.status !== 'ready') continue;
    const route = remote.routes.find(({ path }) => matches(path, pathname));
    if (route)
      return {
        kind: 'remote',
        name,
        ownerOnly: route.ownerOnly === true,
        ...(route.bare === true ? { bare: true as const } : {}),
      };
  }
  const states = Object.values(sources.remotes);
  if (sources.config === 'loading' || states.some((r) => r.status === 'loading')) {
    return { kind: 'loading' };
  }
  const failed = Object.entries(sources.remotes)
    .filter(([, remote]) => remote.status === 'failed')
    .map(([name]) => name);
  if (sources.config === 'failed' || failed.length > 0)
    return { kind: 'unavailable', remotes: failed };
  return { kind: 'not-found' };
}
