// Browser-test helpers for payments: Stripe.js cannot load here, so every page these helpers open
// gets our stand-in (tests/support/fake-stripe-js.js) for https://js.stripe.com/* through
// Playwright's request interception, and its calls to https://api.stripe.com/* are answered by the
// fake Stripe server on loopback (which then signs and posts the webhooks to the API).
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';

const FAKE_STRIPE_JS = readFileSync(new URL('./fake-stripe-js.js', import.meta.url), 'utf8');

export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const DESKTOP_VIEWPORT = { width: 1280, height: 900 };

/** A page whose Stripe.js is the stand-in and whose Stripe API calls reach `fakeStripeUrl`. */
export async function pageWithFakeStripe(
  browser: Browser,
  fakeStripeUrl: string | null,
  viewport = DESKTOP_VIEWPORT,
): Promise<Page> {
  const page = await browser.newPage({ viewport });
  // Request interception: no request leaves the machine.
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: FAKE_STRIPE_JS.replaceAll('__FAKE_STRIPE_URL__', 'https://api.stripe.com'),
    }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    if (!fakeStripeUrl) return route.abort();
    const { pathname, search } = new URL(route.request().url());
    await route.fulfill({
      response: await route.fetch({ url: `${fakeStripeUrl}${pathname}${search}` }),
    });
  });
  return page;
}

/** A full-page screenshot under $SHOTS_DIR (default /tmp/pay-ui-shots), to look at. */
export async function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  const dir = process.env.SHOTS_DIR ?? '/tmp/pay-ui-shots';
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
}

export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.sw-toast').getByText(text).first().waitFor();
