import { afterEach, describe, expect, it } from 'vitest';
import { BOOKING_PAGES, fakeApi } from '../test-support/fixtures.js';
import { fetchPageData, pageDataCalls } from './page-data.js';
import type { PublishedPage } from './page-routes.js';

const BOOKING = BOOKING_PAGES[1] ?? { path: '' };
const DECLARED = new Set(['GET business/slug/:slug', 'GET business/slug/:slug/services']);
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('pageDataCalls', () => {
  it("fills the declared routes with the page's parameters, encoded", () => {
    expect(pageDataCalls(BOOKING, { businessSlug: 'harbour hair' }, DECLARED)).toEqual([
      '/api/business/slug/harbour%20hair',
      '/api/business/slug/harbour%20hair/services',
    ]);
  });

  it("calls no route the gateway's own remotes do not declare, and never /api/dev", () => {
    const page: PublishedPage = {
      path: '/x/:id',
      data: [
        { route: 'GET dev/outbox' },
        { route: 'GET business/:id', params: { id: 'id' } },
        { route: 'GET customers/:id', params: { id: 'id' } },
        { route: 'POST business/slug/:slug', params: { slug: 'id' } },
      ],
    };
    const declaredAll = new Set([...DECLARED, ...(page.data ?? []).map((d) => d.route)]);
    expect(pageDataCalls(page, { id: '7' }, DECLARED)).toEqual([]);
    // Even declared, the development mailbox and other methods stay out.
    expect(pageDataCalls(page, { id: '7' }, declaredAll)).toEqual([
      '/api/business/7',
      '/api/customers/7',
    ]);
  });

  it('calls nothing for a parameter that leaves the route, is missing, or is not a string', () => {
    for (const businessSlug of ['..', '.', ''])
      expect(pageDataCalls(BOOKING, { businessSlug }, DECLARED)).toEqual([]);
    expect(pageDataCalls(BOOKING, {}, DECLARED)).toEqual([]);
    const odd = { path: '/x', data: [{ route: 42 }, null] } as never;
    expect(pageDataCalls(odd, {}, DECLARED)).toEqual([]);
  });
});

describe('fetchPageData', () => {
  it('keeps the answers that come, by path, and leaves out what fails', async () => {
    const api = await fakeApi();
    closers.push(() => api.app.close());
    api.app.log.level = 'silent';
    const data = await fetchPageData(api.url, ['/api/business/slug/a']);
    expect(data).toEqual({
      '/api/business/slug/a': expect.objectContaining({ path: '/api/business/slug/a' }),
    });
    expect(await fetchPageData('http://127.0.0.1:1', ['/api/business/slug/a'])).toEqual({});
  });
});
