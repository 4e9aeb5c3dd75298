// Settings → Calendar Feeds (decision record 021): the owner sees the business's and the staff
// member's feed links (https and webcal) with the calendar apps' guidance, the https link serves an
// iCalendar feed, and 'New link' replaces a link so the old one stops working (1280 and 390 px).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { ownerWithTherapist, signInOnPage } from '../support/owner.js';
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

/** The feed at a link, fetched from the test stack (the link names the public origin). */
const fetchFeed = (link: string) => fetch(new URL(new URL(link).pathname, stack.baseUrl));

describe('calendar feeds in Settings', () => {
  const email = `feeds-${Date.now()}@example.com`;
  const password = 'correct-horse-2';

  before(async () => {
    await ownerWithTherapist(stack.baseUrl, email, password, { name: 'Feed Physio' });
  });

  for (const width of [1280, 390]) {
    it(`shows the links and guidance, and makes a new link, at ${width} px`, async () => {
      const page: Page = await browser.newPage({
        viewport: { width, height: width > 800 ? 900 : 844 },
      });
      try {
        await signInOnPage(page, stack.baseUrl, email, password);
        await page.waitForURL(/\/dashboard$/);
        await page.goto(`${stack.baseUrl}/settings?tab=calendar`);
        await page.getByRole('heading', { name: 'Calendar Feeds' }).waitFor();
        await page.getByText('Calendar apps check feeds on their own schedule').waitFor();
        await page.getByText('From URL').waitFor();
        await page.getByText('Subscribe from web').waitFor();
        const business = page.locator('[data-feed="business"]');
        const staff = page.locator('[data-feed="staff"]');
        await business.getByText('All bookings – Feed Physio').waitFor();
        await staff.getByText('Mia Rossi').waitFor();
        const [https, webcal] = await staff.locator('code').allTextContents();
        assert.match(https!, /^https?:\/\/.+\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
        assert.equal(webcal, https!.replace(/^https?:\/\//, 'webcal://'));
        assert.equal(await business.getByRole('button', { name: /^Copy/ }).count(), 2);
        await page.screenshot({ path: `/tmp/calendar-feeds-${width}.png`, fullPage: true });

        const feed = await fetchFeed(https!);
        assert.equal(feed.status, 200);
        assert.match(feed.headers.get('content-type') ?? '', /^text\/calendar/);
        assert.match(await feed.text(), /BEGIN:VTIMEZONE\r\nTZID:Australia\/Sydney/);

        await staff.getByRole('button', { name: 'New link' }).click();
        const dialog = page.getByRole('dialog', { name: 'Make a new link?' });
        await dialog.getByRole('button', { name: 'Make New Link' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await page.locator('.sw-toast').getByText('New link made').first().waitFor();
        await page.waitForFunction(
          (old) => document.querySelector('[data-feed="staff"] code')?.textContent !== old,
          https,
        );
        assert.equal((await fetchFeed(https!)).status, 404);
        const fresh = (await staff.locator('code').first().textContent())!;
        assert.equal((await fetchFeed(fresh)).status, 200);
      } finally {
        await page.close();
      }
    });
  }
});
