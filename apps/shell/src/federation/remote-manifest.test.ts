import { describe, expect, it, vi } from 'vitest';
import { fetchRemoteManifest, manifestRoutes } from './remote-manifest';

const URL = 'http://127.0.0.1:4100/mf-manifest.json';

describe("a remote's manifest", () => {
  it('yields the pages the remote publishes, and its text for the federation runtime', async () => {
    const manifest = {
      name: 'dashboard',
      metaData: {
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
      text,
      routes: [
        { path: '/dashboard', ownerOnly: true },
        { path: '/settings', ownerOnly: true },
      ],
    });
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

  it('fails on an HTTP error or a body that is not JSON', async () => {
    const notFound = vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 404 }));
    await expect(fetchRemoteManifest(URL, notFound)).rejects.toThrow('404');
    const garbage = vi
      .fn<typeof fetch>()
      .mockResolvedValue(new Response('{ this is not a manifest'));
    await expect(fetchRemoteManifest(URL, garbage)).rejects.toThrow(SyntaxError);
  });
});
