import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtFrontEnds, listening, manifest } from '../test-support/fixtures.js';
import { pageRoutes } from './page-routes.js';

const LOCAL = { apiBaseUrl: '', booking: '/remotes/booking/mf-manifest.json' };
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('pageRoutes().lookup: the 404 decision', () => {
  it("finds a remote's page, with its manifest and parameters", async () => {
    const dirs = builtFrontEnds();
    const page = await pageRoutes(dirs).lookup('/book/harbour', LOCAL);
    expect(page.status).toBe('known');
    expect(page.match).toMatchObject({
      url: LOCAL.booking,
      page: { path: '/book/:businessSlug' },
      params: { businessSlug: 'harbour' },
    });
  });

  it("knows the shell's own pages, and calls any other path unknown", async () => {
    const routes = pageRoutes(builtFrontEnds());
    expect(await routes.lookup('/AUTH', LOCAL)).toEqual({ status: 'known', match: null });
    expect(await routes.lookup('/no-such-page', LOCAL)).toEqual({
      status: 'unknown',
      match: null,
    });
  });

  it('is unsure, not unknown, while a list cannot be read', async () => {
    const dirs = builtFrontEnds();
    rmSync(join(dirs.shellDir, 'shell-routes.json'));
    expect((await pageRoutes(dirs).lookup('/no-such-page', LOCAL)).status).toBe('unsure');
    const missing = { ...LOCAL, marketing: '/remotes/marketing/mf-manifest.json' };
    expect((await pageRoutes(builtFrontEnds()).lookup('/nope', missing)).status).toBe('unsure');
  });

  it('reads a manifest served elsewhere, and keeps each list for a few seconds', async () => {
    const dirs = builtFrontEnds();
    let fetched = 0;
    const elsewhere = await listening((app) =>
      app.get('/mf-manifest.json', async () => {
        fetched += 1;
        return manifest([{ path: '/elsewhere' }]);
      }),
    );
    closers.push(() => elsewhere.app.close());
    const config = { ...LOCAL, other: `${elsewhere.url}/mf-manifest.json` };
    const routes = pageRoutes(dirs);
    expect((await routes.lookup('/elsewhere', config)).match?.url).toBe(config.other);
    // The local list is cached too: a change shows after the cache's few seconds, not at once.
    writeFileSync(join(dirs.remoteDirs.booking ?? '', 'mf-manifest.json'), '{}');
    expect((await routes.lookup('/partners', config)).status).toBe('known');
    expect(fetched).toBe(1);
  });
});

describe('pageRoutes().declaredDataRoutes', () => {
  it("lists the data routes of this gateway's own remotes' pages", async () => {
    expect(await pageRoutes(builtFrontEnds()).declaredDataRoutes()).toEqual(
      new Set(['GET business/slug/:slug', 'GET business/slug/:slug/services']),
    );
  });
});
