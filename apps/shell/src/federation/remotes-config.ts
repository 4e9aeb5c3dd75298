import { API_BASE_URL_KEY, type RemotesConfig } from '@slotwise/contracts';

/** remotes.json sits beside index.html and is re-read on every start-up (never cached). */
export const REMOTES_CONFIG_PATH = '/remotes.json';

/**
 * Checks remotes.json: every key but `apiBaseUrl` names a remote (its federation name), and each
 * manifest URL is resolved against the file's own URL, so relative entries
 * ('/remotes/booking/mf-manifest.json') become absolute ones for the federation runtime. A remote
 * listed here needs no shell rebuild: its pages come from its manifest.
 */
export function parseRemotesConfig(raw: unknown, baseUrl: string): RemotesConfig {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new Error('remotes.json must be an object of remote name to manifest URL');
  }
  const { [API_BASE_URL_KEY]: apiBaseUrl = '', ...entries } = raw as Record<string, unknown>;
  if (typeof apiBaseUrl !== 'string') {
    throw new Error(`remotes.json: ${API_BASE_URL_KEY} must be a string ('' for the same origin)`);
  }
  const remotes: Record<string, string> = {};
  for (const [name, value] of Object.entries(entries)) {
    if (typeof value === 'string' && value.trim() !== '') {
      remotes[name] = new URL(value, baseUrl).href;
    }
  }
  // '/api/...' paths are appended to it, so a trailing slash would double up.
  return { apiBaseUrl: apiBaseUrl.trim().replace(/\/+$/, ''), remotes };
}

export async function fetchRemotesConfig(
  fetchImpl: typeof fetch = fetch,
  baseUrl: string = window.location.href,
): Promise<RemotesConfig> {
  const url = new URL(REMOTES_CONFIG_PATH, baseUrl).href;
  const response = await fetchImpl(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`remotes.json: ${response.status} ${response.statusText}`);
  return parseRemotesConfig(await response.json(), url);
}
