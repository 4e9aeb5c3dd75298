// Public pages come rendered from the gateway (decision 41): /book/{slug} shows its business,
// services and prices without JavaScript; with it, the page hydrates the server's elements (the
// same <h1>, no hydration warning); / and /partners come rendered too; and a booking remote rebuilt
// on its own is rendered by the gateway within seconds, without a restart.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { formatPrice } from '@slotwise/contracts';
import { root } from '../../scripts/lib.mjs';
import { launchBrowser, startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let browser: Browser;
// The booking remote is served from a copy of its build, which a test redeploys in place.
const bookingDir = mkdtempSync(join(tmpdir(), 'slotwise-ssr-booking-'));

before(async () => {
  cpSync(join(root, 'apps/booking-mfe/dist'), bookingDir, { recursive: true });
  // What is tested here is the rendering, not its timing (the gateway's unit tests hold the
  // 150 ms budget and the fallback): on this shared machine a render may take longer.
  stack = await startStack({
    remoteDirs: { booking: bookingDir },
    serverRender: { budgetMs: 2000, limitMs: 4000 },
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await stack?.stop();
});

const SLUG = 'harbour-hair-studio';
/** The marketing remote's pages (apps/marketing-mfe/src/routes.json). */
const MARKETING_PAGES = [
  '/',
  '/how-it-works',
  '/about',
  '/features',
  '/pricing',
  '/support',
  '/privacy',
  '/terms',
];

interface Service {
  name: string;
  price: number;
  duration: number;
  isActive: boolean;
}

/** The content the server put in #root. */
const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<script/.exec(html)?.[1] ?? '';

/**
 * Opens `path` with the shell's script held until the server's <h1> is marked, waits for the
 * remote's page to hydrate and the start-up requests to settle, and checks that the <h1> is the
 * element the server sent and that nothing was logged as an error or warning.
 */
async function hydrated(path: string) {
  const page = await browser.newPage();
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(m.text());
  });
  page.on('pageerror', (e) => messages.push(e.message));
  await page.addInitScript(() => {
    window.addEventListener('slotwise:page-ready', () => {
      (window as { pageReady?: boolean }).pageReady = true;
    });
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/main\.\w+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${stack.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
  await page.evaluate(() => {
    const h1 = document.querySelector('h1');
    if (!h1) throw new Error('no server-rendered <h1>');
    (window as { serverH1?: Element }).serverH1 = h1;
  });
  release();
  await page.waitForFunction(() => (window as { pageReady?: boolean }).pageReady === true);
  // The session check and the remotes' lists arrive after hydration: give them time to land.
  await page.waitForLoadState('networkidle');
  assert.equal(
    await page.evaluate(
      () => document.querySelector('h1') === (window as { serverH1?: Element }).serverH1,
    ),
    true,
    `${path}: the <h1> is the element the server sent`,
  );
  assert.deepEqual(messages, [], path);
  return page;
}

describe('server rendering', () => {
  it('shows /book/{slug} with its business, services and prices without JavaScript', async () => {
    const services = (await (
      await fetch(`${stack.apiUrl}/api/business/slug/${SLUG}/services`)
    ).json()) as Service[];
    const active = services.filter((s) => s.isActive);
    assert.ok(active.length > 0);

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/book/${SLUG}`);
    assert.equal(
      await page.getByRole('heading', { level: 1 }).textContent(),
      'Harbour Hair Studio',
    );
    await page.getByRole('heading', { name: 'Choose a Service' }).waitFor();
    const text = (await page.locator('#root').textContent()) ?? '';
    for (const service of active) {
      assert.ok(text.includes(service.name), `${service.name} is listed`);
      const price = formatPrice(service.price);
      assert.ok(text.includes(price), `${service.name}'s price ${price} is shown`);
      assert.ok(text.includes(`${service.duration} min`), `${service.name}'s duration is shown`);
    }
    // Its styles came with the HTML: the page is laid out, not bare.
    const background = await page
      .locator('.bk-business')
      .evaluate((e) => getComputedStyle(e).backgroundColor);
    assert.notEqual(background, 'rgba(0, 0, 0, 0)');
    // Booking itself needs JavaScript, and the page says so; the home page reads fine without it.
    // (Playwright's text matching skips <noscript>, so the element is counted.)
    assert.match(
      (await page.locator('noscript').textContent()) ?? '',
      /needs JavaScript to book appointments/,
    );
    await page.goto(`${stack.baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.equal(await page.locator('noscript').count(), 0);
    await context.close();
  });

  it("sends each answer once: the server render's queries are not repeated in the page's data", async () => {
    const html = await (
      await fetch(`${stack.baseUrl}/book/${SLUG}`, { headers: { accept: 'text/html' } })
    ).text();
    assert.match(html, /id="slotwise-server-render"/);
    const block = /<script type="application\/json" id="slotwise-page-data">(.*?)<\/script>/.exec(
      html,
    )?.[1];
    const data = block ? (JSON.parse(block) as Record<string, unknown>) : {};
    for (const path of [`/api/business/slug/${SLUG}`, `/api/business/slug/${SLUG}/services`])
      assert.ok(!(path in data), `${path} is only in the server render's state`);
  });

  it("hydrates /book/{slug}: the server's <h1> stays the same element, with no hydration warning", async () => {
    const page = await hydrated(`/book/${SLUG}`);
    // Hydrated, not just painted: choosing a service moves the wizard on.
    await page.locator('.bk-service').first().click();
    await page.locator('.bk-progress__item[aria-current="step"]', { hasText: '2' }).waitFor();
    await page.close();
  });

  it('keeps a tap on a service made before the page hydrated, and acts on it once it has', async () => {
    const page = await browser.newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/main\.\w+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${stack.baseUrl}/book/${SLUG}`, { waitUntil: 'domcontentloaded' });
    // The server's button, before any script of the page has run.
    await page.locator('.bk-service').first().click();
    assert.equal(
      await page
        .locator('.bk-progress__item[aria-current="step"] .bk-progress__circle')
        .textContent(),
      '1',
    );
    release();
    await page.locator('.bk-progress__item[aria-current="step"]', { hasText: '2' }).waitFor();
    await page.close();
  });

  it("hydrates / the same way: the server's <h1> kept, no warning", async () => {
    const page = await hydrated('/');
    await page.close();
  });

  it('renders / and every marketing page, and /partners, on the server too', async () => {
    for (const path of MARKETING_PAGES) {
      const html = rootOf(await (await fetch(`${stack.baseUrl}${path}`)).text());
      assert.match(html, /data-remote="marketing"/, path);
      assert.match(html, /<h1[^>]*>/, path);
    }
    const partners = rootOf(await (await fetch(`${stack.baseUrl}/partners`)).text());
    assert.match(partners, /Our Business Partners/);
    assert.match(partners, /Harbour Hair Studio/);
  });

  it('renders a booking remote rebuilt on its own within 5 seconds, without restarting the gateway', async () => {
    const buildId = `ssr-redeploy-${Date.now()}`;
    const build = spawnSync('npx', ['rspack', 'build'], {
      cwd: join(root, 'apps/booking-mfe'),
      env: { ...process.env, SLOTWISE_BUILD_ID: buildId, SLOTWISE_OUT_DIR: bookingDir },
      encoding: 'utf8',
    });
    assert.equal(build.status, 0, build.stderr || build.stdout);
    const built = Date.now();
    let html = '';
    while (Date.now() - built < 5000) {
      html = rootOf(await (await fetch(`${stack.baseUrl}/book/${SLUG}`)).text());
      if (html.includes(`data-build-id="${buildId}"`)) break;
      await new Promise((done) => setTimeout(done, 250));
    }
    assert.ok(html.includes(`data-build-id="${buildId}"`), 'the new build rendered the page');
    assert.ok(html.includes('Harbour Hair Studio'));
  });
});
