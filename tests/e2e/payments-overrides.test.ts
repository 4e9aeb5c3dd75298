// A policy per business, overridden per service, set in the dashboard and read on the public
// booking page, in Chromium at 1280 px (the owner) and 390 px and 1280 px (the customer). The
// owner keeps a card on file for the business and gives one service its own 20% deposit; each
// service then shows its own policy in plain words, on the service and in step 3, and the booking
// request for each carries its own wording. Stripe.js is the stand-in of payments-browser.ts
// (request interception); the shop's Stripe account is enabled through the fake (payments-shop.ts).
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PaymentPolicySettings, Service } from '@slotwise/contracts';
import type { Browser, Page } from 'playwright-core';
import { pickFirstFreeTime } from '../support/date-time-picker.js';
import { apiCall } from '../support/owner.js';
import {
  DESKTOP_VIEWPORT,
  PHONE_VIEWPORT,
  pageWithFakeStripe,
  shot,
  toast,
} from '../support/payments-browser.js';
import {
  type PaymentsShop,
  browserAndShop,
  publicServices,
  signInOwner,
} from '../support/payments-shop.js';

const CARD_WORDS =
  'Your card is saved now and not charged. Cancel at least 24 hours before at no cost. A missed appointment costs $30.00.';
const DEPOSIT_WORDS =
  'A $20.00 deposit is taken now. Cancel at least 24 hours before for a refund; a later cancellation or a missed appointment keeps the deposit.';
const SPORTS = 'Sports Massage';
const DEEP = 'Deep Tissue Massage';

let browser: Browser;
let shop: PaymentsShop;
let sports: Service;
browserAndShop('pay-overrides', (b, s) => ([browser, shop] = [b, s]));

/** The public page up to step 3 for one service, the details typed. */
async function toStep3(page: Page, service: string) {
  await page.goto(`${shop.stack.baseUrl}/book/${shop.owner.business.slug}`);
  await page.getByRole('button', { name: new RegExp(service) }).click();
  await page.getByText('Select a date to view available times').waitFor();
  await pickFirstFreeTime(page);
  await page.getByRole('heading', { name: 'Enter Your Details' }).waitFor();
  await page.getByLabel('Your Name').fill('Pat Policy');
  await page.getByLabel('Mobile Number').fill('0400 555 401');
}

describe('a business policy and one service’s own', () => {
  // In the suite, so that it runs once the file's shop has started.
  before(async () => {
    const call = <T>(method: string, path: string, body?: unknown) =>
      apiCall<T>(shop.stack.baseUrl, method, path, body, shop.owner.accessToken);
    // A second service, $100.00, by the same therapist (the Free plan offers one).
    await shop.db.query(`UPDATE businesses SET subscription_plan = 'professional' WHERE id = $1`, [
      shop.owner.business.id,
    ]);
    sports = await call<Service>('POST', '/api/services', {
      businessId: shop.owner.business.id,
      name: SPORTS,
      duration: 60,
      price: 10000,
    });
    await call('PATCH', `/api/staff/${shop.owner.staff.id}`, {
      serviceIds: [shop.owner.service.id, sports.id],
    });
  });

  it('the owner keeps a card on file and gives one service a 20% deposit (1280 px)', async () => {
    const page = await pageWithFakeStripe(browser, shop.fake.url, DESKTOP_VIEWPORT);
    await signInOwner(page, shop);
    await page.goto(`${shop.stack.baseUrl}/settings?tab=payments`);
    // The business: card on file, $30 for a no-show.
    await page.locator('input[name="pay-business-kind"][value="card_on_file"]').check();
    await page.locator('#pay-business-noshow-type').selectOption('flat');
    await page.locator('#pay-business-noshow-value').fill('30');
    // Previewed at the first service's price.
    await page
      .getByTestId('pay-business-preview')
      .getByText(/A missed appointment costs \$30\.00/)
      .waitFor();
    // Before saving, the service that follows the business already reads the edited policy.
    await page.locator('.pay-service').filter({ hasText: DEEP }).getByText(CARD_WORDS).waitFor();
    // Sports Massage: its own policy, 20% of its $100.00.
    const own = `pay-service-${sports.id}`;
    await page.locator(`#${own}`).selectOption('own');
    await page.locator(`input[name="${own}-kind"][value="deposit"]`).check();
    await page.locator(`#${own}-deposit-type`).selectOption('percent');
    await page.locator(`#${own}-deposit-value`).fill('20');
    await page.getByTestId(`${own}-preview`).getByText(DEPOSIT_WORDS).waitFor();
    await shot(page, 'overrides-settings');
    await page.getByRole('button', { name: 'Save Policy' }).click();
    await toast(page, 'Policy Saved');

    // Saved as asked; the other service follows the business's policy, in its own words.
    const saved = await apiCall<PaymentPolicySettings>(
      shop.stack.baseUrl,
      'GET',
      `/api/business/${shop.owner.business.id}/payment-policy`,
      undefined,
      shop.owner.accessToken,
    );
    assert.equal(saved.policy.kind, 'card_on_file');
    assert.deepEqual(saved.policy.noShowFee, { type: 'flat', cents: 3000 });
    assert.deepEqual(
      saved.serviceOverrides.map((o) => [o.serviceId, o.policy.kind, o.policy.deposit]),
      [[sports.id, 'deposit', { type: 'percent', percent: 20 }]],
    );
    await page.reload();
    // Deep Tissue follows the business, in its own words; Sports keeps its own 20%.
    await page.locator('.pay-service').filter({ hasText: DEEP }).getByText(CARD_WORDS).waitFor();
    assert.equal(await page.locator(`#${own}`).inputValue(), 'own');
    assert.equal(await page.locator(`#${own}-deposit-value`).inputValue(), '20');
    await shot(page, 'overrides-settings-saved');
    await page.close();
  });

  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    it(`the booking page shows each service's own policy, on it and in step 3 (${viewport.width} px)`, async () => {
      const services = await publicServices(shop);
      assert.equal(services.find((s) => s.name === DEEP)?.policySummary, CARD_WORDS);
      assert.equal(services.find((s) => s.name === SPORTS)?.policySummary, DEPOSIT_WORDS);

      const page = await pageWithFakeStripe(browser, shop.fake.url, viewport);
      await page.goto(`${shop.stack.baseUrl}/book/${shop.owner.business.slug}`);
      const deep = page.getByRole('button', { name: new RegExp(DEEP) });
      const sportsButton = page.getByRole('button', { name: new RegExp(SPORTS) });
      await deep.getByText(CARD_WORDS).waitFor();
      await sportsButton.getByText(DEPOSIT_WORDS).waitFor();
      assert.equal(await deep.getByText(/deposit/).count(), 0, 'no deposit on the card service');
      await shot(page, 'overrides-services');

      await toStep3(page, SPORTS);
      assert.equal(await page.getByTestId('booking-policy').innerText(), DEPOSIT_WORDS);
      await page.getByLabel('I accept this booking policy').check();
      await shot(page, 'overrides-step3-deposit');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.getByRole('heading', { name: 'Pay your deposit' }).waitFor();
      await page.getByRole('button', { name: 'Pay $20.00 deposit' }).waitFor();

      await toStep3(page, DEEP);
      assert.equal(await page.getByTestId('booking-policy').innerText(), CARD_WORDS);
      await shot(page, 'overrides-step3-card');
      await page.getByLabel('I accept this booking policy').check();
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.getByRole('heading', { name: 'Save a card for this booking' }).waitFor();
      await page.close();
    });
  }
});
