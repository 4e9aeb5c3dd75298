// The gateway's answers for pages and files: HEAD as GET without the body, 404 (with the shell's
// 404 page) for a path no app claims, a real robots.txt, and caching by kind of file.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;

before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.stop();
});

const page = (path: string, method = 'GET') =>
  fetch(`${stack.baseUrl}${path}`, { method, headers: { accept: 'text/html' } });

describe('gateway pages', () => {
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
    for (const path of ['/no-such-page', '/book', '/book/a/b', '/dashboard/x', '/robots']) {
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
      '/book/any-slug-at-all',
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
    const json = await fetch(`${stack.baseUrl}/no-such-file.js`, {
      headers: { accept: 'application/javascript' },
    });
    assert.equal(json.status, 404);
  });

  it('serves a robots.txt that keeps crawlers to the public pages', async () => {
    const res = await fetch(`${stack.baseUrl}/robots.txt`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    const text = await res.text();
    assert.match(text, /^User-agent: \*$/m);
    assert.match(text, /^Allow: \/$/m);
    for (const path of ['/dashboard', '/settings', '/subscribe', '/api/', '/cancel', '/reschedule'])
      assert.match(text, new RegExp(`^Disallow: ${path}$`, 'm'), path);
    assert.doesNotMatch(text, /^Disallow: \/(book|pricing|partners)?$/m);
  });

  it('caches hashed files for a year and revalidates everything else', async () => {
    const html = await (await page('/')).text();
    const script = /<script[^>]+src="(\/main\.[0-9a-f]+\.js)"/.exec(html)?.[1];
    assert.ok(script);
    const cache = async (path: string, encoding = '') => {
      const res = await fetch(`${stack.baseUrl}${path}`, {
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
