// The owner's availability screens: an owner adds a lunch break to a weekday (a booking already in
// that hour is listed and must be confirmed before the hours are saved, and stays booked) and a
// closure on a later date, both through Settings; the public booking page then offers no lunch-hour
// time on that weekday and nothing on the closed date. The screens are checked at 360 px as well.
// A Perth owner sets Western Australia in Settings (at 390 px and 1280 px): the zone follows, the
// setting says AWST, and the public booking page offers its times in AWST.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  type Availability,
  type AvailableDays,
  type AvailableTime,
  type OwnerAppointment,
  addDays,
  todayInZone,
  weekday,
} from '@slotwise/contracts';
import type { Browser, Page } from 'playwright-core';
import { apiCall, ownerWithTherapist, signInOnPage } from '../support/owner.js';
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

const TZ = 'Australia/Sydney';
/** Where the Perth case leaves its screenshots, for a person to look at. */
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/slotwise-screens';
/** The times a 60-minute service may not start at once the day breaks from 12:00 to 13:00. */
const LUNCH_STARTS = ['11:30 AM', '12:00 PM', '12:30 PM'];

const toast = (page: Page, text: string) =>
  page.locator('.sw-toast').getByText(text).first().waitFor();

/** '9:30 AM' from a slot's text, whatever else it shows beside the time. */
const clock = (text: string) => text.trim().match(/^\d{1,2}:\d\d [AP]M/)?.[0] ?? text.trim();

/** Nothing on the page scrolls sideways at the current width. */
async function assertNoSidewaysScroll(page: Page, where: string) {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  assert.ok(scroll <= width, `${where} scrolls sideways at ${width}px (${scroll}px wide)`);
}

/** The public calendar's cell of a day, moving month by month until it is shown. */
async function dayCell(page: Page, day: string) {
  const cell = page.locator(`td[data-day="${day}"]:not(.rdp-outside)`);
  for (let i = 0; i < 3 && (await cell.count()) === 0; i++) {
    await page.getByRole('button', { name: /next month/i }).click();
  }
  await cell.waitFor();
  return cell;
}

describe("the owner's availability", () => {
  it('a lunch break and a closure take those times off the public booking page', async () => {
    const email = `hours-${Date.now()}@example.com`;
    const password = 'correct-horse-3';
    const { business, service, accessToken } = await ownerWithTherapist(
      stack.baseUrl,
      email,
      password,
    );
    const owner = <T>(method: string, path: string, body?: unknown) =>
      apiCall<T>(stack.baseUrl, method, path, body, accessToken);
    const times = (day: string) =>
      apiCall<AvailableTime[]>(
        stack.apiUrl,
        'GET',
        `/api/business/slug/${business.slug}/available-times?date=${day}&serviceId=${service.id}`,
      );

    // A Wednesday at least two days ahead (clear of the minimum notice), closed the day after.
    const today = todayInZone(TZ);
    let wednesday = addDays(today, 2);
    while (weekday(wednesday) !== 3) wednesday = addDays(wednesday, 1);
    const closed = addDays(wednesday, 1);

    // A customer already has the 12:00 PM slot that Wednesday.
    const open = await times(wednesday);
    const noon = open.find((t) => clock(t.time) === '12:00 PM');
    assert.ok(noon, 'noon is bookable before the break');
    const booked = await apiCall<{ appointment: { id: number } }>(
      stack.apiUrl,
      'POST',
      '/api/appointments',
      {
        businessId: business.id,
        serviceId: service.id,
        firstName: 'Zara',
        lastName: 'Quinn',
        phone: '0400 555 777',
        date: noon.start,
        notificationPreferences: { email: false, sms: true },
      },
    );

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, stack.baseUrl, email, password);
    await page.waitForURL(/\/dashboard$/);

    // Business Hours: Wednesday gets a break from 12:00 to 1:00 PM.
    await page.goto(`${stack.baseUrl}/settings?tab=hours`);
    const card = page.locator('[data-day="Wednesday"]');
    await card.getByRole('button', { name: 'Add Break on Wednesday' }).click();
    assert.equal(await card.getByLabel('Closing Time', { exact: true }).inputValue(), '12:00');
    assert.equal(await card.getByLabel('Opening Time 2', { exact: true }).inputValue(), '13:00');
    await card.getByText('Break: 12:00 PM – 1:00 PM').waitFor();
    await page.getByRole('button', { name: 'Save Business Hours' }).click();

    // Zara's booking falls in the break: it is listed, stays booked, and saving needs a yes.
    const warning = page.getByRole('dialog', { name: '1 booking is outside these hours' });
    await warning.getByText('Zara Quinn').waitFor();
    await warning.getByText(/12:00 PM – 1:00 PM AE[DS]T/).waitFor();
    await warning.getByText(/They stay booked/).waitFor();
    await warning.getByRole('button', { name: 'Save Anyway' }).click();
    await toast(page, 'Business Hours Saved');
    const hours = await owner<Availability[]>('GET', `/api/business/${business.id}/availability`);
    assert.deepEqual(hours.find((d) => d.dayOfWeek === 3)?.intervals, [
      { openTime: '09:00', closeTime: '12:00' },
      { openTime: '13:00', closeTime: '17:00' },
    ]);
    const [kept] = await owner<OwnerAppointment[]>(
      'GET',
      `/api/business/${business.id}/appointments`,
    );
    assert.equal(kept?.id, booked.appointment.id);
    assert.notEqual(kept?.status, 'cancelled');
    // Zara moves to another day: her hour is free again, but the break keeps it off the page.
    await owner('DELETE', `/api/appointments/${booked.appointment.id}`);

    // Closures: the Thursday after is closed for a stocktake.
    await page.getByRole('tab', { name: 'Closures' }).click();
    await page.getByRole('heading', { name: 'Public Holidays' }).waitFor();
    await page.getByRole('button', { name: 'Add Closure' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Closure' });
    await dialog.getByLabel('First Day').fill(closed);
    await dialog.getByLabel('Last Day').fill(closed);
    await dialog.getByLabel('Reason (optional)').fill('Stocktake');
    await dialog.getByRole('button', { name: 'Add Closure' }).click();
    await toast(page, 'Closure Added');
    await page.locator(`[data-closure="${closed}"]`).getByText('Stocktake').waitFor();

    // Both screens fit a phone.
    await page.setViewportSize({ width: 360, height: 780 });
    await assertNoSidewaysScroll(page, 'Settings → Closures');
    await page.getByRole('tab', { name: 'Business Hours' }).click();
    await page.locator('[data-day="Wednesday"]').getByText('Break: 12:00 PM – 1:00 PM').waitFor();
    await assertNoSidewaysScroll(page, 'Settings → Business Hours');
    await page.close();

    // The API: no lunch-hour times that Wednesday, nothing on the closed date.
    const offered = (await times(wednesday)).map((t) => clock(t.time));
    assert.ok(offered.includes('11:00 AM') && offered.includes('1:00 PM'), offered.join(', '));
    for (const lunch of LUNCH_STARTS) assert.ok(!offered.includes(lunch), `${lunch} is offered`);
    assert.deepEqual(await times(closed), []);
    const month = await apiCall<AvailableDays>(
      stack.apiUrl,
      'GET',
      `/api/business/slug/${business.slug}/available-days?month=${closed.slice(0, 7)}&serviceId=${service.id}`,
    );
    assert.equal(month.days.find((d) => d.date === closed)?.status, 'closed');
    assert.ok(!month.availableDates.includes(closed));

    // The public page: the same times that Wednesday, and the closed date offers none.
    const pub = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await pub.goto(`${stack.baseUrl}/book/${business.slug}`);
    await pub.getByRole('heading', { name: 'Choose a Service' }).waitFor();
    await pub.getByRole('button', { name: /Deep Tissue Massage/ }).click();
    await pub.getByText('Select a date to view available times').waitFor();
    await (await dayCell(pub, wednesday)).locator('button').click();
    const slots = pub.locator('[data-testid="time-slot"]');
    await slots.first().waitFor();
    const shown = (await slots.allTextContents()).map(clock);
    assert.deepEqual(shown, offered);

    // The closed date is disabled up front, once the month's days have answered: nobody picks it
    // only to read that it has no times.
    const closedCell = await dayCell(pub, closed);
    await pub.locator('.bk-calendar-wrap[aria-busy="false"]').waitFor();
    assert.equal(
      await closedCell.locator('button').isDisabled(),
      true,
      'the closed day is disabled',
    );
    await pub.close();
  });

  for (const width of [390, 1280]) {
    it(`a business set to Western Australia in Settings shows AWST, its booking page too (${width} px)`, async () => {
      const email = `perth-${width}-${Date.now()}@example.com`;
      const password = 'correct-horse-3';
      const { business } = await ownerWithTherapist(stack.baseUrl, email, password, {
        name: `Swan River Physio ${width}`,
      });
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await signInOnPage(page, stack.baseUrl, email, password);
      await page.waitForURL(/\/dashboard$/);
      await page.goto(`${stack.baseUrl}/settings?tab=general`);
      const state = page.getByLabel('State for public holidays');
      await state.waitFor();
      await page
        .getByText(/Times are in your business's time zone \(Australia\/Sydney, AE[SD]T\)/)
        .waitFor();
      await state.selectOption('WA');
      assert.equal(
        await page.getByLabel('Time zone', { exact: true }).inputValue(),
        'Australia/Perth',
      );
      await page.getByRole('button', { name: 'Save Booking Window' }).click();
      await toast(page, 'Booking Window Saved');
      await page
        .getByText("Times are in your business's time zone (Australia/Perth, AWST)")
        .first()
        .waitFor();
      await assertNoSidewaysScroll(page, 'Settings → General');
      await page.screenshot({
        path: `${SCREENSHOTS}/settings-time-zone-${width}.png`,
        fullPage: true,
      });
      await page.close();

      const pub = await browser.newPage({ viewport: { width, height: 900 } });
      await pub.goto(`${stack.baseUrl}/book/${business.slug}`);
      await pub.getByRole('heading', { name: 'Choose a Service' }).waitFor();
      await pub.getByRole('button', { name: /Deep Tissue Massage/ }).click();
      await pub.getByText('Select a date to view available times').waitFor();
      const first = pub
        .locator('.bk-calendar-wrap[aria-busy="false"] td:not(.rdp-outside) button:not([disabled])')
        .first();
      await first.click();
      await pub.locator('[data-testid="time-slot"]').first().waitFor();
      await pub.getByText('Times in AWST').waitFor();
      await pub.screenshot({ path: `${SCREENSHOTS}/booking-awst-${width}.png`, fullPage: true });
      await pub.close();
    });

    it(`a 20-minute service made in the dashboard is offered every 10 minutes (${width} px)`, async () => {
      const email = `fringe-${width}-${Date.now()}@example.com`;
      const password = 'correct-horse-3';
      const { business, service, accessToken } = await ownerWithTherapist(
        stack.baseUrl,
        email,
        password,
      );
      // The Free plan has room for one active service: the massage steps aside.
      await apiCall(
        stack.baseUrl,
        'PATCH',
        `/api/services/${service.id}`,
        { isActive: false },
        accessToken,
      );
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await signInOnPage(page, stack.baseUrl, email, password);
      await page.waitForURL(/\/dashboard$/);
      await page.goto(`${stack.baseUrl}/settings?tab=services`);
      await page.getByRole('button', { name: 'Add Service' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Service' });
      await dialog.getByLabel('Service Name').fill('Fringe Trim');
      await dialog.getByLabel('Price (AUD)').fill('15');
      await dialog.getByLabel('Duration (minutes)').fill('20');
      await dialog.getByRole('button', { name: 'Add Service' }).click();
      await page.locator('[data-service="Fringe Trim"]').getByText('20 min').waitFor();

      await page.getByRole('tab', { name: 'Business Hours' }).click();
      await page.getByLabel('Start times every').selectOption('10');
      await page.getByRole('button', { name: 'Save Business Hours' }).click();
      await toast(page, 'Business Hours Saved');
      await assertNoSidewaysScroll(page, 'Settings → Business Hours');
      await page.close();

      const today = todayInZone(TZ);
      let wednesday = addDays(today, 2);
      while (weekday(wednesday) !== 3) wednesday = addDays(wednesday, 1);
      const pub = await browser.newPage({ viewport: { width, height: 900 } });
      await pub.goto(`${stack.baseUrl}/book/${business.slug}`);
      await pub.getByRole('button', { name: /Fringe Trim/ }).click();
      await pub.getByText('Select a date to view available times').waitFor();
      await (await dayCell(pub, wednesday)).locator('button').click();
      const slots = pub.locator('[data-testid="time-slot"]');
      await slots.first().waitFor();
      const shown = (await slots.allTextContents()).map(clock);
      assert.deepEqual(shown.slice(0, 4), ['9:00 AM', '9:10 AM', '9:20 AM', '9:30 AM']);
      // The last start that still ends by 5:00 PM.
      assert.equal(shown.at(-1), '4:40 PM');
      await assertNoSidewaysScroll(pub, 'the booking page');
      if (process.env.SLOTWISE_SCREENSHOTS) {
        await pub.screenshot({
          path: `${process.env.SLOTWISE_SCREENSHOTS}/booking-calendar-20min-${width}.png`,
          fullPage: true,
        });
      }
      await pub.close();
    });
  }

  it("marks an open day a long service cannot fit as 'No times left', to the eye and to screen readers (390 px)", async () => {
    const email = `balayage-${Date.now()}@example.com`;
    const { business, service, accessToken } = await ownerWithTherapist(
      stack.baseUrl,
      email,
      'correct-horse-3',
    );
    const owner = <T>(method: string, path: string, body?: unknown) =>
      apiCall<T>(stack.baseUrl, method, path, body, accessToken);
    // A 240-minute service and a 12:30–1:30 break: only Thursday's late night fits it.
    await owner('PATCH', `/api/services/${service.id}`, { duration: 240 });
    const intervals = (close: string) => [
      { openTime: '09:00', closeTime: '12:30' },
      { openTime: '13:30', closeTime: close },
    ];
    await owner(
      'PUT',
      `/api/business/${business.id}/availability`,
      [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
        dayOfWeek,
        isOpen: dayOfWeek >= 1 && dayOfWeek <= 5,
        intervals: intervals(dayOfWeek === 4 ? '21:00' : '17:00'),
        slotDuration: 30,
      })),
    );
    let wednesday = addDays(todayInZone(TZ), 2);
    while (weekday(wednesday) !== 3) wednesday = addDays(wednesday, 1);
    let sunday = wednesday;
    while (weekday(sunday) !== 0) sunday = addDays(sunday, 1);
    const days = await apiCall<AvailableDays>(
      stack.apiUrl,
      'GET',
      `/api/business/slug/${business.slug}/available-days?month=${wednesday.slice(0, 7)}&serviceId=${service.id}`,
    );
    assert.equal(days.days.find((d) => d.date === wednesday)?.status, 'no_times_left');

    const pub = await browser.newPage({ viewport: { width: 390, height: 900 } });
    await pub.goto(`${stack.baseUrl}/book/${business.slug}`);
    await pub.getByRole('button', { name: /Deep Tissue Massage/ }).click();
    await pub.getByText('Select a date to view available times').waitFor();
    const cell = await dayCell(pub, wednesday);
    // Screen readers: the day's name says why it cannot be chosen, unlike a closed day's.
    const button = cell.locator('button[aria-label$=", No times left"]');
    await button.waitFor();
    assert.equal(await button.isDisabled(), true);
    const closed = pub.locator(`td[data-day="${sunday}"]:not(.rdp-outside) button`);
    if ((await closed.count()) > 0) {
      assert.match((await closed.getAttribute('aria-label')) ?? '', /, closed$/);
    }
    // The eye: a mark under the number, explained by the legend.
    assert.equal(await button.evaluate((b) => getComputedStyle(b, '::after').content), '"•"');
    await pub.getByText('No times left: open, but this service does not fit').waitFor();
    assert.equal(await cell.getByText('No times left').count(), 0, 'the label is not shown twice');
    await assertNoSidewaysScroll(pub, 'the booking calendar');
    await pub.screenshot({ path: `${SCREENSHOTS}/booking-no-times-left-390.png`, fullPage: true });
    await pub.close();
  });
});
