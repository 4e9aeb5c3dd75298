// Payments on a server without Stripe keys, at 390 px and 1280 px: Settings → Payments says payments
// are not set up here, the policy editor stays disabled with the reason, the Payments list is
// empty with a way to set up, and the booking page asks for no payment. (The Stripe.js stand-in is
// served through request interception by payments-browser.ts; here nothing may reach Stripe.)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { pickFirstFreeTime } from '../support/date-time-picker.js';
import { type OwnerWithTherapist, ownerWithTherapist, signInOnPage } from '../support/owner.js';
import {
  DESKTOP_VIEWPORT,
  PHONE_VIEWPORT,
  pageWithFakeStripe,
  shot,
} from '../support/payments-browser.js';
import { launchBrowser, startStack, type Stack } from '../support/stack.js';

const PASSWORD = 'correct-horse-2';
const SERVICE = 'Deep Tissue Massage';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function pickService(page: Page) {
  await page
    .getByRole('button', { name: new RegExp(SERVICE) })
    .first()
    .click();
  await page.getByText('Select a date to view available times').waitFor();
}

describe('payments without Stripe keys', () => {
  let stack: Stack;
  let owner: OwnerWithTherapist;
  const email = `nopay-${Date.now()}@example.com`;

  before(async () => {
    stack = await startStack();
    owner = await ownerWithTherapist(stack.baseUrl, email, PASSWORD);
  });
  after(async () => {
    await stack?.stop();
  });

  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    it(`says payments are not set up, and nothing asks for one (${viewport.width} px)`, async () => {
      const page = await pageWithFakeStripe(browser, null, viewport);
      await signInOnPage(page, stack.baseUrl, email, PASSWORD);
      await page.waitForURL(/\/dashboard/);
      await page.goto(`${stack.baseUrl}/settings?tab=payments`);
      await page.getByText('Payments are not set up on this server', { exact: true }).waitFor();
      await page.getByText('Finish setting up payments first').waitFor();
      assert.ok(await page.getByRole('button', { name: 'Save Policy' }).isDisabled());
      assert.equal(await page.getByRole('button', { name: 'Connect with Stripe' }).count(), 0);
      await shot(page, 'settings-not-configured');

      await page.goto(`${stack.baseUrl}/payments`);
      await page.getByRole('heading', { name: 'No payments yet' }).waitFor();
      await page.getByRole('link', { name: 'Set up payments' }).waitFor();
      await shot(page, 'payments-empty');

      // The booking page offers no payment step that could not work.
      await page.goto(`${stack.baseUrl}/book/${owner.business.slug}`);
      await pickService(page);
      await pickFirstFreeTime(page);
      await page.getByRole('button', { name: 'Book Appointment' }).waitFor();
      assert.equal(await page.getByText('Booking policy').count(), 0);
      await page.close();
    });
  }
});
