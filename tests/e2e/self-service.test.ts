// A customer books on the public page, then uses the links of the SMS the booking wrote to the
// outbox: moves the booking with the reschedule link, then cancels it with the new SMS's link
// (the cancel page's button; opening the link cancels nothing).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type {
  AvailableTime,
  Business,
  DevOutboxMessage,
  RescheduleDetails,
  Service,
} from '@slotwise/contracts';
import type { Browser, Page } from 'playwright-core';
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

  it("styles the reschedule and cancel pages' summary card at 390 and 1280 px", async () => {
    // A booking made through the public API, for the links its SMS carries.
    const phone = '0400 555 778';
    const business: Business = await (
      await fetch(`${stack.apiUrl}/api/business/slug/${SLUG}`)
    ).json();
    const services: Service[] = await (
      await fetch(`${stack.apiUrl}/api/business/slug/${SLUG}/services`)
    ).json();
    const service = services.find((s) => s.name === SERVICE)!;
    let slot: AvailableTime | undefined;
    for (let n = 1; n < 21 && !slot; n++) {
      const day = new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
      const res = await fetch(
        `${stack.apiUrl}/api/business/slug/${SLUG}/available-times?date=${day}&serviceId=${service.id}`,
      );
      slot = ((await res.json()) as AvailableTime[])[0];
    }
    assert.ok(slot, 'a free time to book');
    const booked = await fetch(`${stack.apiUrl}/api/appointments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        businessId: business.id,
        serviceId: service.id,
        firstName: 'Sam',
        lastName: 'Summary',
        phone,
        date: slot.start,
        notificationPreferences: { email: false, sms: true },
      }),
    });
    assert.equal(booked.status, 201);
    const [sms] = (await smsTo(phone)).filter((m) => m.kind !== 'reminder');
    assert.ok(sms, 'the booking wrote an SMS');

    /** The summary's rows are laid out by the design system: inside the card, in two columns. */
    async function checkCard(page: Page, testId: string, width: number) {
      const card = page.getByTestId(testId);
      await card.waitFor();
      const layout = await card.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const dl = el.querySelector('dl')!;
        const rows = [...dl.querySelectorAll('dt')].map((dt) => {
          const dd = dt.nextElementSibling!;
          const t = dt.getBoundingClientRect();
          const d = dd.getBoundingClientRect();
          return { dtLeft: t.left, dtTop: t.top, ddLeft: d.left, ddRight: d.right, ddTop: d.top };
        });
        const dd = getComputedStyle(dl.querySelector('dd')!);
        return {
          left: box.left,
          right: box.right,
          rows,
          ddMargin: dd.marginLeft,
          listPadding: getComputedStyle(dl).paddingLeft,
          overflow: document.documentElement.scrollWidth - window.innerWidth,
        };
      });
      const at = `at ${width} px`;
      assert.ok(layout.rows.length >= 3, `the summary has its rows ${at}`);
      assert.equal(layout.ddMargin, '0px', `no browser indent on the values ${at}`);
      assert.equal(layout.listPadding, '0px', `no list indent ${at}`);
      assert.ok(layout.overflow <= 0, `the page does not scroll sideways ${at}`);
      for (const row of layout.rows) {
        assert.ok(row.dtLeft >= layout.left + 12, `a label is off the card's edge ${at}`);
        assert.ok(row.ddRight <= layout.right - 12, `a value is off the card's edge ${at}`);
        // Label and value side by side, on one line.
        assert.ok(row.ddLeft > row.dtLeft, `the value is beside its label ${at}`);
        assert.ok(Math.abs(row.ddTop - row.dtTop) < 4, `label and value share a line ${at}`);
      }
      await page.screenshot({ path: `/tmp/summary-${testId}-${width}.png`, fullPage: true });
    }

    for (const width of [390, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(linkIn(sms.body, 'reschedule'));
      await checkCard(page, 'reschedule-booking', width);
      await page.goto(linkIn(sms.body, 'cancel'));
      await checkCard(page, 'cancel-booking', width);
      await page.close();
    }
  });
});
