import { type RemotesConfig } from '@slotwise/contracts';
import { REMOTE_NAMES } from '../routing/areas';

/** remotes.json sits beside index.html and is re-read on every start-up (never cached). */
export const REMOTES_CONFIG_PATH = '/remotes.json';

/**
 * Checks remotes.json and resolves each manifest URL against the file's own URL, so relative
 * entries ('/remotes/booking/mf-manifest.json') become absolute ones for the federation runtime.
 */
export function parseRemotesConfig(raw: unknown, baseUrl: string): Partial<RemotesConfig> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new Error('remotes.json must be an object of remote name to manifest URL');
  }
  const config: Partial<RemotesConfig> = {};
  for (const name of REMOTE_NAMES) {
    const value = (raw as Record<string, unknown>)[name];
    if (typeof value === 'string' && value.trim() !== '') {
      config[name] = new URL(value, baseUrl).href;
    }
  }
  return config;
}

export async function fetchRemotesConfig(
  fetchImpl: typeof fetch = fetch,
  baseUrl: string = window.location.href,
): Promise<Partial<RemotesConfig>> {
  const url = new URL(REMOTES_CONFIG_PATH, baseUrl).href;
  const response = await fetchImpl(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`remotes.json: ${response.status} ${response.statusText}`);
  return parseRemotesConfig(await response.json(), url);
}
