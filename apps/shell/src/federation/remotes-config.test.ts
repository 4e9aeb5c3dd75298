import { describe, expect, it, vi } from 'vitest';
import { fetchRemotesConfig, parseRemotesConfig } from './remotes-config';

describe('remotes.json', () => {
  it('resolves relative manifest URLs against the config URL and keeps absolute ones', () => {
    const config = parseRemotesConfig(
      {
        booking: '/remotes/booking/mf-manifest.json',
        dashboard: 'http://127.0.0.1:4100/mf-manifest.json',
        unknown: '/x.json',
      },
      'http://localhost:8080/remotes.json',
    );
    expect(config).toEqual({
      booking: 'http://localhost:8080/remotes/booking/mf-manifest.json',
      dashboard: 'http://127.0.0.1:4100/mf-manifest.json',
    });
  });

  it('rejects a file that is not an object', () => {
    expect(() => parseRemotesConfig(['a'], 'http://x/')).toThrow(/remotes\.json/);
    expect(() => parseRemotesConfig(null, 'http://x/')).toThrow(/remotes\.json/);
  });

  it('fetches without the HTTP cache so a repointed remote is seen on the next load', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValue(Response.json({ marketing: '/remotes/marketing/mf-manifest.json' }));
    const config = await fetchRemotesConfig(fetchImpl, 'http://localhost:8080/book/x');
    expect(fetchImpl).toHaveBeenCalledWith('http://localhost:8080/remotes.json', {
      cache: 'no-store',
    });
    expect(config.marketing).toBe('http://localhost:8080/remotes/marketing/mf-manifest.json');
  });

  it('fails loudly on an HTTP error', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValue(new Response('nope', { status: 503, statusText: 'Service Unavailable' }));
    await expect(fetchRemotesConfig(fetchImpl, 'http://localhost/')).rejects.toThrow('503');
  });
});
