// Cancelling under the payment policy by the SMS link, in Chromium at 390 px and 1280 px.
// Stripe.js cannot load here: pages get the stand-in (tests/support/fake-stripe-js.js) through
// request interception (payments-browser.ts), and the fake Stripe server posts its signed webhooks
// to the API. Bookings are made and paid through the API as the booking page would
// (payments-shop.ts; payments.test.ts covers that page); the links come from the development
// mailbox, as the customer's texts carry them.
//
// - In time, the cancel link says first that the deposit will be refunded; after the click it
//   says the refund is on its way only when Stripe accepted it, and never when Stripe refused it.
//   The owner's appointment shows the refund.
// - Late, the page says first that the deposit is kept (or the late fee charged); the owner's
//   Payments list then shows the kept deposit, noted 'Kept — cancelled late' (or the fee).
// The /pay-fee page has its own file (payments-pay-fee.test.ts).
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP_VIEWPORT,
  PHONE_VIEWPORT,
  pageWithFakeStripe,
  shot,
} from '../support/payments-browser.js';
import {
  CARD_ON_FILE_POLICY,
  DEPOSIT_POLICY,
  type PaymentsShop,
  browserAndShop,
  appointmentStatus,
  bookAndPay,
  moveBooking,
  openOwnerAppointment,
  setPaymentPolicy,
  signInOwner,
  textedLink,
} from '../support/payments-shop.js';

const VIEWPORTS = [PHONE_VIEWPORT, DESKTOP_VIEWPORT];

let browser: Browser;
let shop: PaymentsShop;
browserAndShop('pay-cancel', (b, s) => ([browser, shop] = [b, s]));

/** The cancel page of the booking's confirmation text, read before any click. */
async function openCancelLink(phone: string, viewport: { width: number; height: number }) {
  const page = await pageWithFakeStripe(browser, shop.fake.url, viewport);
  await page.goto(await textedLink(shop, phone, 'booking-confirmation', 'cancel'));
  await page.getByRole('button', { name: 'Cancel Appointment' }).waitFor();
  return page;
}

async function cancelOnPage(page: Page) {
  await page.getByRole('button', { name: 'Cancel Appointment' }).click();
  await page.getByText('Appointment Cancelled').waitFor();
  return page.getByTestId('cancelled-outcome').innerText();
}

/** The refunds Stripe (the fake) made for a PaymentIntent. */
const refundsOf = (intentId: string) =>
  [...shop.fake.refunds.values()].filter((r) => r.payment_intent === intentId);

const intentOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

describe('cancelling a paid booking in time, by the SMS link', () => {
  before(() => setPaymentPolicy(shop, DEPOSIT_POLICY));

  for (const [i, viewport] of VIEWPORTS.entries()) {
    it(`says the deposit will be refunded, then that the refund is on its way (${viewport.width} px)`, async () => {
      const phone = `0400 555 31${i}`;
      const name = `Ivy${viewport.width}`;
      const booked = await bookAndPay(shop, { firstName: name, phone });
      const intent = intentOf(booked.payment!.clientSecret);
      const page = await openCancelLink(phone, viewport);
      // Before the click: what happens to the deposit, and nothing has moved yet.
      await page.getByText('Your deposit will be refunded').waitFor();
      assert.equal(
        await page.getByTestId('cancel-outcome').innerText(),
        'Your $20.00 deposit will be refunded to your card.',
      );
      assert.equal(refundsOf(intent).length, 0, 'opening the link refunds nothing');
      await shot(page, 'cancel-in-time-before');

      const after = await cancelOnPage(page);
      assert.equal(refundsOf(intent).length, 1, 'Stripe refunded the deposit once');
      assert.match(after, /Stripe has accepted the refund of your \$20\.00 deposit/);
      assert.match(after, /on its way back to your card/);
      await shot(page, 'cancel-in-time-after');
      await page.close();

      // The owner's appointment: the deposit refunded, the refund succeeded.
      const owner = await pageWithFakeStripe(browser, shop.fake.url, viewport);
      const details = await openOwnerAppointment(owner, shop, booked.appointment.id, name);
      const records = details.getByTestId('payment-record');
      const refund = records.filter({ hasText: 'Refund' }).filter({ hasText: '−$20.00' });
      await refund.getByText('Succeeded', { exact: true }).waitFor();
      await records.filter({ hasText: 'Deposit' }).getByText('Refunded', { exact: true }).waitFor();
      await refund.scrollIntoViewIfNeeded();
      await shot(owner, 'cancel-in-time-owner');
      await owner.close();
    });
  }

  it('never says the refund is on its way when Stripe refused it (390 px)', async () => {
    const phone = '0400 555 319';
    const booked = await bookAndPay(shop, { firstName: 'Rex', phone });
    const intent = intentOf(booked.payment!.clientSecret);
    const page = await openCancelLink(phone, PHONE_VIEWPORT);
    await page.getByText('Your deposit will be refunded').waitFor();
    // Stripe will refuse this refund (the charge is not refundable any more).
    shop.fake.paymentIntents.get(intent)!.status = 'processing';

    const after = await cancelOnPage(page);
    assert.equal(refundsOf(intent).length, 0);
    assert.doesNotMatch(after, /on its way|will be refunded|accepted the refund/);
    assert.match(after, /could not refund your \$20\.00 deposit/);
    assert.match(after, /Please contact the business/);
    await shot(page, 'cancel-refund-refused');
    await page.close();
    assert.equal(await appointmentStatus(shop, booked.appointment.id), 'cancelled');

    const owner = await pageWithFakeStripe(browser, shop.fake.url, DESKTOP_VIEWPORT);
    const details = await openOwnerAppointment(owner, shop, booked.appointment.id, 'Rex');
    await details
      .getByTestId('payment-record')
      .filter({ hasText: 'Refund' })
      .filter({ hasText: '−$20.00' })
      .getByText('Failed', { exact: true })
      .waitFor();
    await shot(owner, 'cancel-refund-refused-owner');
    await owner.close();
  });
});

describe('cancelling late, by the SMS link', () => {
  for (const [i, viewport] of VIEWPORTS.entries()) {
    it(`says the deposit is kept; the owner's Payments list shows it (${viewport.width} px)`, async () => {
      await setPaymentPolicy(shop, DEPOSIT_POLICY);
      const phone = `0400 555 32${i}`;
      const name = `Lee${viewport.width}`;
      const booked = await bookAndPay(shop, { firstName: name, phone });
      await moveBooking(shop, booked.appointment.id, 3); // 3 hours away: under the 24 hours
      const intent = intentOf(booked.payment!.clientSecret);
      const page = await openCancelLink(phone, viewport);
      await page.getByText('Your deposit will be kept').waitFor();
      assert.equal(
        await page.getByTestId('cancel-outcome').innerText(),
        'It is less than 24 hours before your appointment, so your $20.00 deposit is kept.',
      );
      await shot(page, 'cancel-late-before');
      assert.match(await cancelOnPage(page), /your \$20\.00 deposit is kept/);
      assert.equal(refundsOf(intent).length, 0, 'nothing refunded');
      await shot(page, 'cancel-late-after');
      await page.close();

      const owner = await pageWithFakeStripe(browser, shop.fake.url, viewport);
      await openOwnerPayments(owner);
      const kept = owner.getByTestId('payment-record').filter({ hasText: name });
      await kept.getByText('Deposit', { exact: true }).waitFor();
      await kept.getByText('$20.00').waitFor();
      await kept.getByText('Succeeded', { exact: true }).waitFor();
      // Why a succeeded deposit stays with the shop, from the cancelled booking.
      await kept.getByText('Kept — cancelled late', { exact: true }).waitFor();
      assert.equal(await kept.filter({ hasText: 'Refund' }).count(), 0);
      await shot(owner, 'cancel-late-payments');
      await owner.close();
    });
  }

  it("charges the late fee to the saved card; the owner's Payments list shows it (390 px)", async () => {
    await setPaymentPolicy(shop, CARD_ON_FILE_POLICY);
    const phone = '0400 555 329';
    const booked = await bookAndPay(shop, { firstName: 'Lou', phone });
    await moveBooking(shop, booked.appointment.id, 3);
    const page = await openCancelLink(phone, PHONE_VIEWPORT);
    await page.getByText('A late cancellation fee applies').waitFor();
    // Half the $110.00 price.
    assert.equal(
      await page.getByTestId('cancel-outcome').innerText(),
      'It is less than 24 hours before your appointment, so a $55.00 late-cancellation fee will be charged to your saved card.',
    );
    await shot(page, 'cancel-late-fee-before');
    // Said once Stripe took it.
    assert.equal(
      await cancelOnPage(page),
      'A $55.00 late-cancellation fee was charged to your saved card.',
    );
    await shot(page, 'cancel-late-fee-after');
    await page.close();

    const owner = await pageWithFakeStripe(browser, shop.fake.url, PHONE_VIEWPORT);
    await openOwnerPayments(owner);
    const fee = owner
      .getByTestId('payment-record')
      .filter({ hasText: 'Lou' })
      .filter({ hasText: 'Late cancellation fee' });
    await fee.getByText('$55.00').waitFor();
    await fee.getByText('Succeeded', { exact: true }).waitFor();
    await shot(owner, 'cancel-late-fee-payments');
    await owner.close();
  });

  it('never says the late fee was charged when the bank wants it approved (1280 px)', async () => {
    await setPaymentPolicy(shop, CARD_ON_FILE_POLICY);
    const phone = '0400 555 328';
    const card = 'pm_late_needs_approval';
    shop.fake.authenticationRequired.add(card);
    const booked = await bookAndPay(shop, { firstName: 'Max', phone, paymentMethod: card });
    await moveBooking(shop, booked.appointment.id, 3);
    const page = await openCancelLink(phone, DESKTOP_VIEWPORT);
    await page.getByText('A late cancellation fee applies').waitFor();
    const after = await cancelOnPage(page);
    assert.equal(
      after,
      'Your bank needs your approval for the $55.00 late-cancellation fee: we have sent you a link to pay it.',
    );
    await shot(page, 'cancel-late-fee-approval');
    await page.close();
    // The link is in the client's texts.
    await textedLink(shop, phone, 'payment_fee_link', 'pay-fee');
  });
});

async function openOwnerPayments(page: Page) {
  await signInOwner(page, shop);
  await page.goto(`${shop.stack.baseUrl}/payments`);
  await page.getByTestId('payment-record').first().waitFor();
}
