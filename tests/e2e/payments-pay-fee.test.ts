// The pay link of a fee the card could not pay alone, in Chromium: the owner marks a no-show
// (1280 px); the fake Stripe answers authentication_required for that card, so the fee ends 'Fee
// failed' and a pay link is texted (read from the development mailbox); the customer opens
// /pay-fee at 390 px and pays through the Stripe.js stand-in (served by request interception,
// payments-browser.ts); the page reads 'Paid' only once Stripe's webhook said so (the webhooks
// are held back until then). The shop and its bookings: payments-shop.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import {
  DESKTOP_VIEWPORT,
  PHONE_VIEWPORT,
  pageWithFakeStripe,
  shot,
} from '../support/payments-browser.js';
import {
  CARD_ON_FILE_POLICY,
  type PaymentsShop,
  browserAndShop,
  bookAndPay,
  moveBooking,
  openOwnerAppointment,
  setPaymentPolicy,
  textedLink,
} from '../support/payments-shop.js';

let browser: Browser;
let shop: PaymentsShop;
browserAndShop('pay-fee', (b, s) => ([browser, shop] = [b, s]));

describe('a no-show fee the bank wants approved: the /pay-fee link', () => {
  it('ends fee failed, is texted, and reads paid only after Stripe’s webhook (1280 px owner, 390 px client)', async () => {
    await setPaymentPolicy(shop, CARD_ON_FILE_POLICY);
    const phone = '0400 555 339';
    const card = 'pm_needs_approval';
    shop.fake.authenticationRequired.add(card);
    const booked = await bookAndPay(shop, { firstName: 'Nia', phone, paymentMethod: card });
    await moveBooking(shop, booked.appointment.id, -2); // the visit began two hours ago

    const owner = await pageWithFakeStripe(browser, shop.fake.url, DESKTOP_VIEWPORT);
    const details = await openOwnerAppointment(owner, shop, booked.appointment.id, 'Nia');
    await details.getByRole('button', { name: 'No-show' }).click();
    const fee = details.getByTestId('payment-record').filter({ hasText: 'No-show fee' });
    await fee.getByText('Fee failed', { exact: true }).waitFor();
    await fee.getByText(/a pay link was sent to them/).waitFor();
    await shot(owner, 'pay-fee-owner-failed');

    // The client's text: the link to pay.
    const link = await textedLink(shop, phone, 'payment_fee_link', 'pay-fee');
    // Stripe's webhooks are held back for now: the page must wait for them.
    shop.fake.setWebhookUrl(`${shop.stack.apiUrl}/api/stripe/held-back`);
    const page = await pageWithFakeStripe(browser, shop.fake.url, PHONE_VIEWPORT);
    await page.goto(link);
    await page.getByText('No-show fee').waitFor();
    await page.getByText('$30.00', { exact: true }).waitFor();
    await page.locator('[data-fake-stripe-card]').waitFor();
    await shot(page, 'pay-fee-form');
    await page.getByRole('button', { name: 'Pay $30.00' }).click();
    await page.getByText('Waiting for Stripe to confirm the payment…').waitFor();
    const intent = [...shop.fake.paymentIntents.values()].find(
      (pi) => pi.metadata?.kind === 'no_show_fee' && pi.payment_method === card,
    );
    assert.equal(intent?.status, 'succeeded', 'Stripe took the payment');
    // Three polls later, still waiting: the browser's word is not enough.
    await page.waitForTimeout(6_000);
    assert.equal(await page.getByText('Paid', { exact: true }).count(), 0);
    await shot(page, 'pay-fee-waiting');

    // Stripe's webhook arrives.
    shop.fake.setWebhookUrl(`${shop.stack.apiUrl}/api/stripe/webhook`);
    const event = shop.fake.lastEvent('payment_intent.succeeded', intent.id);
    assert.ok(event);
    assert.equal((await shop.fake.deliver(event)).status, 200);
    await page.getByText('Paid', { exact: true }).waitFor();
    await page.getByText('Stripe has confirmed this payment. Thank you.').waitFor();
    await shot(page, 'pay-fee-paid');
    await page.close();

    await owner.reload();
    const paid = await openOwnerAppointment(owner, shop, booked.appointment.id, 'Nia', false);
    await paid
      .getByTestId('payment-record')
      .filter({ hasText: 'No-show fee' })
      .getByText('Succeeded', { exact: true })
      .waitFor();
    await shot(owner, 'pay-fee-owner-paid');
    await owner.close();
  });
});
