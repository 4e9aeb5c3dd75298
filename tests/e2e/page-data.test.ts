// The booking page's first screen comes with its HTML: the gateway embeds the answers the page
// declares (its route's `data` in the booking remote's manifest), so step 1 shows without a request
// of its own, and the API client's transport (axios) loads only when the visitor acts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { PAGE_DATA_ELEMENT_ID } from '@slotwise/contracts';
import { launchBrowser, startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let browser: Browser;

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await stack?.stop();
});

const SLUG = 'harbour-hair-studio';

/**
 * What a page has the browser fetch with it: its `<link rel="preload">`s, or on a server-rendered
 * page the list its loader preloads and runs after first paint (no preload in its head).
 */
function loadedWith(html: string): string[] {
  const links = [
    ...html.matchAll(/<link rel="preload" as="\w+"(?: crossorigin)? href="([^"]+)">/g),
  ].map((m) => m[1]!);
  const loader = /<script type="application\/json" id="slotwise-scripts">(.*?)<\/script>/.exec(
    html,
  )?.[1];
  if (!loader) return links;
  const { scripts, preload } = JSON.parse(loader) as { scripts: string[]; preload: string[] };
  return [...new Set([...links, ...preload, ...scripts])];
}

describe('data embedded in the page', () => {
  it('serves /book/{slug} with its business and services, and nothing for other pages', async () => {
    const html = await (await fetch(`${stack.baseUrl}/book/${SLUG}`)).text();
    const block = new RegExp(
      `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`,
    ).exec(html)?.[1];
    assert.ok(block, 'the page carries its data');
    const data = JSON.parse(block) as Record<string, unknown>;
    assert.deepEqual(Object.keys(data).sort(), [
      `/api/business/slug/${SLUG}`,
      `/api/business/slug/${SLUG}/services`,
    ]);
    assert.equal(
      (data[`/api/business/slug/${SLUG}`] as { name: string }).name,
      'Harbour Hair Studio',
    );

    const unknown = await (await fetch(`${stack.baseUrl}/book/no-such-business`)).text();
    assert.ok(
      !unknown.includes(PAGE_DATA_ELEMENT_ID),
      'no data for a business that does not exist',
    );
    const other = await (await fetch(`${stack.baseUrl}/pricing`)).text();
    assert.ok(!other.includes(PAGE_DATA_ELEMENT_ID), 'no data for a page that declares none');
  });

  it("preloads the shell's start-up, the page's remote entry, App and page, which the page then uses", async () => {
    const html = await (await fetch(`${stack.baseUrl}/book/${SLUG}`)).text();
    const preloaded = loadedWith(html);
    const list = preloaded.join(' ');
    for (const expected of [
      /^\/main\.\w+\.js$/,
      /^\/remotes\.json$/,
      // Not the remote's manifest: the server-rendered page names the remote's entry itself.
      /^\/remotes\/booking\/remoteEntry\.js$/,
      /^\/remotes\/booking\/__federation_expose_App\.\w+\.js$/,
      // The page's code: its own chunk, or (shared with the widget's page, /embed/{slug}) a
      // numbered one.
      /^\/remotes\/booking\/(page-booking|\d+)\.\w+\.js$/,
      /^\/remotes\/booking\/page-booking\.\w+\.css$/,
    ]) {
      assert.ok(
        preloaded.some((href) => expected.test(href)),
        `${expected} in ${list}`,
      );
    }
    // Not the booking remote's other pages.
    assert.ok(!/page-(directory|cancel|reschedule)/.test(list), list);
    // The marketing pages (the home too) preload theirs; the shell's own pages (sign-in) only the
    // shell's start-up.
    for (const path of ['/pricing', '/']) {
      const marketing = await (await fetch(`${stack.baseUrl}${path}`)).text();
      assert.ok(loadedWith(marketing).includes('/remotes/marketing/remoteEntry.js'), path);
    }
    const signIn = await (await fetch(`${stack.baseUrl}/auth`)).text();
    assert.match(signIn, /rel="preload" as="script" href="\/main\./);
    assert.ok(!signIn.includes('/remotes/'));

    // Each preloaded file is one the page uses: fetched once (a preload the page does not match
    // is fetched a second time), and no 'preloaded but not used' warning in the console.
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const requests = new Map<string, number>();
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      requests.set(path, (requests.get(path) ?? 0) + 1);
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    await page.goto(`${stack.baseUrl}/book/${SLUG}`);
    await page.getByRole('heading', { name: 'Choose a Service' }).waitFor();
    await page.waitForLoadState('networkidle');
    // Chromium warns about an unused preload a few seconds after the load.
    await page.waitForTimeout(3500);
    for (const href of preloaded) assert.equal(requests.get(href), 1, `${href} fetched once`);
    assert.deepEqual(warnings, []);
    await page.close();
  });

  it('shows step 1 with no API request and no HTTP client until the visitor picks a service', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const api: string[] = [];
    const scripts: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) api.push(url.pathname);
      if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
    });
    await page.goto(`${stack.baseUrl}/book/${SLUG}`);
    await page.getByRole('heading', { name: 'Choose a Service' }).waitFor();
    await page.getByText("Women's Cut & Blow-Dry").first().waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(api, [], 'step 1 made no API request');
    const before = scripts.length;

    await page
      .getByRole('button', { name: /Women's Cut & Blow-Dry/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Choose Date & Time' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.ok(
      api.some((path) => path === `/api/business/slug/${SLUG}/staff`),
      `choosing a service asks for its staff: ${api.join(', ')}`,
    );
    assert.ok(scripts.length > before, 'the HTTP client loaded when it was first needed');
    await page.close();
  });
});
