// Step 3 of the public booking page in a real browser against the real API: a number that cannot
// be real is named beside the phone field (by the browser's light check, and by the API's full one),
// a valid number that is not an Australian mobile is explained, and an email given on the form
// brings the confirmation email with its calendar invite into the development mailbox.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { DevOutboxMessage } from '@slotwise/contracts';
import type { Browser, Page } from 'playwright-core';
import { pickFirstFreeTime } from '../support/date-time-picker.js';
import { launchBrowser, startStack, type Stack } from '../support/stack.js';

const SLUG = 'bondi-physio-co';
const SERVICE = 'Initial Consultation';
const INVALID_PHONE = 'Please enter a valid phone number';

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

async function reachDetailsStep(page: Page) {
  await page.goto(`${stack.baseUrl}/book/${SLUG}`);
  await page
    .getByRole('button', { name: new RegExp(SERVICE) })
    .first()
    .click();
  await page.getByText('Select a date to view available times').waitFor();
  await pickFirstFreeTime(page);
  await page.getByRole('heading', { name: 'Enter Your Details' }).waitFor();
}

/** The texts that describe the phone input (its hint and its message). */
async function phoneDescription(page: Page): Promise<string> {
  const ids = (await page.getByLabel('Mobile Number').getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    ids
      .split(' ')
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).innerText()),
  );
  return texts.join('\n');
}

describe('the booking form', () => {
  it('names a number that cannot be real beside the phone field', async () => {
    const page = await browser.newPage();
    await reachDetailsStep(page);
    const phone = page.getByLabel('Mobile Number');
    assert.equal(await phone.getAttribute('placeholder'), 'e.g. +61 400 123 456');
    await page.getByLabel('Your Name').fill('Casey Typo');

    // Too few digits: the browser's own check names it, and nothing is sent.
    let posts = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/appointments') && r.method() === 'POST') posts += 1;
    });
    await phone.fill('0412 345');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await page.locator('#bk-phone-error').getByText(INVALID_PHONE).waitFor();
    assert.equal(await phone.getAttribute('aria-invalid'), 'true');
    assert.equal(posts, 0);

    // Digits enough for the browser, but no Australian number starts 01: the API refuses it and
    // its message shows beside the field too.
    await phone.fill('0111 111 111');
    assert.equal(await page.locator('#bk-phone-error').count(), 0);
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/appointments') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    assert.equal((await answer).status(), 400);
    await page.locator('#bk-phone-error').getByText(INVALID_PHONE).waitFor();
    assert.ok((await phoneDescription(page)).includes(INVALID_PHONE));
    assert.equal(await page.getByRole('heading', { name: 'Booking Confirmed!' }).count(), 0);
    await page.close();
  });

  it('explains that a landline gets no SMS, and sends the confirmation by email instead', async () => {
    const page = await browser.newPage();
    await reachDetailsStep(page);
    const email = `casey.${Date.now()}@example.com`;
    await page.getByLabel('Your Name').fill('Casey Landline');
    await page.getByLabel('Mobile Number').fill('(02) 9361 4820');
    await page
      .locator('#bk-phone-hint')
      .getByText(
        "We can only text Australian mobiles: you won't get an SMS with your links; add your email to get them by email.",
      )
      .waitFor();
    await page.getByLabel('Email (optional)').fill(email);
    await page.getByLabel('Special Notes (Optional)').fill('Parking at the back?');
    await page.getByText('20 / 1000').waitFor();
    await page.getByRole('button', { name: 'Book Appointment' }).click();

    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    // This stack has no email provider: the page says so rather than "on its way".
    await page.getByText(`We couldn’t email ${email}`, { exact: false }).waitFor();
    assert.equal(await page.getByText('A confirmation SMS has been sent').count(), 0);
    assert.equal(await page.getByText('is on its way').count(), 0);

    const res = await fetch(`${stack.apiUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    assert.equal(res.status, 200);
    const mails = (await res.json()) as DevOutboxMessage[];
    const confirmation = mails.find((m) => m.kind === 'booking-confirmation-email');
    assert.ok(confirmation, 'the confirmation email is kept in the development mailbox');
    assert.equal(confirmation.channel, 'email');
    assert.match(confirmation.subject ?? '', /^Booking confirmed: Initial Consultation at /);
    assert.match(confirmation.body, /Cancel: \S+\/cancel\?token=/);
    assert.match(confirmation.body, /Reschedule: \S+\/reschedule\?token=/);
    await page.close();
  });
});
