import { describe, expect, it, vi } from 'vitest';
import { fetchRemotesConfig, parseRemotesConfig } from './remotes-config';

describe('remotes.json', () => {
  it('resolves relative manifest URLs against the config URL and keeps absolute ones', () => {
    const config = parseRemotesConfig(
      {
        booking: '/remotes/booking/mf-manifest.json',
        dashboard: 'http://127.0.0.1:4100/mf-manifest.json',
        empty: '  ',
        notAUrl: 42,
      },
      'http://localhost:8080/remotes.json',
    );
    expect(config).toEqual({
      apiBaseUrl: '',
      remotes: {
        booking: 'http://localhost:8080/remotes/booking/mf-manifest.json',
        dashboard: 'http://127.0.0.1:4100/mf-manifest.json',
      },
    });
  });

  it('registers any remote it names, so a new remote needs no shell rebuild', () => {
    const config = parseRemotesConfig(
      { loyalty: '/remotes/loyalty/mf-manifest.json' },
      'http://x/',
    );
    expect(config.remotes).toEqual({ loyalty: 'http://x/remotes/loyalty/mf-manifest.json' });
  });

  it('reads the API base URL, same origin by default, without a trailing slash', () => {
    expect(parseRemotesConfig({}, 'http://x/').apiBaseUrl).toBe('');
    const config = parseRemotesConfig(
      { apiBaseUrl: 'https://api.slotwise.com.au/', booking: '/b.json' },
      'http://x/',
    );
    expect(config).toEqual({
      apiBaseUrl: 'https://api.slotwise.com.au',
      remotes: { booking: 'http://x/b.json' },
    });
    expect(() => parseRemotesConfig({ apiBaseUrl: 3 }, 'http://x/')).toThrow(/apiBaseUrl/);
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
    expect(config.remotes.marketing).toBe(
      'http://localhost:8080/remotes/marketing/mf-manifest.json',
    );
  });

  it('fails loudly on an HTTP error', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValue(new Response('nope', { status: 503, statusText: 'Service Unavailable' }));
    await expect(fetchRemotesConfig(fetchImpl, 'http://localhost/')).rejects.toThrow('503');
  });
});
