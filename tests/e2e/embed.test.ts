// The booking widget on a business's own website: a host page served from another origin
// (http://localhost:<port>, the product at http://127.0.0.1:<port>) under a strict CSP that
// allows only the widget's script and frame, in a Chromium that blocks third-party cookies
// (--test-third-party-cookie-phaseout) and with localStorage and sessionStorage throwing inside
// the frame (an init script). A customer books through each mode and the host page hears
// booking.created, by Slotwise('on') and by DOM event.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Frame,
  type Page,
} from 'playwright-core';
import { pickFirstFreeTime } from '../support/date-time-picker.js';
import { type OwnerWithTherapist, ownerWithTherapist, signInOnPage } from '../support/owner.js';
import { CHROMIUM_ARGS, startStack, type Stack } from '../support/stack.js';

/** Screenshots for a person to look at, when SLOTWISE_SCREENSHOTS names a folder. */
const shotsDir = process.env.SLOTWISE_SCREENSHOTS;

/** Inside frames only: storage that throws, as in browsers that block it for third parties. */
const BLOCK_FRAME_STORAGE = `
if (window.top !== window) {
  for (const name of ['localStorage', 'sessionStorage']) {
    Object.defineProperty(window, name, {
      configurable: false,
      get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
    });
  }
}`;

const HOST_JS = `
window.__events = []; window.__dom = []; window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) =>
  __violations.push(e.violatedDirective + ' ' + e.blockedURI));
window.Slotwise = window.Slotwise || function () { (Slotwise.q = Slotwise.q || []).push(arguments); };
for (const type of ['ready', 'booking.created', 'booking.failed']) {
  Slotwise('on', type, (detail) => __events.push({ type, detail }));
  document.addEventListener('slotwise:' + type, (e) => __dom.push({ type, detail: e.detail }));
}
const params = new URLSearchParams(location.search);
Slotwise(params.get('mode'), JSON.parse(params.get('options')));
`;

// Hostile styles: none of it may reach the booking flow inside the frame.
const HOST_CSS = `
* { font-family: "Comic Sans MS", cursive !important; color: #c00 !important; }
h1, h2, h3 { font-size: 60px; text-transform: uppercase; }
body { margin: 0; padding: 24px; background: #fde68a; }
`;

let stack: Stack;
let browser: Browser;
let host: Server;
let hostUrl: string;
let owner: OwnerWithTherapist;

function hostPage(widgetBase: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rossi Remedial Massage — our own site</title><link rel="stylesheet" href="/host.css"></head>
<body><h1>Our own website</h1><p>Book below.</p>
<div id="slotwise-booking"></div>
<button type="button" id="slotwise-book">Book a massage</button>
<script src="/host.js"></script>
<script async src="${widgetBase}/embed.js"></script>
</body></html>`;
}

before(async () => {
  stack = await startStack();
  owner = await ownerWithTherapist(stack.baseUrl, 'embed-owner@example.com', 'Widget-pass-4821', {
    name: 'Rossi Remedial Massage',
  });
  host = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://host').pathname;
    const csp = [
      "default-src 'none'",
      `script-src 'self' ${stack.baseUrl}`,
      `frame-src ${stack.baseUrl}`,
      "style-src 'self'",
      "img-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; ');
    const [type, body] =
      path === '/host.js'
        ? ['text/javascript', HOST_JS]
        : path === '/host.css'
          ? ['text/css', HOST_CSS]
          : ['text/html; charset=utf-8', hostPage(stack.baseUrl)];
    res.writeHead(200, { 'content-type': type, 'content-security-policy': csp });
    res.end(body);
  });
  host.listen(0, '127.0.0.1');
  await once(host, 'listening');
  // Another host name and port: another origin and another site than the product's 127.0.0.1.
  hostUrl = `http://localhost:${(host.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--test-third-party-cookie-phaseout'],
  });
});
after(async () => {
  await browser?.close();
  host?.close();
  await stack?.stop();
});

async function newHostPage(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript(BLOCK_FRAME_STORAGE);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[host page]', error));
  return { context, page };
}

async function openHost(page: Page, mode: string, options: Record<string, unknown>) {
  const query = new URLSearchParams({ mode, options: JSON.stringify(options) });
  await page.goto(`${hostUrl}/?${query.toString()}`);
}

async function widgetFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe[title="Book an appointment"]').elementHandle();
  const frame = await handle!.contentFrame();
  assert.ok(frame, 'the widget is a frame');
  return frame;
}

type HostEvent = { type: string; detail: Record<string, unknown> };
const events = (page: Page, list: '__events' | '__dom' = '__events') =>
  page.evaluate((name) => (window as unknown as Record<string, HostEvent[]>)[name]!, list);

async function waitForEvent(page: Page, type: string): Promise<HostEvent> {
  await page.waitForFunction(
    (t) => (window as unknown as { __events: HostEvent[] }).__events.some((e) => e.type === t),
    type,
  );
  return (await events(page)).find((e) => e.type === type)!;
}

/** Books in the frame from the step it shows; answers the reference the confirmation shows. */
async function bookInFrame(frame: Frame, { chooseService = true, fill = true } = {}) {
  if (chooseService) {
    await frame.getByRole('heading', { name: 'Choose a Service' }).waitFor();
    await frame.getByRole('button', { name: /Deep Tissue Massage/ }).click();
  }
  await frame.getByRole('heading', { name: 'Choose Date & Time' }).waitFor();
  await pickFirstFreeTime(frame as unknown as Page);
  await frame.getByRole('heading', { name: 'Enter Your Details' }).waitFor();
  if (fill) {
    await frame.getByLabel('Your Name').fill('Alex Citizen');
    await frame.getByLabel('Mobile Number').fill('0400 123 456');
  }
  await frame.getByRole('button', { name: 'Book Appointment' }).click();
  await frame.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
  const text = await frame.locator('.bk-confirm__reference').innerText();
  return text.match(/#\d+/)![0];
}

/** The frame shows all of its content: no inner scrollbar. */
async function assertNoInnerScroll(page: Page, frame: Frame) {
  // The loader applies the last height message: give it a moment after the content settles.
  await page.waitForTimeout(300);
  const sizes = await frame.evaluate(() => ({
    scroll: document.documentElement.scrollHeight,
    client: document.documentElement.clientHeight,
  }));
  assert.ok(sizes.scroll <= sizes.client + 1, `inner scrollbar: ${JSON.stringify(sizes)}`);
}

async function assertCreated(page: Page, reference: string, mode: string) {
  const created = await waitForEvent(page, 'booking.created');
  assert.equal(created.detail.reference, reference);
  assert.equal(created.detail.mode, mode);
  assert.equal(created.detail.business, owner.business.slug);
  assert.deepEqual(created.detail.service, { id: owner.service.id, name: 'Deep Tissue Massage' });
  assert.match(String(created.detail.start), /^\d{4}-\d\d-\d\dT/);
  // No personal details leave the frame.
  assert.ok(!JSON.stringify(created).includes('Alex'), 'no customer name in the event');
  const dom = (await events(page, '__dom')).find((e) => e.type === 'booking.created');
  assert.equal(dom?.detail.reference, reference, 'the DOM event carries the same booking');
  assert.deepEqual(
    await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
    [],
    'the strict CSP refused nothing',
  );
}

describe('booking widget on another origin', () => {
  it('inline: preselected service and staff, prefilled details, sized to its content', async () => {
    for (const width of [1280, 390]) {
      const { context, page } = await newHostPage(width);
      await openHost(page, 'inline', {
        business: owner.business.slug,
        target: '#slotwise-booking',
        service: owner.service.id,
        staff: owner.staff.id,
        prefill: { name: 'Alex Citizen', phone: '0400 123 456' },
      });
      const ready = await waitForEvent(page, 'ready');
      assert.equal(ready.detail.business, owner.business.slug);
      const frame = await widgetFrame(page);

      // What the browser blocks here really is blocked in the frame.
      assert.equal(await frame.evaluate(() => document.hasStorageAccess()), false);
      const cookie = await frame.evaluate(() => {
        document.cookie = 'probe=1; path=/';
        return document.cookie;
      });
      assert.equal(cookie, '', 'a cookie written in the frame does not stick');
      await assert.rejects(
        frame.evaluate(() => localStorage.getItem('x')),
        /insecure/,
      );

      // A message from the host page itself (not the widget's origin) is ignored.
      await page.evaluate(() =>
        window.postMessage(
          { source: 'slotwise', frame: 'sw1', type: 'booking.created', data: { reference: '#0' } },
          '*',
        ),
      );
      await page.waitForTimeout(200);
      assert.ok(!(await events(page)).some((e) => e.type === 'booking.created'));

      // The host's styles stop at the frame.
      const headingColour = await frame
        .getByRole('heading', { name: 'Choose Date & Time' })
        .evaluate((h) => getComputedStyle(h).color);
      assert.notEqual(headingColour, 'rgb(204, 0, 0)');
      assert.equal(await frame.getByLabel('Your Name').count(), 0, 'starts at step 2');
      await assertNoInnerScroll(page, frame);
      if (shotsDir)
        await page.screenshot({
          path: join(shotsDir, `embed-inline-${width}.png`),
          fullPage: true,
        });

      const reference = await bookInFrame(frame, { chooseService: false, fill: false });
      await assertCreated(page, reference, 'inline');
      // Nothing in the widget leads the frame away from the booking flow.
      assert.equal(await frame.getByRole('link', { name: 'Return to Home' }).count(), 0);
      await assertNoInnerScroll(page, frame);
      if (shotsDir)
        await page.screenshot({
          path: join(shotsDir, `embed-inline-booked-${width}.png`),
          fullPage: true,
        });
      await context.close();
    }
  });

  it('popup: the page’s own button opens it over the page, Escape closes it', async () => {
    for (const width of [390, 1280]) {
      const { context, page } = await newHostPage(width);
      await openHost(page, 'popup', {
        business: owner.business.slug,
        trigger: '#slotwise-book',
        theme: { accent: '#7c3aed' },
      });
      await page.waitForFunction(
        () => (window as unknown as { Slotwise: { loaded?: boolean } }).Slotwise.loaded,
      );
      assert.equal(await page.locator('iframe').count(), 0, 'nothing opens before the click');
      await page.getByRole('button', { name: 'Book a massage' }).click();
      await page.getByRole('dialog', { name: 'Book an appointment' }).waitFor();
      await waitForEvent(page, 'ready');
      const frame = await widgetFrame(page);
      await frame.getByRole('heading', { name: 'Choose a Service' }).waitFor();
      if (shotsDir) await page.screenshot({ path: join(shotsDir, `embed-popup-${width}.png`) });
      const reference = await bookInFrame(frame);
      await assertCreated(page, reference, 'popup');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await context.close();
    }
  });

  it('floating: a corner button opens the booking flow', async () => {
    const { context, page } = await newHostPage(390);
    await openHost(page, 'floating', { business: owner.business.slug, label: 'Book now' });
    const button = page.getByRole('button', { name: 'Book now' });
    await button.waitFor();
    const box = (await button.boundingBox())!;
    assert.ok(box.x + box.width > 390 - 40 && box.y + box.height > 900 - 40, 'in the corner');
    // The host's `* { color: … !important }` does not reach the loader's own button.
    assert.equal(await button.evaluate((b) => getComputedStyle(b).color), 'rgb(255, 255, 255)');
    if (shotsDir) await page.screenshot({ path: join(shotsDir, 'embed-floating-390.png') });
    await button.click();
    await waitForEvent(page, 'ready');
    const reference = await bookInFrame(await widgetFrame(page));
    await assertCreated(page, reference, 'floating');
    await context.close();
  });
});

describe("Settings → Publishing: 'Add to your website'", () => {
  it('shows a snippet per mode with Copy, and a live preview, at 390 and 1280 px', async () => {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signInOnPage(page, stack.baseUrl, 'embed-owner@example.com', 'Widget-pass-4821');
      await page.waitForURL(/\/dashboard/);
      await page.goto(`${stack.baseUrl}/settings?tab=publishing`);
      await page.getByRole('heading', { name: 'Add to your website' }).waitFor();
      const snippet = page.getByLabel('Inline snippet');
      assert.match(await snippet.innerText(), new RegExp(`business: '${owner.business.slug}'`));
      assert.match(await snippet.innerText(), new RegExp(`src="${stack.baseUrl}/embed.js"`));
      await page.getByRole('tab', { name: 'Floating button' }).click();
      assert.match(
        await page.getByLabel('Floating button snippet').innerText(),
        /Slotwise\('floating'/,
      );
      const preview = page.frameLocator('iframe[title="Preview of your booking widget"]');
      await preview.getByRole('heading', { name: 'Choose a Service' }).waitFor();
      await preview.getByRole('button', { name: /Deep Tissue Massage/ }).waitFor();
      // No site chrome in the widget: its page has no header or footer of its own.
      assert.equal(await preview.locator('.shell-header, footer').count(), 0);
      if (shotsDir)
        await page.screenshot({
          path: join(shotsDir, `embed-publishing-${width}.png`),
          fullPage: true,
        });
      await context.close();
    }
  });
});
