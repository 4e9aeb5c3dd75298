// What search engines get from the gateway: each page's head, a business's JSON-LD, 301s to the
// current booking link, 404 for a link that names no business, the sitemap and compressed HTML.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Window } from 'happy-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { type GatewayOptions, createGateway } from './server.js';
import { PUBLIC_PAGES } from '@slotwise/contracts';
import { documentTitle } from './pages/public-pages.js';
import {
  BOOKING_PAGES,
  BUSINESS,
  BUSINESS_ANSWERS,
  builtFrontEnds,
  fakeApi,
  remotesFile,
} from './test-support/fixtures.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** The booking remote's pages and the marketing remote's (one fake remote serves them all). */
const PAGES = [...BOOKING_PAGES, ...Object.keys(PUBLIC_PAGES).map((path) => ({ path }))];

async function gateway(
  options: GatewayOptions = {},
  answers: Record<string, { status: number; body: unknown }> = BUSINESS_ANSWERS,
) {
  const dirs = builtFrontEnds(PAGES);
  const api = await fakeApi(answers);
  const app = await createGateway({
    ...dirs,
    remotesConfigFile: remotesFile(dirs.root),
    apiUpstream: api.url,
    ...options,
  });
  closers.push(
    () => app.close(),
    () => api.app.close(),
  );
  return { app, api };
}

const html = { accept: 'text/html', host: 'book.example.com' };

/** happy-dom would fetch a page's preloads (from about:blank): they are not what is read here. */
const withoutPreloads = (html: string) => html.replace(/<link rel="preload"[^>]*>/g, '');

/** A page's head as a browser reads it. */
function head(body: string) {
  const window = new Window();
  const doc = new window.DOMParser().parseFromString(withoutPreloads(body), 'text/html');
  return {
    title: doc.title,
    description: doc.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    robots: doc.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
    jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
    ),
  };
}

describe('page heads', () => {
  it('gives every public page its own title, description and canonical link', async () => {
    const { app } = await gateway();
    const seen = new Set<string>();
    for (const [path, page] of Object.entries(PUBLIC_PAGES)) {
      const answer = await app.inject({ url: path, headers: html });
      expect(answer.statusCode, path).toBe(200);
      expect(head(answer.body), path).toEqual({
        title: documentTitle(page.title),
        description: page.description,
        canonical: `http://book.example.com${path}`,
        robots: null,
        jsonLd: [],
      });
      seen.add(documentTitle(page.title)).add(page.description);
    }
    // Each title and each description is the page's own.
    expect(seen.size).toBe(2 * Object.keys(PUBLIC_PAGES).length);
    expect(PUBLIC_PAGES['/pricing']?.description).toMatch(/Professional \$\d+\/month/);
  });

  it('links the canonical path from any spelling of it, at PUBLIC_URL when set', async () => {
    const { app } = await gateway({ publicUrl: 'https://slotwise.example/ignored/path' });
    const answer = await app.inject({ url: '/Pricing/?utm_source=x', headers: html });
    expect(head(answer.body).canonical).toBe('https://slotwise.example/pricing');
    const home = await app.inject({ url: '/', headers: html });
    expect(head(home.body).canonical).toBe('https://slotwise.example/');
  });

  it('leaves the head of other pages as the shell wrote it', async () => {
    const { app } = await gateway();
    const answer = await app.inject({ url: '/auth', headers: html });
    expect(head(answer.body)).toMatchObject({ title: 'Slotwise', canonical: null });
  });

  it('refuses a PUBLIC_URL that is not an http(s) URL', async () => {
    await expect(
      createGateway({ apiUpstream: null, publicUrl: 'slotwise.example' }),
    ).rejects.toThrow(/PUBLIC_URL/);
  });
});

describe('/book/{slug}', () => {
  it("heads the page with the business's name and description, and its LocalBusiness", async () => {
    const { app } = await gateway();
    const answer = await app.inject({ url: '/book/harbour-hair', headers: html });
    expect(answer.statusCode).toBe(200);
    const page = head(answer.body);
    expect(page.title).toBe(`Book with ${BUSINESS.name} · Slotwise`);
    expect(page.description).toBe(BUSINESS.description);
    expect(page.canonical).toBe('http://book.example.com/book/harbour-hair');
    expect(page.jsonLd).toHaveLength(1);
    const [business] = page.jsonLd;
    expect(business).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: BUSINESS.name,
      description: BUSINESS.description,
      address: BUSINESS.address,
      telephone: BUSINESS.phone,
      url: 'http://book.example.com/book/harbour-hair',
    });
    const catalog = business?.hasOfferCatalog as { itemListElement: unknown[] };
    expect(catalog.itemListElement).toEqual([
      expect.objectContaining({ price: '45.00', priceCurrency: 'AUD' }),
      expect.objectContaining({ price: '165.05', priceCurrency: 'AUD' }),
    ]);
    // The names' and descriptions' '<' never reach the HTML as markup.
    expect(answer.body.match(/<\/script>/g)).toHaveLength(
      answer.body.match(/<script/g)?.length ?? 0,
    );
    expect(answer.body).not.toContain('<!--');
  });

  it('answers 301 to the current slug from an old slug, an id and other capitals', async () => {
    const { app } = await gateway();
    for (const [path, location] of [
      ['/book/old-harbour', '/book/harbour-hair'],
      ['/book/7?service=1', '/book/harbour-hair?service=1'],
      ['/book/Harbour-Hair', '/book/harbour-hair'],
    ] as const) {
      for (const method of ['GET', 'HEAD'] as const) {
        const answer = await app.inject({ method, url: path, headers: html });
        expect(answer.statusCode, `${method} ${path}`).toBe(301);
        expect(answer.headers.location, path).toBe(location);
        // The owner may move back to an old slug: browsers must not keep the move for ever.
        expect(answer.headers['cache-control'], path).toBe('no-cache');
      }
    }
  });

  it('answers 404 with the page for a link that names no business, GET and HEAD', async () => {
    const { app, api } = await gateway();
    for (const path of ['/book/nobody-here', '/book/999']) {
      const answer = await app.inject({ url: path, headers: html });
      expect(answer.statusCode, path).toBe(404);
      expect(answer.body, path).toContain('<div id="root">');
      expect(head(answer.body), path).toMatchObject({
        title: 'Business Not Found · Slotwise',
        robots: 'noindex',
        canonical: null,
        jsonLd: [],
      });
      api.calls.length = 0;
      const headAnswer = await app.inject({ method: 'HEAD', url: path, headers: html });
      expect(headAnswer.statusCode, path).toBe(404);
      expect(api.calls.length, path).toBe(1);
    }
  });

  it('serves the page as it is (200) while the API cannot say', async () => {
    const { app } = await gateway({ apiUpstream: 'http://127.0.0.1:1' });
    const answer = await app.inject({ url: '/book/harbour-hair', headers: html });
    expect(answer.statusCode).toBe(200);
    expect(head(answer.body)).toMatchObject({ title: 'Slotwise', jsonLd: [] });
  });
});

/** The <loc>s of a sitemap, after checking it is well-formed sitemap XML. */
function sitemapLocs(xml: string): string[] {
  const window = new Window();
  const doc = new window.DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(doc.documentElement.tagName).toBe('urlset');
  expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  const urls = [...doc.documentElement.children];
  expect(urls.every((u) => u.tagName === 'url' && u.children.length === 1)).toBe(true);
  return urls.map((u) => u.getElementsByTagName('loc')[0]?.textContent ?? '');
}

describe('/sitemap.xml and robots.txt', () => {
  it('lists the public pages and every published business, absolute, cached briefly', async () => {
    const { app, api } = await gateway({ publicUrl: 'https://slotwise.example' });
    const answer = await app.inject({ url: '/sitemap.xml' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
    expect(sitemapLocs(answer.body)).toEqual([
      ...Object.keys(PUBLIC_PAGES).map((path) => `https://slotwise.example${path}`),
      'https://slotwise.example/book/harbour-hair',
      'https://slotwise.example/book/bondi-physio',
    ]);
    await app.inject({ url: '/sitemap.xml' });
    expect(api.calls).toEqual(['/api/businesses']);
  });

  it('escapes what it lists, and answers 503 (not a sitemap without the businesses) while the API is down', async () => {
    const odd = { '/api/businesses': { status: 200, body: [{ slug: 'a&b<c>' }, { slug: 3 }] } };
    const { app } = await gateway({}, odd);
    const answer = await app.inject({ url: '/sitemap.xml', headers: { host: 'x.example' } });
    expect(sitemapLocs(answer.body).at(-1)).toBe('http://x.example/book/a%26b%3Cc%3E');
    const down = await gateway({ apiUpstream: 'http://127.0.0.1:1' });
    const refused = await down.app.inject({ url: '/sitemap.xml' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
  });

  it("points robots.txt at the sitemap, after the shell's rules", async () => {
    const { app } = await gateway();
    const answer = await app.inject({ url: '/robots.txt', headers: { host: 'book.example.com' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.body).toBe('User-agent: *\n\nSitemap: http://book.example.com/sitemap.xml\n');
  });
});

describe('compressed pages', () => {
  it('sends the HTML as brotli or gzip as accepted, the same page either way', async () => {
    const { app } = await gateway();
    const get = (encoding: string) =>
      app.inject({ url: '/book/harbour-hair', headers: { ...html, 'accept-encoding': encoding } });
    const plain = await get('');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect((await get('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('compresses a 404 page and HEAD says so too, without a body', async () => {
    const { app } = await gateway();
    const missing = await app.inject({
      url: '/book/nobody-here',
      headers: { ...html, 'accept-encoding': 'br' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(missing.rawPayload).toString()).toContain('<div id="root">');
    const headAnswer = await app.inject({
      method: 'HEAD',
      url: '/pricing',
      headers: { ...html, 'accept-encoding': 'gzip' },
    });
    expect(headAnswer.headers['content-encoding']).toBe('gzip');
    expect(headAnswer.rawPayload.length).toBe(0);
  });
});
