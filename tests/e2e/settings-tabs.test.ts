// Settings' tab list at 390 px and 1280 px: on a phone the owner's many tabs stay in one row that
// scrolls sideways (the page itself does not), the open tab is scrolled into view, and the arrow
// keys move along the row keeping the new tab in view; on a desktop the bar shows every tab at once.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator } from 'playwright-core';
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

const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/slotwise-screens';

/** Whether `tab` lies wholly inside the visible part of `list`. */
async function whollyVisible(list: Locator, tab: Locator): Promise<boolean> {
  const [l, t] = [await list.boundingBox(), await tab.boundingBox()];
  return !!l && !!t && t.x >= l.x - 1 && t.x + t.width <= l.x + l.width + 1;
}

describe('the Settings tab list', () => {
  for (const width of [390, 1280]) {
    it(`fits the screen, the open tab in view (${width} px)`, async () => {
      const email = `settings-tabs-${width}-${Date.now()}@example.com`;
      const password = 'correct-horse-3';
      await ownerWithTherapist(stack.baseUrl, email, password);
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await signInOnPage(page, stack.baseUrl, email, password);
      await page.waitForURL(/\/dashboard$/);
      await page.goto(`${stack.baseUrl}/settings?tab=activity`);
      const list = page.getByRole('tablist', { name: 'Settings sections' });
      const tabs = list.getByRole('tab');
      const activity = list.getByRole('tab', { name: 'Activity' });
      await activity.waitFor();
      assert.ok((await tabs.count()) >= 10, 'an owner sees every settings tab');
      assert.equal(await activity.getAttribute('aria-selected'), 'true');

      const tops = new Set(
        await tabs.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top))),
      );
      const [scrollWidth, clientWidth] = await list.evaluate((e) => [e.scrollWidth, e.clientWidth]);
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(pageWidth <= width, `the page does not scroll sideways (${pageWidth}px)`);
      if (width < 768) {
        assert.equal(tops.size, 1, 'one row of tabs');
        assert.ok(scrollWidth > clientWidth, 'the row scrolls sideways');
      } else {
        assert.ok(scrollWidth <= clientWidth, 'every tab shows without scrolling');
      }
      assert.ok(await whollyVisible(list, activity), 'the open tab (the last) is in view');

      await page.screenshot({ path: `${SCREENSHOTS}/settings-tabs-${width}.png` });

      // Arrow keys: from Activity, Right wraps round to General, which comes into view.
      await activity.focus();
      await page.keyboard.press('ArrowRight');
      const general = list.getByRole('tab', { name: 'General' });
      await page.waitForFunction(
        () =>
          document.activeElement?.textContent === 'General' &&
          document.activeElement.getAttribute('aria-selected') === 'true',
      );
      await page.waitForURL(/tab=general/);
      assert.ok(await whollyVisible(list, general), 'the newly selected tab is in view');
      await page.close();
    });
  }
});
