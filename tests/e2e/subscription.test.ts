// Stripe Billing end to end: an owner on Free hits the staff limit, upgrades on
// /subscribe through the Payment Element, Stripe's signed webhook makes them Professional and they
// add more staff; they cancel ('Subscription ends on') and reactivate; a failed renewal then pauses
// the extra staff and the dashboard says so. Stripe.js cannot load here,
// so https://js.stripe.com/* is served by our fake (tests/support/fake-stripe-js.js), which pays
// through the fake Stripe server; that server signs and posts the webhooks to the API.
// Without Stripe keys, /subscribe says 'Unable to Process Payment'.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { DECLINED_CARD, startFakeStripe, type FakeStripe } from '../support/fake-stripe.mjs';
import { signInOnPage, verifiedOwner } from '../support/owner.js';
import { launchBrowser, startStack, type Stack } from '../support/stack.js';

const FAKE_STRIPE_JS = readFileSync(
  new URL('../support/fake-stripe-js.js', import.meta.url),
  'utf8',
);

/**
 * A stack whose pages get `fakeStripeJs` (when set) as Stripe.js, and whose calls to Stripe's API
 * origin (which the Content-Security-Policy allows) reach the fake Stripe server at `fakeStripeUrl`.
 */
type StripeStack = Stack & { fakeStripeJs?: string; fakeStripeUrl?: string };

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Register and verify through the API, then sign in through the real /auth page. */
async function signedInOwner(stack: StripeStack, label: string) {
  const email = `${label}-${Date.now()}@example.com`;
  const password = 'correct-horse-2';
  await verifiedOwner(stack.baseUrl, email, password);

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // Stripe.js is ours: no request leaves the machine.
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: stack.fakeStripeJs ?? '' }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const { pathname, search } = new URL(route.request().url());
    route.fulfill({
      response: await route.fetch({ url: `${stack.fakeStripeUrl}${pathname}${search}` }),
    });
  });
  await signInOnPage(page, stack.baseUrl, email, password);
  await page.waitForURL(/\/dashboard$/);
  // The new business's first-run setup is not what this test is about.
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await page.getByRole('heading', { name: 'Business Dashboard' }).waitFor();
  return page;
}

const toast = (page: Page, text: string) =>
  page.locator('.sw-toast').getByText(text).first().waitFor();

async function addStaff(page: Page, firstName: string, lastName: string) {
  await page.getByRole('button', { name: 'Add Staff' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Staff' });
  await dialog.getByLabel('First Name').fill(firstName);
  await dialog.getByLabel('Last Name').fill(lastName);
  await dialog.getByRole('button', { name: 'Add Staff' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText(`${firstName} ${lastName}`).first().waitFor();
}

describe('subscription with Stripe', () => {
  let stack: StripeStack;
  let fake: FakeStripe;

  before(async () => {
    fake = await startFakeStripe({ autoDeliver: true, confirmDelayMs: 400 });
    stack = await startStack({ stripe: fake.env() });
    fake.setWebhookUrl(`${stack.apiUrl}/api/stripe/webhook`);
    stack.fakeStripeJs = FAKE_STRIPE_JS.replaceAll('__FAKE_STRIPE_URL__', 'https://api.stripe.com');
    stack.fakeStripeUrl = fake.url;
  });
  after(async () => {
    await stack?.stop();
    await fake?.close();
  });

  it('upgrades from Free at the staff limit, adds staff, cancels and reactivates', async () => {
    const page = await signedInOwner(stack, 'upgrade');

    // Free: one staff member, then the limit.
    await page.getByRole('tab', { name: 'Staff' }).click();
    await addStaff(page, 'Mia', 'Rossi');
    await page.getByText('1 / 1 staff members').waitFor();
    await page.getByText('Staff limit reached').waitFor();
    assert.ok(await page.getByRole('button', { name: 'Add Staff' }).isDisabled());

    await page.goto(`${stack.baseUrl}/settings?tab=subscription`);
    await page.getByRole('heading', { name: 'Free Plan' }).waitFor();

    // /subscribe: the Payment Element, a declined card, then a good one.
    await page.goto(`${stack.baseUrl}/subscribe`);
    await page.getByRole('heading', { name: 'Upgrade to Professional' }).waitFor();
    await page.getByRole('heading', { name: 'Complete Your Subscription' }).waitFor();
    const card = page.locator('[data-fake-stripe-card]');
    await card.waitFor();
    const pay = page.getByRole('button', { name: 'Subscribe Now - $49/month' });
    await card.fill(DECLINED_CARD);
    await pay.click();
    await toast(page, 'Payment Failed');
    await toast(page, 'Your card was declined.');

    await card.fill('4242 4242 4242 4242');
    await pay.click();
    await page.getByRole('button', { name: 'Processing...' }).waitFor();
    await page.waitForURL(/\/dashboard/);
    // The plan changes when Stripe's webhook lands; the dashboard waits for it, then says so.
    await page.getByRole('tab', { name: 'Staff' }).click();
    await page.getByText('1 / 5 staff members').waitFor();
    await fake.settled();
    await addStaff(page, 'Noah', 'Kim');
    await addStaff(page, 'Ava', 'Chen');
    await page.getByText('3 / 5 staff members').waitFor();
    // Nothing left to pay for: /subscribe says so instead of starting a second subscription.
    await page.goto(`${stack.baseUrl}/subscribe`);
    await page.getByRole('heading', { name: "You're on the Professional plan" }).waitFor();
    assert.equal([...fake.subscriptions.values()].length, 1);

    // Settings → Subscription: Professional, then cancel at period end, then reactivate.
    await page.goto(`${stack.baseUrl}/settings?tab=subscription`);
    await page.getByRole('heading', { name: 'Professional Plan' }).waitFor();
    await page.getByTestId('subscription-status').getByText('Active').waitFor();
    await page.getByText('Next billing date').waitFor();
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    // It asks first, naming who the Free plan's limits will pause.
    const confirm = page.getByRole('dialog', { name: 'Cancel your Professional subscription?' });
    await confirm.getByText('Noah Kim, Ava Chen').waitFor();
    await confirm.getByRole('button', { name: 'Cancel Subscription' }).click();
    await toast(page, 'Subscription Cancelled');
    await page.getByText('Subscription ends on').waitFor();
    const sub = [...fake.subscriptions.values()].find((s) => s.status === 'active')!;
    assert.equal(sub.cancel_at_period_end, true, 'Stripe was asked to cancel at period end');

    await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
    await toast(page, 'Subscription Reactivated');
    await page.getByText('Next billing date').waitFor();
    await page.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
    assert.equal(sub.cancel_at_period_end, false, 'and to renew again');

    // A renewal fails: back to Free limits, the extra staff paused (not deleted), the owner told.
    fake.failPayment(sub.id);
    await fake.settled();
    await page.goto(`${stack.baseUrl}/dashboard`);
    const notice = page
      .getByRole('status')
      .filter({ hasText: 'Some staff and services are paused' });
    await notice.getByText('Noah Kim, Ava Chen').waitFor();
    await notice.getByRole('link', { name: 'Upgrade to Professional' }).waitFor();
    await page.getByRole('tab', { name: 'Staff' }).click();
    await page.getByText('3 / 1 staff members').waitFor();
    await page.close();
  });
});

describe('subscription without Stripe keys', () => {
  let stack: Stack;

  before(async () => {
    stack = await startStack();
  });
  after(async () => {
    await stack?.stop();
  });

  it("shows 'Unable to Process Payment' with Try Again, and the Free plan in Settings", async () => {
    const page = await signedInOwner(stack, 'nokeys');
    await page.goto(`${stack.baseUrl}/subscribe`);
    await page.getByRole('heading', { name: 'Unable to Process Payment' }).waitFor();
    await page
      .getByText(/Configuration error/)
      .first()
      .waitFor();
    await toast(page, 'Configuration Error');
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await reloaded;
    await page.getByRole('heading', { name: 'Unable to Process Payment' }).waitFor();

    await page.goto(`${stack.baseUrl}/settings?tab=subscription`);
    await page.getByRole('heading', { name: 'Free Plan' }).waitFor();
    await page.close();
  });
});
