// A customer books on the public page, then uses the links of the SMS the booking wrote to the
// outbox: moves the booking with the reschedule link, then cancels it with the new SMS's link
// (the cancel page's button; opening the link cancels nothing).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type {
  AvailableTime,
  DevOutboxMessage,
  RescheduleDetails,
  Service,
} from '@slotwise/contracts';
import type { Browser } from 'playwright-core';
import { pickFirstFreeTime } from '../support/date-time-picker.js';
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

const SLUG = 'bondi-physio-co';
const SERVICE = 'Initial Consultation';
const PHONE = '0400 555 777';

async function smsTo(phone: string) {
  const res = await fetch(`${stack.apiUrl}/api/dev/outbox?to=${encodeURIComponent(phone)}`);
  assert.equal(res.status, 200);
  return ((await res.json()) as DevOutboxMessage[]).filter((m) => m.channel === 'sms');
}

/** The newest confirmation SMS (automatic reminders, due the day before, are left out). */
async function latestSms() {
  const sms = (await smsTo(PHONE)).filter((m) => m.kind !== 'reminder');
  assert.ok(sms.length > 0, 'an SMS was written');
  return { sms: sms[0]!, count: sms.length };
}

/** The link's path and query, on the test stack (the SMS carries the public origin). */
function linkIn(body: string, path: string) {
  const match = new RegExp(`https?://[^\\s]+(/${path}\\?token=[A-Za-z0-9_-]+)`).exec(body);
  assert.ok(match, `the SMS has a ${path} link`);
  return `${stack.baseUrl}${match[1]}`;
}

async function startOf(rescheduleUrl: string) {
  const token = new URL(rescheduleUrl).searchParams.get('token');
  const res = await fetch(`${stack.apiUrl}/api/reschedule?token=${token}`);
  assert.equal(res.status, 200);
  return ((await res.json()) as RescheduleDetails).date;
}

async function isBookable(start: string) {
  const services: Service[] = await (
    await fetch(`${stack.apiUrl}/api/business/slug/${SLUG}/services`)
  ).json();
  const service = services.find((s) => s.name === SERVICE)!;
  const res = await fetch(
    `${stack.apiUrl}/api/business/slug/${SLUG}/available-times?date=${encodeURIComponent(start)}&serviceId=${service.id}`,
  );
  assert.equal(res.status, 200);
  return ((await res.json()) as AvailableTime[]).some((t) => t.start === start);
}

describe('customer self-service links', () => {
  it('reschedules from the SMS link, then cancels from the new SMS', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/book/${SLUG}`);
    await page
      .getByRole('button', { name: new RegExp(SERVICE) })
      .first()
      .click();
    await page.getByText('Select a date to view available times').waitFor();
    await pickFirstFreeTime(page);
    await page.getByRole('heading', { name: 'Enter Your Details' }).waitFor();
    await page.getByLabel('Your Name').fill('Casey Customer');
    await page.getByLabel('Mobile Number').fill(PHONE);
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();

    // The booking's SMS: service, business, local time with its zone, and both links.
    const first = await latestSms();
    assert.equal(first.count, 1, 'exactly one SMS for the booking');
    assert.ok(first.sms.body.includes(SERVICE));
    assert.ok(first.sms.body.includes('Bondi Physio Co'));
    assert.match(first.sms.body, /AE[SD]T/);
    const oldReschedule = linkIn(first.sms.body, 'reschedule');
    const originalStart = await startOf(oldReschedule);
    assert.equal(await isBookable(originalStart), false, 'the booked slot is taken');

    // Move it.
    await page.goto(oldReschedule);
    await page.getByText('Current Date & Time').waitFor();
    assert.match(await page.locator('main').innerText(), /Bondi Physio Co/);
    const newTime = await pickFirstFreeTime(page);
    await page.getByRole('button', { name: 'Confirm New Time' }).click();
    await page.getByText('Appointment Rescheduled').waitFor();
    const moved = await page.locator('main').innerText();
    assert.ok(moved.includes(newTime!), `shows the new time ${newTime}`);
    // This stack has no SMS provider: the page says no new links were texted (they are only in
    // the development mailbox, read below).
    assert.match(
      moved,
      /couldn’t text you new links: this business’s text messages are not set up/,
    );
    assert.doesNotMatch(moved, /on its way/);

    // The new SMS carries fresh links.
    const second = await latestSms();
    assert.equal(second.count, 2);
    assert.match(second.sms.body, /moved to/);
    const newStart = await startOf(linkIn(second.sms.body, 'reschedule'));
    assert.notEqual(newStart, originalStart);
    assert.equal(await isBookable(originalStart), true, 'the original slot is free again');
    assert.equal(await isBookable(newStart), false, 'the new slot is taken');

    // The old reschedule link is spent.
    await page.goto(oldReschedule);
    await page.getByText('This reschedule link is invalid or has expired.').waitFor();

    // Cancel with the new link: opening it shows the booking and cancels nothing (mail scanners
    // open links); the button cancels.
    await page.goto(linkIn(second.sms.body, 'cancel'));
    const cancelButton = page.getByRole('button', { name: 'Cancel Appointment' });
    await cancelButton.waitFor();
    const shown = await page.locator('main').innerText();
    assert.ok(shown.includes(SERVICE));
    assert.ok(shown.includes('Bondi Physio Co'));
    assert.ok(shown.includes(newTime!));
    assert.match(shown, /AE[SD]T/);
    assert.equal(await isBookable(newStart), false, 'opening the link cancelled nothing');
    await cancelButton.click();
    await page.getByText('Appointment Cancelled').waitFor();
    const cancelled = await page.locator('main').innerText();
    assert.ok(cancelled.includes(SERVICE));
    assert.ok(cancelled.includes('Bondi Physio Co'));
    assert.ok(cancelled.includes(newTime!));
    assert.match(cancelled, /AE[SD]T/);
    await page.getByRole('link', { name: 'Return to Home' }).waitFor();

    // The old reschedule link no longer works.
    await page.goto(oldReschedule);
    await page.getByText('This appointment has already been cancelled.').waitFor();

    assert.equal(await isBookable(originalStart), true);
    assert.equal(await isBookable(newStart), true);
    // No reminder is left to go out for the cancelled appointment.
    const reminders = (await smsTo(PHONE)).filter((m) => m.kind === 'reminder');
    assert.deepEqual(
      reminders.filter((m) => m.status === 'pending' || m.status === 'queued'),
      [],
    );
    await page.close();
  });

  it('explains a link without a token, and an unknown token', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/cancel`);
    await page.getByText('Invalid cancellation link. No token provided.').waitFor();
    await page.goto(`${stack.baseUrl}/cancel?token=${'x'.repeat(43)}`);
    await page
      .locator('main')
      .getByText('This cancellation link is invalid or has expired.')
      .waitFor();
    assert.equal(await page.getByRole('button', { name: 'Cancel Appointment' }).count(), 0);
    await page.goto(`${stack.baseUrl}/reschedule?token=${'x'.repeat(43)}`);
    await page.getByText('This reschedule link is invalid or has expired.').waitFor();
    await page.close();
  });
});
