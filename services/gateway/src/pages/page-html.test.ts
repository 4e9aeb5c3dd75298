import { PAGE_DATA_ELEMENT_ID } from '@slotwise/contracts';
import { describe, expect, it } from 'vitest';
import { BOOKING_PAGES, INDEX_HTML, manifest } from '../test-support/fixtures.js';
import { Window } from 'happy-dom';
import { pageDataBlock, pageHtml, preloads, withHead } from './page-html.js';
import type { PageMatch } from './page-routes.js';

const match: PageMatch = {
  name: 'booking',
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

/** happy-dom would fetch a page's preloads (from about:blank): they are not what is read here. */
const withoutPreloads = (html: string) => html.replace(/<link rel="preload"[^>]*>/g, '');

/** An HTML document as a browser reads it. */
function parseHtml(html: string) {
  const window = new Window();
  const doc = new window.DOMParser().parseFromString(withoutPreloads(html), 'text/html');
  return {
    title: doc.title,
    description: doc.querySelector('meta[name="description"]')?.getAttribute('content'),
    descriptions: doc.querySelectorAll('meta[name="description"]').length,
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    robots: doc.querySelector('meta[name="robots"]')?.getAttribute('content'),
    scripts: [...doc.querySelectorAll('script')].map((s) => s.getAttribute('type')),
    jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent ?? '') as unknown,
    ),
  };
}

const SHELL_HTML =
  '<!doctype html><html><head><meta charset="utf-8" />\n<meta\n  name="description"\n  content="The shell\'s own."\n/>\n<title>Slotwise</title></head><body><div id="root"></div></body></html>';

describe('withHead', () => {
  it("replaces the shell's title and description and adds the canonical link", () => {
    const head = parseHtml(
      withHead(SHELL_HTML, {
        title: 'Pricing · Slotwise',
        description: 'Plans in AUD.',
        canonical: 'https://slotwise.example/pricing',
      }),
    );
    expect(head).toMatchObject({
      title: 'Pricing · Slotwise',
      description: 'Plans in AUD.',
      descriptions: 1,
      canonical: 'https://slotwise.example/pricing',
      robots: undefined,
      jsonLd: [],
    });
    expect(parseHtml(withHead(INDEX_HTML, { description: 'Added.' })).description).toBe('Added.');
    expect(withHead(SHELL_HTML, {})).toBe(SHELL_HTML);
  });

  it('escapes every value, so none can leave its element or attribute', () => {
    const hostile = "</title><script>alert(1)</script>\"><a href='x'>$&$`";
    const html = withHead(SHELL_HTML, {
      title: hostile,
      description: hostile,
      canonical: `https://x.example/"${hostile}`,
      noindex: true,
      jsonLd: { name: '</script><script>alert(1)</script><!-- $& \u2028' },
    });
    const head = parseHtml(html);
    expect(head.title).toBe(hostile);
    expect(head.description).toBe(hostile);
    expect(head.canonical).toBe(`https://x.example/"${hostile}`);
    expect(head.robots).toBe('noindex');
    // No script but the JSON-LD block: nothing was injected.
    expect(head.scripts).toEqual(['application/ld+json']);
    expect(head.jsonLd).toEqual([{ name: '</script><script>alert(1)</script><!-- $& \u2028' }]);
    expect(html).not.toContain('<!--');
  });
});

describe('pageHtml', () => {
  it('writes the head of a page that no remote serves, and takes no value as a pattern', () => {
    const html = pageHtml(SHELL_HTML, null, { '/api/x': { text: "$' $& $`" } }, { title: "$'" });
    expect(parseHtml(html).title).toBe("$'");
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain('{"/api/x":{"text":"$\' $& $`"}}</script></head>');
  });
});
