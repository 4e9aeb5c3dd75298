// No-show protection in the browser, at 390 px and 1280 px. Stripe.js cannot load here: every page
// gets a stand-in for https://js.stripe.com/* served through Playwright's request interception
// (tests/support/fake-stripe-js.js via payments-browser.ts), and its calls to api.stripe.com reach
// the fake Stripe server on loopback, which signs and posts the webhooks to the API as Stripe would.
//
// The owner connects Stripe (the Account Link opens the fake's onboarding, which enables charges
// and sends the owner back), chooses a $20 deposit; a customer on a phone sees the policy on the
// service and in step 3, must accept it, pays in the Payment Element (a declined card first), and
// the page waits until Stripe's webhook confirmed the booking. The owner sees the charge on
// /payments and in the appointment's dialog. With a card on file, marking a past booking a no-show
// (clicked twice) charges the fee once.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { DECLINED_CARD, startFakeStripe, type FakeStripe } from '../support/fake-stripe.mjs';
import { pickFirstFreeTime } from '../support/date-time-picker.js';
import {
  type OwnerWithTherapist,
  apiCall,
  ownerWithTherapist,
  signInOnPage,
} from '../support/owner.js';
import {
  DESKTOP_VIEWPORT,
  PHONE_VIEWPORT,
  pageWithFakeStripe,
  shot,
  toast,
} from '../support/payments-browser.js';
import { launchBrowser, startStack, type Stack } from '../support/stack.js';

const PASSWORD = 'correct-horse-2';
const SERVICE = 'Deep Tissue Massage';
const DEPOSIT_WORDS =
  /A \$20\.00 deposit is taken now\. Cancel at least 24 hours before for a refund/;

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function ownerPage(
  stack: Stack,
  fakeUrl: string | null,
  email: string,
  viewport = DESKTOP_VIEWPORT,
) {
  const page = await pageWithFakeStripe(browser, fakeUrl, viewport);
  await signInOnPage(page, stack.baseUrl, email, PASSWORD);
  await page.waitForURL(/\/dashboard/);
  return page;
}

/** The public booking page up to step 3 with the customer's details typed. */
async function toDetails(page: Page, stack: Stack, slug: string, name: string, phone: string) {
  await page.goto(`${stack.baseUrl}/book/${slug}`);
  const service = page.getByRole('button', { name: new RegExp(SERVICE) }).first();
  await service.waitFor();
  await pickService(page);
  await pickFirstFreeTime(page);
  await page.getByRole('heading', { name: 'Enter Your Details' }).waitFor();
  await page.getByLabel('Your Name').fill(name);
  await page.getByLabel('Mobile Number').fill(phone);
}

async function pickService(page: Page) {
  await page
    .getByRole('button', { name: new RegExp(SERVICE) })
    .first()
    .click();
  await page.getByText('Select a date to view available times').waitFor();
}

describe('payments through Stripe Connect', () => {
  let stack: Stack;
  let fake: FakeStripe;
  let owner: OwnerWithTherapist;
  let db: pg.Client;
  const email = `pay-${Date.now()}@example.com`;

  before(async () => {
    fake = await startFakeStripe({ autoDeliver: true, confirmDelayMs: 300 });
    stack = await startStack({ stripe: fake.env() });
    fake.setWebhookUrl(`${stack.apiUrl}/api/stripe/webhook`);
    owner = await ownerWithTherapist(stack.baseUrl, email, PASSWORD);
    db = new pg.Client(stack.dbUrl);
    await db.connect();
  });
  after(async () => {
    await db?.end();
    await stack?.stop();
    await fake?.close();
  });

  it('connects Stripe and sets a $20 deposit (1280 px)', async () => {
    const page = await ownerPage(stack, fake.url, email);
    await page.goto(`${stack.baseUrl}/settings?tab=payments`);
    // The policy waits for Stripe, and says why.
    await page.getByText('Finish setting up payments first').waitFor();
    assert.ok(await page.getByRole('button', { name: 'Save Policy' }).isDisabled());
    await shot(page, 'settings-not-connected');
    // Stripe's hosted onboarding (connect.stripe.com) is the fake's: opening the Account Link
    // enables charges (the signed account.updated goes to the API) and sends the owner back.
    await page.route('https://connect.stripe.com/**', async (route) => {
      const link = fake.accountLinks.find((l) => l.url === route.request().url());
      assert.ok(link, 'the page opened the Account Link the API asked for');
      fake.enableAccount(link.account);
      await fake.settled();
      const back = new URL(link.return_url, stack.baseUrl);
      await route.fulfill({
        status: 302,
        headers: { location: `${stack.baseUrl}${back.pathname}${back.search}` },
      });
    });
    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    // Stripe's onboarding (the fake's) sends the owner back to the return page; charges are on
    // once Stripe's account.updated webhook has arrived.
    await page.waitForURL(/\/dashboard\/settings\/payments\?stripe=return/);
    await page.getByTestId('payments-state').getByText('Charges enabled').waitFor();
    await shot(page, 'onboarding-return');

    await page.goto(`${stack.baseUrl}/settings?tab=payments`);
    await page.getByRole('radio', { name: /^Deposit/ }).check();
    await page.locator('#pay-business-deposit-type').selectOption('flat');
    await page.getByLabel('Deposit ($)').fill('20');
    await page.getByTestId('pay-business-preview').getByText(DEPOSIT_WORDS).waitFor();
    await page.getByRole('button', { name: 'Save Policy' }).click();
    await toast(page, 'Policy Saved');
    await shot(page, 'settings-policy');
    await page.close();
  });

  it('a customer on a phone accepts the policy, pays the deposit and waits for Stripe (390 px)', async () => {
    const page = await pageWithFakeStripe(browser, fake.url, PHONE_VIEWPORT);
    await page.goto(`${stack.baseUrl}/book/${owner.business.slug}`);
    await page.getByText(DEPOSIT_WORDS).first().waitFor();
    await shot(page, 'booking-services');
    await pickService(page);
    await pickFirstFreeTime(page);
    await page.getByLabel('Your Name').fill('Dana Deposit');
    await page.getByLabel('Mobile Number').fill('0400 555 201');
    await page.getByTestId('booking-policy').getByText(DEPOSIT_WORDS).waitFor();

    // Not without accepting the policy.
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByText('Please accept the booking policy to continue.').waitFor();
    await page.getByLabel('I accept this booking policy').check();
    await shot(page, 'booking-policy');
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await page.getByRole('heading', { name: 'Pay your deposit' }).waitFor();
    await page
      .getByRole('timer')
      .getByText(/This time is held for you for [0-9]:[0-5][0-9]/)
      .waitFor();
    const card = page.locator('[data-fake-stripe-card]');
    await card.waitFor();
    await shot(page, 'booking-pay');
    await card.fill(DECLINED_CARD);
    await page.getByRole('button', { name: 'Pay $20.00 deposit' }).click();
    await page.getByText('Payment failed').waitFor();
    await card.fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $20.00 deposit' }).click();
    // Never 'confirmed' on the browser's word: the page waits for the server (Stripe's webhook).
    await page.getByRole('heading', { name: 'Waiting for confirmation' }).waitFor();
    await shot(page, 'booking-waiting');
    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    await shot(page, 'booking-confirmed');
    const {
      rows: [booked],
    } = await db.query<{ status: string }>(
      `SELECT a.status FROM appointments a JOIN customers c ON c.id = a.customer_id
        WHERE a.business_id = $1 AND c.first_name = 'Dana'`,
      [owner.business.id],
    );
    assert.equal(booked?.status, 'confirmed');
    await page.close();
  });

  for (const viewport of [DESKTOP_VIEWPORT, PHONE_VIEWPORT]) {
    it(`the owner sees the deposit on /payments (${viewport.width} px)`, async () => {
      const page = await ownerPage(stack, fake.url, email, viewport);
      await page.goto(`${stack.baseUrl}/payments`);
      const record = page.getByTestId('payment-record').first();
      await record.getByText('Deposit', { exact: true }).waitFor();
      await record.getByText('$20.00').waitFor();
      await record.getByText('Succeeded', { exact: true }).waitFor();
      await record.getByText(/Dana Deposit/).waitFor();
      await shot(page, 'payments-list');
      await page.close();
    });
  }

  it('marking a past card-on-file booking a no-show (double click) charges the fee once', async () => {
    // Card on file with a $30 no-show fee, through the API.
    const policy = {
      kind: 'card_on_file',
      deposit: null,
      freeCancellationHours: 24,
      lateCancellationFee: null,
      noShowFee: { type: 'flat', cents: 3000 },
      newClientsOnly: false,
    };
    await apiCall(
      stack.baseUrl,
      'PUT',
      `/api/business/${owner.business.id}/payment-policy`,
      { policy, serviceOverrides: [] },
      owner.accessToken,
    );
    const page = await pageWithFakeStripe(browser, fake.url, PHONE_VIEWPORT);
    await toDetails(page, stack, owner.business.slug, 'Noel Noshow', '0400 555 202');
    await page.getByLabel('I accept this booking policy').check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('heading', { name: 'Save a card for this booking' }).waitFor();
    await page.locator('[data-fake-stripe-card]').waitFor();
    await page.getByRole('button', { name: 'Save card and book' }).click();
    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    await page.close();

    // The visit was yesterday (moved in the database: the owner can mark only a started visit).
    const {
      rows: [visit],
    } = await db.query<{ id: number }>(
      `UPDATE appointments a
          SET starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour',
              blocked_from = now() - interval '2 hours', blocked_until = now() - interval '1 hour'
         FROM customers c
        WHERE c.id = a.customer_id AND a.business_id = $1 AND c.first_name = 'Noel'
        RETURNING a.id`,
      [owner.business.id],
    );
    assert.ok(visit, 'the card-on-file booking exists');

    const owner1280 = await ownerPage(stack, fake.url, email);
    await owner1280.getByRole('button', { name: 'Table View' }).click();
    await owner1280.locator('.dash-search-desktop').fill('noel');
    const row = owner1280.locator(`tr[data-appointment="${visit.id}"]`);
    await row.waitFor();
    await row.click();
    const details = owner1280.getByRole('dialog', { name: /Appointment Details/ });
    await details.getByTestId('payment-record').getByText('Card saved').first().waitFor();
    await details.getByRole('button', { name: 'No-show' }).dblclick();
    await toast(owner1280, /No-show fee of \$30\.00/);
    await details
      .getByTestId('payment-record')
      .filter({ hasText: 'No-show fee' })
      .getByText('Succeeded', { exact: true })
      .waitFor();
    await shot(owner1280, 'no-show-fee');
    const {
      rows: [fees],
    } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM booking_payments WHERE appointment_id = $1 AND kind = 'no_show_fee'`,
      [visit.id],
    );
    assert.equal(fees?.n, '1', 'one fee for two clicks');
    await owner1280.close();
  });
});
