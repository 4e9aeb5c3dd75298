import { describe, expect, it, vi } from 'vitest';
import { fetchRemoteManifest, manifestEntry, manifestRoutes } from './remote-manifest';

const URL = 'http://127.0.0.1:4100/mf-manifest.json';

describe("a remote's manifest", () => {
  it('yields the pages the remote publishes, and its entry script for the federation runtime', async () => {
    const manifest = {
      name: 'dashboard',
      metaData: {
        remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
        routes: [
          { path: '/dashboard', ownerOnly: true },
          { path: '/settings', ownerOnly: true },
        ],
      },
      shared: [],
      exposes: [],
    };
    const text = JSON.stringify(manifest);
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(new Response(text));
    await expect(fetchRemoteManifest(URL, fetchImpl)).resolves.toEqual({
      entry: 'http://127.0.0.1:4100/remoteEntry.js',
      routes: [
        { path: '/dashboard', ownerOnly: true },
        { path: '/settings', ownerOnly: true },
      ],
    });
  });

  it('resolves the entry script against the manifest, in a sub-folder when the manifest says so', () => {
    const at = (path: string) => ({ metaData: { remoteEntry: { name: 'remoteEntry.js', path } } });
    expect(manifestEntry(at('static'), 'https://cdn.example/app/mf-manifest.json')).toBe(
      'https://cdn.example/app/static/remoteEntry.js',
    );
    expect(manifestEntry(at(''), 'https://cdn.example/app/mf-manifest.json')).toBe(
      'https://cdn.example/app/remoteEntry.js',
    );
    expect(() => manifestEntry({ metaData: {} }, URL)).toThrow(/names no remote entry/);
  });

  it('refuses a manifest without pages or with a relative path', () => {
    expect(() => manifestRoutes({ metaData: {} }, URL)).toThrow(/publishes no pages/);
    expect(() => manifestRoutes({ metaData: { routes: [{ path: 'x' }] } }, URL)).toThrow(
      /starting with \//,
    );
    expect(
      manifestRoutes({ metaData: { routes: [{ path: '/a', ownerOnly: 'yes' }] } }, URL),
    ).toEqual([{ path: '/a' }]);
  });

  it("keeps a bare page's flag (the booking widget's /embed/{slug}) and only a true one", () => {
    expect(
      manifestRoutes(
        {
          metaData: {
            routes: [
              { path: '/embed/:s', bare: true },
              { path: '/b', bare: 1 },
            ],
          },
        },
        URL,
      ),
    ).toEqual([{ path: '/embed/:s', bare: true }, { path: '/b' }]);
  });

  it('fails on an HTTP error or a body that is not JSON', async () => {
    const notFound = vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 404 }));
    await expect(fetchRemoteManifest(URL, notFound)).rejects.toThrow('404');
    const garbage = vi
      .fn<typeof fetch>()
      .mockResolvedValue(new Response('{ this is not a manifest'));
    await expect(fetchRemoteManifest(URL, garbage)).rejects.toThrow(SyntaxError);
  });
});
