import { join } from 'node:path';
import { PAGE_DATA_ELEMENT_ID } from '@slotwise/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type GatewayOptions, createGateway, createStaticHost } from './server.js';
import {
  builtFrontEnds,
  fakeApi,
  listening,
  manifest,
  remotesFile,
} from './test-support/fixtures.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A gateway over fake builds and a fake API (whose calls are recorded). */
async function gateway(remotes: Record<string, string> = {}, options: GatewayOptions = {}) {
  const dirs = builtFrontEnds();
  const api = await fakeApi();
  const app = await createGateway({
    ...dirs,
    remotesConfigFile: remotesFile(dirs.root, remotes),
    apiUpstream: api.url,
    ...options,
  });
  closers.push(
    () => app.close(),
    () => api.app.close(),
  );
  return { app, api, dirs };
}

const pageData = (html: string) => {
  const re = new RegExp(
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`,
  );
  const block = re.exec(html)?.[1];
  return block ? (JSON.parse(block) as Record<string, unknown>) : null;
};

const html = { accept: 'text/html' };

describe('pages', () => {
  it("serves a remote's page with its preloads and the data it declares", async () => {
    const { app, api } = await gateway();
    const answer = await app.inject({ url: '/book/harbour-hair', headers: html });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body).toContain('href="/remotes/booking/remoteEntry.js"');
    expect(Object.keys(pageData(answer.body) ?? {})).toEqual([
      '/api/business/slug/harbour-hair',
      '/api/business/slug/harbour-hair/services',
    ]);
    expect(api.calls.sort()).toEqual([
      '/api/business/slug/harbour-hair',
      '/api/business/slug/harbour-hair/services',
    ]);
  });

  it('answers HEAD as GET without fetching the data (only the business), and without a length', async () => {
    const { app, api } = await gateway();
    const answer = await app.inject({ method: 'HEAD', url: '/book/harbour-hair', headers: html });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.body).toBe('');
    // Its status depends on the business (301, 404), so HEAD asks for it, and for nothing else.
    expect(api.calls).toEqual(['/api/business/slug/harbour-hair']);
  });

  it("serves the shell's pages plainly and 404s a path no app claims", async () => {
    const { app } = await gateway();
    const shell = await app.inject({ url: '/auth', headers: html });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).not.toContain('rel="preload"');
    const unknown = await app.inject({ url: '/no-such-page', headers: html });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    const notAPage = await app.inject({ url: '/no-such-file.png', headers: { accept: 'image/*' } });
    expect(notAPage.statusCode).toBe(404);
    expect(notAPage.json()).toEqual({
      statusCode: 404,
      message: 'Not found: /no-such-file.png',
      error: 'Not Found',
    });
  });

  it('serves the shell, not a 404, while remotes.json cannot be read', async () => {
    const dirs = builtFrontEnds();
    const app = await createGateway({
      ...dirs,
      remotesConfigFile: join(dirs.root, 'shell', 'robots.txt'),
      apiUpstream: null,
    });
    closers.push(() => app.close());
    const answer = await app.inject({ url: '/no-such-page', headers: html });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('embeds nothing when the API is elsewhere (its own API still names the business)', async () => {
    const { app, api } = await gateway({ apiBaseUrl: 'https://api.example.com' });
    const answer = await app.inject({ url: '/book/harbour-hair', headers: html });
    expect(pageData(answer.body)).toBeNull();
    expect(api.calls.sort()).toEqual([
      '/api/business/slug/harbour-hair',
      '/api/business/slug/harbour-hair/services',
    ]);
  });

  it('fetches for a manifest from elsewhere only the routes its own remotes declare', async () => {
    // A remote served from another origin, whose manifest asks for the development mailbox (which
    // answers the gateway's loopback address) and for routes no remote of this gateway declares.
    const elsewhere = await listening((host) =>
      host.get('/mf-manifest.json', async () =>
        manifest([
          {
            path: '/inbox/:id',
            data: [
              { route: 'GET dev/outbox' },
              { route: 'GET customers/:id', params: { id: 'id' } },
              { route: 'GET business/slug/:slug', params: { slug: 'id' } },
            ],
          },
        ]),
      ),
    );
    closers.push(() => elsewhere.app.close());
    const { app, api } = await gateway({ other: `${elsewhere.url}/mf-manifest.json` });
    const answer = await app.inject({ url: '/inbox/7', headers: html });
    expect(answer.statusCode).toBe(200);
    expect(Object.keys(pageData(answer.body) ?? {})).toEqual(['/api/business/slug/7']);
    expect(api.calls).toEqual(['/api/business/slug/7']);
  });
});

describe('files and headers', () => {
  let app: FastifyInstance;

  it("serves a remote's precompressed copy, cached for a year, to any origin", async () => {
    ({ app } = await gateway());
    const answer = await app.inject({
      url: '/remotes/booking/app.1a2b3c4d.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    const plain = await app.inject({ url: '/remotes/booking/app.1a2b3c4d.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('booking app');
  });

  it('serves remotes.json as configured, revalidated', async () => {
    ({ app } = await gateway({ marketing: 'https://cdn.example.com/m/mf-manifest.json' }));
    const answer = await app.inject({ url: '/remotes.json' });
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.json()).toMatchObject({
      marketing: 'https://cdn.example.com/m/mf-manifest.json',
    });
  });

  it('sets the security headers, the CSP on documents and HSTS behind HTTPS', async () => {
    ({ app } = await gateway({ marketing: 'https://cdn.example.com/m/mf-manifest.json' }));
    const file = await app.inject({ url: '/robots.txt' });
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['x-frame-options']).toBe('DENY');
    expect(file.headers['content-security-policy']).toBeUndefined();
    expect(file.headers['strict-transport-security']).toBeUndefined();
    const page = await app.inject({
      url: '/auth',
      headers: { ...html, 'x-forwarded-proto': 'https' },
    });
    expect(page.headers['content-security-policy']).toContain('https://cdn.example.com');
    expect(page.headers['strict-transport-security']).toContain('max-age=31536000');
  });

  it('a static host serves a folder with CORS and its precompressed copies', async () => {
    const { remoteDirs } = builtFrontEnds();
    const host = await createStaticHost(remoteDirs.booking ?? '');
    closers.push(() => host.close());
    const answer = await host.inject({
      url: '/app.1a2b3c4d.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['access-control-allow-origin']).toBe('*');
  });
});
