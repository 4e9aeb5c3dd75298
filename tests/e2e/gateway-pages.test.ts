// The gateway's answers for pages and files: HEAD as GET without the body, 404 (with the shell's
// 404 page) for a path no app claims or a booking link that names no business, 301 from a
// business's old link or id, a real robots.txt, caching by kind of file, and what search engines
// read (each page's head, a business's JSON-LD, the sitemap).
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Service } from '@slotwise/contracts';
import { useBrowserStack } from '../support/browser-stack.js';

const e2e = useBrowserStack();
const SLUG = 'harbour-hair-studio';
const OLD_SLUG = 'harbour-hair-old-link';

const page = (path: string, method = 'GET') =>
  fetch(`${e2e.stack.baseUrl}${path}`, { method, headers: { accept: 'text/html' } });

describe('gateway pages', () => {
  // In the suite: beside useBrowserStack at the top level it ran before the database was connected.
  before(async () => {
    // An old booking link of a seeded business, as an owner's change of slug leaves it.
    await e2e.db.query(
      'INSERT INTO business_slug_history (slug, business_id) SELECT $1, id FROM businesses WHERE slug = $2',
      [OLD_SLUG, SLUG],
    );
  });

  it('answers HEAD on a page like GET, without the body', async () => {
    for (const path of ['/', '/book/harbour-hair-studio', '/auth', '/no-such-page']) {
      const [get, head] = [await page(path), await page(path, 'HEAD')];
      assert.equal(head.status, get.status, path);
      assert.match(head.headers.get('content-type') ?? '', /^text\/html/, path);
      assert.equal(head.headers.get('cache-control'), 'no-cache', path);
      assert.equal(await head.text(), '', path);
      await get.text();
    }
  });

  it('answers 404 with the shell’s page for a path no app claims, 200 for every known page', async () => {
    for (const path of [
      '/no-such-page',
      '/book',
      '/book/a/b',
      '/dashboard/x',
      '/robots',
      '/book/any-slug-at-all',
      '/book/987654',
    ]) {
      const res = await page(path);
      assert.equal(res.status, 404, path);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(await res.text(), /<div id="root">/, `${path}: the shell renders its 404 page`);
    }
    const known = [
      '/',
      '/pricing',
      '/Pricing',
      '/partners',
      '/book/harbour-hair-studio',
      '/cancel',
      '/reschedule',
      '/dashboard',
      '/settings',
      '/subscribe',
      '/auth',
      '/verify-email',
      '/reset-password',
      '/dev/outbox',
      '/about/',
    ];
    for (const path of known) {
      const res = await page(path);
      assert.equal(res.status, 200, path);
      assert.match(await res.text(), /<div id="root">/, path);
    }
    // Not a page request: JSON, as before.
    const json = await fetch(`${e2e.stack.baseUrl}/no-such-file.js`, {
      headers: { accept: 'application/javascript' },
    });
    assert.equal(json.status, 404);
  });

  it('serves a robots.txt that keeps crawlers to the public pages', async () => {
    const res = await fetch(`${e2e.stack.baseUrl}/robots.txt`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    const text = await res.text();
    assert.match(text, /^User-agent: \*$/m);
    assert.match(text, /^Allow: \/$/m);
    for (const path of ['/dashboard', '/settings', '/subscribe', '/api/', '/cancel', '/reschedule'])
      assert.match(text, new RegExp(`^Disallow: ${path}$`, 'm'), path);
    assert.doesNotMatch(text, /^Disallow: \/(book|pricing|partners)?$/m);
    assert.match(text, new RegExp(`^Sitemap: ${e2e.stack.baseUrl}/sitemap.xml$`, 'm'));
  });

  it('caches hashed files for a year and revalidates everything else', async () => {
    // A client-rendered page names its scripts in tags (a server-rendered one in its loader's list).
    const html = await (await page('/auth')).text();
    const script = /<script[^>]+src="(\/main\.[0-9a-f]+\.js)"/.exec(html)?.[1];
    assert.ok(script);
    const cache = async (path: string, encoding = '') => {
      const res = await fetch(`${e2e.stack.baseUrl}${path}`, {
        headers: { 'accept-encoding': encoding },
      });
      await res.arrayBuffer();
      assert.equal(res.status, 200, path);
      return [res.headers.get('cache-control'), res.headers.get('content-encoding')];
    };
    assert.deepEqual(await cache(script), ['public, max-age=31536000, immutable', null]);
    assert.deepEqual(await cache(script, 'br'), ['public, max-age=31536000, immutable', 'br']);
    for (const path of [
      '/remotes.json',
      '/remotes/booking/mf-manifest.json',
      '/remotes/booking/remoteEntry.js',
      '/favicon.svg',
      '/robots.txt',
      '/index.html',
    ]) {
      assert.equal((await cache(path))[0], 'no-cache', path);
    }
    assert.deepEqual(await cache('/remotes/booking/mf-manifest.json', 'br'), ['no-cache', 'br']);
  });
});

/** The first match of `re` in `html`, or ''. */
const first = (html: string, re: RegExp) => re.exec(html)?.[1] ?? '';

describe('gateway pages for search engines', () => {
  it('answers 301 from an old link and from an id to the current link, and 404 for no business', async () => {
    const business = (await (
      await fetch(`${e2e.stack.baseUrl}/api/business/slug/${SLUG}`)
    ).json()) as {
      id: number;
    };
    for (const from of [`/book/${OLD_SLUG}`, `/book/${business.id}`, '/book/Harbour-Hair-Studio']) {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(`${e2e.stack.baseUrl}${from}?ref=x`, {
          method,
          redirect: 'manual',
          headers: { accept: 'text/html' },
        });
        assert.equal(res.status, 301, `${method} ${from}`);
        assert.equal(res.headers.get('location'), `/book/${SLUG}?ref=x`, from);
        await res.arrayBuffer();
      }
    }
    // Followed, the redirect ends on the business's page.
    const followed = await page(`/book/${OLD_SLUG}`);
    assert.equal(followed.status, 200);
    assert.equal(new URL(followed.url).pathname, `/book/${SLUG}`);
    await followed.text();

    for (const method of ['GET', 'HEAD']) {
      const missing = await page('/book/no-business-has-this-link', method);
      assert.equal(missing.status, 404, method);
      assert.match(missing.headers.get('content-type') ?? '', /^text\/html/);
      if (method === 'GET') {
        const html = await missing.text();
        assert.match(html, /<div id="root">/);
        assert.match(html, /<meta name="robots" content="noindex">/);
      }
    }
  });

  it("embeds a seeded business's LocalBusiness with its active services' offers", async () => {
    const res = await page(`/book/${SLUG}`);
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(
      first(html, /<title>(.*?)<\/title>/),
      /^Book with Harbour Hair Studio · Slotwise$/,
    );
    assert.equal(
      first(html, /<link rel="canonical" href="([^"]*)">/),
      `${e2e.stack.baseUrl}/book/${SLUG}`,
    );
    const jsonLd = JSON.parse(
      first(html, /<script type="application\/ld\+json">(.*?)<\/script>/),
    ) as {
      '@type': string;
      name: string;
      address: string;
      telephone: string;
      url: string;
      hasOfferCatalog: {
        '@type': string;
        itemListElement: {
          itemOffered: { name: string; description?: string };
          price: string;
          priceCurrency: string;
        }[];
      };
    };
    assert.equal(jsonLd['@type'], 'LocalBusiness');
    assert.equal(jsonLd.name, 'Harbour Hair Studio');
    assert.equal(jsonLd.address, '112 Crown Street, Surry Hills NSW 2010');
    assert.equal(jsonLd.telephone, '02 9361 4820');
    assert.equal(jsonLd.url, `${e2e.stack.baseUrl}/book/${SLUG}`);
    assert.equal(jsonLd.hasOfferCatalog['@type'], 'OfferCatalog');
    const services = (await (
      await fetch(`${e2e.stack.baseUrl}/api/business/slug/${SLUG}/services`)
    ).json()) as Service[];
    assert.ok(services.length > 0);
    assert.deepEqual(
      jsonLd.hasOfferCatalog.itemListElement.map((o) => [
        o.itemOffered.name,
        o.price,
        o.priceCurrency,
      ]),
      services.filter((s) => s.isActive).map((s) => [s.name, (s.price / 100).toFixed(2), 'AUD']),
    );
    assert.ok(
      jsonLd.hasOfferCatalog.itemListElement.some(
        (o) => o.itemOffered.name === "Men's Cut" && o.price === '45.00',
      ),
    );
  });

  it('lists the published businesses and the public pages in /sitemap.xml', async () => {
    const res = await fetch(`${e2e.stack.baseUrl}/sitemap.xml`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/xml/);
    const xml = await res.text();
    assert.match(
      xml,
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    for (const path of [`/book/${SLUG}`, '/book/bondi-physio-co', '/', '/pricing', '/partners'])
      assert.ok(locs.includes(`${e2e.stack.baseUrl}${path}`), path);
    assert.ok(!locs.some((loc) => loc?.includes(OLD_SLUG)));
  });

  it('gives each public page its head, compressed, and keeps the title the page sets itself', async () => {
    for (const path of ['/pricing', '/about', `/book/${SLUG}`, '/partners']) {
      const res = await fetch(`${e2e.stack.baseUrl}${path}`, {
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      });
      assert.equal(res.headers.get('content-encoding'), 'br', path);
      const html = await res.text();
      const title = first(html, /<title>(.*?)<\/title>/)
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&');
      assert.equal(
        first(html, /<link rel="canonical" href="([^"]*)">/),
        `${e2e.stack.baseUrl}${path}`,
      );
      assert.match(html, /<meta name="description" content="[^"]{40,}">/, path);
      // Once the page has rendered, its own title is the one the server sent.
      const tab = await e2e.browser.newPage();
      await tab.goto(`${e2e.stack.baseUrl}${path}`);
      await tab.locator('h1').first().waitFor();
      assert.equal(await tab.title(), title, path);
      await tab.close();
    }
  });
});
