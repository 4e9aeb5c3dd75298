// Where the gateway finds what it serves, and its defaults: the same layout in the repository and
// in the gateway image (/app), where this package's dist/ sits at services/gateway/dist.
import { join, resolve } from 'node:path';
import { API_BASE_URL_KEY } from '@slotwise/contracts';

export const REMOTE_NAMES = ['booking', 'dashboard', 'marketing'] as const;

/** The repository (or the image's /app): three folders up from src/ or dist/. */
export const repositoryRoot = resolve(import.meta.dirname, '../../..');

/** The API on this machine, as `npm start` runs it. */
export const DEFAULT_API_UPSTREAM = 'http://127.0.0.1:3000';

/**
 * remotes.json as the file holds it: `apiBaseUrl` and each remote's manifest URL (the contracts'
 * RemotesConfig is its parsed form). Read from disk, so any value may be anything.
 */
export type RemotesFile = Record<string, unknown>;

export interface GatewayDirs {
  /** The shell's build: index.html, shell-routes.json, its scripts. */
  shellDir: string;
  /** Each remote's build (mf-manifest.json and its files), by remote name. */
  remoteDirs: Record<string, string>;
}

/** Default folders: each app's own build output. */
export function defaultDirs(root = repositoryRoot): GatewayDirs {
  return {
    shellDir: join(root, 'apps/shell/dist'),
    remoteDirs: Object.fromEntries(REMOTE_NAMES.map((n) => [n, join(root, `apps/${n}-mfe/dist`)])),
  };
}

/**
 * The shell's run-time configuration (remotes.json): the API's base URL ('' for this same origin,
 * where /api is proxied) and each remote's manifest. The shell takes every page from the remotes'
 * manifests, so a remote listed here needs no shell rebuild.
 */
export function defaultRemotesConfig(): Record<string, string> {
  return {
    [API_BASE_URL_KEY]: '',
    ...Object.fromEntries(REMOTE_NAMES.map((n) => [n, `/remotes/${n}/mf-manifest.json`])),
  };
}

/** The remotes of a remotes.json: every key but apiBaseUrl whose value is a URL string. */
export function remoteEntries(config: RemotesFile): [string, string][] {
  return Object.entries(config).filter(
    (entry): entry is [string, string] =>
      entry[0] !== API_BASE_URL_KEY && typeof entry[1] === 'string',
  );
}
