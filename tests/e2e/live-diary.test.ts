// The live diary (issue 25): the owner's dashboard open on a desktop (1280 px) and on a phone
// (390 px), two sessions of one owner. A customer books on the public API (as the booking page
// does): the booking appears on both screens within 2 s, without a reload. The other session
// moves it and then cancels it: both show within 2 s. The appointment dialog lists its history
// ('Booked by … (customer)', 'Moved by …') in the business's time zone. Settings → Activity
// lists the changes.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { AvailableTime, CreateAppointmentResponse } from '@slotwise/contracts';
import type { Browser, Page } from 'playwright-core';
import {
  apiCall,
  type OwnerWithTherapist,
  ownerWithTherapist,
  signInOnPage,
} from '../support/owner.js';
import { launchBrowser, startStack, type Stack } from '../support/stack.js';

const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/slotwise-screens';
const TZ = 'Australia/Sydney';
const DAY_MS = 86_400_000;
const LIVE_MS = 2000;
const sydneyToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

let stack: Stack;
let browser: Browser;

before(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  stack = await startStack();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('live diary', () => {
  const email = `live-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  let owner: OwnerWithTherapist;
  const screens: { name: string; page: Page }[] = [];

  before(async () => {
    owner = await ownerWithTherapist(stack.baseUrl, email, password);
    for (const [name, width, height] of [
      ['desk', 1280, 900],
      ['phone', 390, 844],
    ] as const) {
      // Two browser contexts: two separate sessions of the owner.
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      await signInOnPage(page, stack.baseUrl, email, password);
      await page.waitForURL(/\/dashboard$/);
      await page.getByRole('heading', { name: 'Business Dashboard' }).waitFor();
      await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
      // Gone after a reload: proves the changes below arrive without one.
      await page.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 1));
      screens.push({ name, page });
    }
  });
  after(async () => {
    for (const { page } of screens) await page.context().close();
  });

  const upcoming = (page: Page) => page.getByRole('region', { name: 'Upcoming' });
  const stillLoaded = async (page: Page) =>
    assert.equal(
      await page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark),
      1,
    );

  it('shows a booking made, moved and cancelled by someone else within 2 s, without a reload', async () => {
    const { business, service } = owner;
    const times = (day: string) =>
      apiCall<AvailableTime[]>(
        stack.baseUrl,
        'GET',
        `/api/business/${business.id}/available-times?date=${day}&serviceId=${service.id}`,
      );
    let day = '';
    let slots: AvailableTime[] = [];
    for (let n = 2; n < 14 && !day; n++) {
      const candidate = plusDays(sydneyToday(), n);
      slots = await times(candidate);
      if (['10:00 AM', '2:00 PM'].every((t) => slots.some((s) => s.time === t))) day = candidate;
    }
    assert.ok(day, 'an open day');
    const at = (time: string) => slots.find((s) => s.time === time)!.start;

    // The desk's calendar (Week view, Monday first) shows the week of that day.
    const monday = (d: string) => {
      const date = new Date(`${d}T12:00:00Z`);
      return Date.parse(`${d}T12:00:00Z`) - ((date.getUTCDay() + 6) % 7) * DAY_MS;
    };
    const desk = screens[0]!.page;
    const weeksAhead = Math.round((monday(day) - monday(sydneyToday())) / (7 * DAY_MS));
    for (let i = 0; i < weeksAhead; i++) {
      await desk.getByRole('button', { name: 'Next week' }).click();
    }

    // A customer books online (the booking page's call, through the gateway).
    const { appointment } = await apiCall<CreateAppointmentResponse>(
      stack.baseUrl,
      'POST',
      '/api/appointments',
      {
        businessId: business.id,
        serviceId: service.id,
        firstName: 'Zara',
        lastName: 'Live',
        phone: '0400 700 001',
        date: at('10:00 AM'),
        notificationPreferences: { email: false, sms: true },
      },
    );
    const row = (page: Page) =>
      upcoming(page).locator(`button[data-appointment="${appointment.id}"]`);
    await Promise.all(
      screens.map(({ page }) => row(page).getByText('Zara Live').waitFor({ timeout: LIVE_MS })),
    );
    for (const { page } of screens) {
      assert.match(await row(page).innerText(), /10:00 AM/);
      await stillLoaded(page);
    }
    // The calendar open on the desk draws the slot taken, before anyone drags onto it.
    const chip = desk.locator(`.dash-chip[data-appointment="${appointment.id}"]`);
    await chip.waitFor({ timeout: LIVE_MS });
    assert.match(await chip.innerText(), /10:00/);

    // Another session (the owner's token, as a colleague's screen would) moves it to 2 PM.
    await apiCall(
      stack.baseUrl,
      'PATCH',
      `/api/appointments/${appointment.id}`,
      { date: at('2:00 PM'), notifyCustomer: false },
      owner.accessToken,
    );
    await Promise.all(
      screens.map(({ page }) =>
        row(page)
          .getByText(/2:00 PM/)
          .waitFor({ timeout: LIVE_MS }),
      ),
    );
    await chip.filter({ hasText: /2:00/ }).waitFor({ timeout: LIVE_MS });

    // The dialog shows who did what, in Sydney time.
    for (const { name, page } of screens) {
      await row(page).click();
      const dialog = page.getByRole('dialog', { name: /Appointment Details/ });
      const history = dialog.getByRole('list', { name: 'Appointment history' });
      await history.waitFor();
      const lines = await history.getByRole('listitem').allInnerTexts();
      assert.equal(lines.length, 2, lines.join(' | '));
      assert.match(
        lines[0]!,
        /^Booked by Zara Live \(customer\), \w{3} \d{1,2} \w{3}, \d{1,2}:\d{2} [AP]M$/,
      );
      assert.match(lines[1]!, new RegExp(`^Moved by ${email.replace(/[.]/g, '\\.')}, `));
      await history.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/live-diary-history-${name}.png` });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }

    // Cancelled by the other session: gone from Upcoming on both screens.
    await apiCall(
      stack.baseUrl,
      'DELETE',
      `/api/appointments/${appointment.id}`,
      undefined,
      owner.accessToken,
    );
    await Promise.all(
      screens.map(({ page }) => row(page).waitFor({ state: 'detached', timeout: LIVE_MS })),
    );
    for (const { name, page } of screens) {
      await stillLoaded(page);
      await page.screenshot({ path: `${SCREENSHOTS}/live-diary-${name}.png` });
    }
  });

  it('lists the changes in Settings → Activity', async () => {
    const { name, page } = screens[1]!;
    await page.goto(`${stack.baseUrl}/settings?tab=activity`);
    const list = page.getByRole('list', { name: 'Activity' });
    await list.waitFor();
    const text = await list.innerText();
    for (const summary of [
      'Appointment cancelled',
      'Appointment moved',
      'Appointment booked',
      'Staff member Mia Rossi created',
      'Service Deep Tissue Massage created',
    ]) {
      assert.ok(text.includes(summary), `${summary} in ${text}`);
    }
    assert.ok(text.includes('Zara Live (customer)'));
    await page.screenshot({
      path: `${SCREENSHOTS}/live-diary-activity-${name}.png`,
      fullPage: true,
    });
  });
});
