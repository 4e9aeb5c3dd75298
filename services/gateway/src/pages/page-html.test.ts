import { PAGE_DATA_ELEMENT_ID } from '@slotwise/contracts';
import { describe, expect, it } from 'vitest';
import { BOOKING_PAGES, INDEX_HTML, manifest } from '../test-support/fixtures.js';
import { pageDataBlock, pageHtml, preloads } from './page-html.js';
import type { PageMatch } from './page-routes.js';

const match: PageMatch = {
  url: '/remotes/booking/mf-manifest.json',
  manifest: manifest(BOOKING_PAGES),
  page: BOOKING_PAGES[1] ?? { path: '' },
  params: { businessSlug: 'harbour' },
};

describe('preloads', () => {
  it("lists remotes.json, the manifest, the remote's entry, its App and the page's files", () => {
    expect(preloads(match)).toEqual([
      '/remotes.json',
      '/remotes/booking/mf-manifest.json',
      '/remotes/booking/remoteEntry.js',
      '/remotes/booking/app.1a2b3c4d.js',
      '/remotes/booking/app.5e6f7a8b.css',
      '/remotes/booking/page-booking.0a1b2c3d.js',
    ]);
  });

  it('keeps the origin of a remote served elsewhere', () => {
    const elsewhere = { ...match, url: 'https://cdn.example.com/booking/mf-manifest.json' };
    expect(preloads(elsewhere)[2]).toBe('https://cdn.example.com/booking/remoteEntry.js');
  });
});

describe('pageHtml', () => {
  it('puts the preloads and the data block before </head>', () => {
    const html = pageHtml(INDEX_HTML, match, { '/api/x': { ok: true } });
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/remotes.json">' +
        '<link rel="preload" as="fetch" crossorigin href="/remotes/booking/mf-manifest.json">' +
        '<link rel="preload" as="script" href="/remotes/booking/remoteEntry.js">',
    );
    expect(html).toContain(
      '<link rel="preload" as="style" href="/remotes/booking/app.5e6f7a8b.css">',
    );
    expect(html).toMatch(
      new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">.*</script></head>`),
    );
  });

  it('embeds no block without data, and no value can close the block', () => {
    expect(pageDataBlock({})).toBe('');
    const block = pageDataBlock({ '/api/x': { name: '</script><script>alert(1)</script>' } });
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script[^>]*>(.*)<\/script>/.exec(block)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ '/api/x': { name: '</script><script>alert(1)</script>' } });
  });
});
