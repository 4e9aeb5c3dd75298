// A customer books through the real UI, against the real API and database; the same slot booked
// again from a second tab is refused by the database's no-double-booking rule.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  type AvailableTime,
  type Business,
  type Service,
  type StaffMember,
  addDays,
  todayInZone,
  weekday,
} from '@slotwise/contracts';
import type { Browser, Page } from 'playwright-core';
import { pickFirstFreeTime } from '../support/date-time-picker.js';
import { apiCall } from '../support/owner.js';
import { launchBrowser, startStack, type Stack } from '../support/stack.js';

const STAFF_FULLY_BOOKED =
  'This date is fully booked for the selected staff member. Please select another date or staff member.';

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

/** Walk to step 3 of /book/{slug}: first service, first day with free times, first time. */
async function reachDetailsStep(page: Page, slug: string, serviceName: string) {
  await page.goto(`${stack.baseUrl}/book/${slug}`);
  await page.getByRole('heading', { name: 'Choose a Service' }).waitFor();
  await page
    .getByRole('button', { name: new RegExp(serviceName) })
    .first()
    .click();
  await page.getByRole('heading', { name: 'Choose Date & Time' }).waitFor();
  await page.getByText('Select a date to view available times').waitFor();
  const time = await pickFirstFreeTime(page);
  await page.getByRole('heading', { name: 'Enter Your Details' }).waitFor();
  return time;
}

describe('public booking flow', () => {
  it('finds the demo business from the home page and books it', async () => {
    const page = await browser.newPage();
    await page.goto(stack.baseUrl);
    await page
      .getByRole('link', { name: /find a business/i })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Our Business Partners' }).waitFor();
    const card = page
      .locator('article, li, div')
      .filter({ hasText: 'Harbour Hair Studio' })
      .filter({ has: page.getByRole('link', { name: 'Book Now' }) })
      .last();
    await card.getByRole('link', { name: 'Book Now' }).click();
    await page.waitForURL(/\/book\/harbour-hair-studio$/);

    const time = await reachDetailsStep(page, 'harbour-hair-studio', "Women's Cut");
    await page.getByLabel('Your Name').fill('Alex Citizen');
    await page.getByLabel('Mobile Number').fill('+61 400 123 456');
    await page.getByLabel('Special Notes (Optional)').fill('First visit');
    await page.getByRole('button', { name: 'Book Appointment' }).click();

    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    await page.getByText('Thank you, Alex. Your appointment has been scheduled.').waitFor();
    const toast = page.locator('.sw-toast');
    await toast.getByText('Appointment booked successfully!').waitFor();
    await toast.getByText('Your appointment has been confirmed.').waitFor();
    const body = await page.locator('main').innerText();
    assert.match(body, /#\d+/, 'shows the booking reference');
    assert.ok(body.includes(time!), `shows the booked time ${time}`);
    assert.match(body, /AE[SD]T/, 'shows the zone abbreviation');
    // This stack has no SMS provider: the page must not claim a text went.
    assert.ok(!body.includes('A confirmation SMS has been sent'));
    assert.match(body, /We couldn.t text you a confirmation/);

    const reference = Number(body.match(/#(\d+)/)![1]);
    const res = await fetch(`${stack.apiUrl}/api/business/slug/harbour-hair-studio`);
    assert.equal(res.status, 200);
    assert.ok(reference > 0);
    await page.close();
  });

  it("at 390 px the success toast leaves the 'we couldn't text you' notice uncovered", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await reachDetailsStep(page, 'harbour-hair-studio', "Women's Cut");
    await page.getByLabel('Your Name').fill('Kim Phone');
    await page.getByLabel('Mobile Number').fill('0400 123 789');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    const toast = page.locator('.sw-toast').filter({ hasText: 'Appointment booked successfully!' });
    await toast.waitFor();
    const notice = page.getByText(/We couldn.t text you a confirmation/);
    await notice.scrollIntoViewIfNeeded();
    // Let the toast's entrance finish before measuring.
    await page.waitForTimeout(300);
    const a = (await toast.boundingBox())!;
    const b = (await notice.boundingBox())!;
    const overlaps =
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    assert.ok(!overlaps, `the toast ${JSON.stringify(a)} covers the notice ${JSON.stringify(b)}`);
    // Nor the confirmation's heading: the toast keeps to the header's strip.
    const header = (await page.locator('header').first().boundingBox())!;
    assert.ok(a.y + a.height <= header.y + header.height + 1, 'the toast stays over the header');
    await page.close();
  });

  it('refuses the same slot booked in a second tab with the server message', async () => {
    // Bondi Physio Co has no staff, so the business itself is the one resource.
    const first = await browser.newPage();
    const second = await browser.newPage();
    const time = await reachDetailsStep(first, 'bondi-physio-co', 'Initial Consultation');
    const time2 = await reachDetailsStep(second, 'bondi-physio-co', 'Initial Consultation');
    assert.equal(time, time2, 'both tabs picked the same first free slot');

    for (const [page, name] of [
      [first, 'Sam First'],
      [second, 'Riley Second'],
    ] as const) {
      await page.getByLabel('Your Name').fill(name);
      await page.getByLabel('Mobile Number').fill('0400 000 111');
    }
    await first.getByRole('button', { name: 'Book Appointment' }).click();
    await first.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();

    await second.getByRole('button', { name: 'Book Appointment' }).click();
    await second.getByText('This time slot is already booked').first().waitFor();
    assert.equal(await second.getByRole('heading', { name: 'Booking Confirmed!' }).count(), 0);
    await first.close();
    await second.close();
  });

  it('validates the details form with the spec messages', async () => {
    const page = await browser.newPage();
    await reachDetailsStep(page, 'harbour-hair-studio', "Men's Cut");
    await page.getByLabel('Your Name').fill('A');
    await page.getByLabel('Mobile Number').fill('12');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByText('Name must be at least 2 characters').waitFor();
    await page.getByText('Phone number is required').waitFor();
    await page.close();
  });

  it('disables closed days up front, and explains a day that filled for the chosen person', async () => {
    const page = await browser.newPage();
    const toast = page.locator('.sw-toast');
    const slugPath = '/api/business/slug/harbour-hair-studio';
    await page.goto(`${stack.baseUrl}/book/harbour-hair-studio`);

    // Men's Cut: only Jack offers it (picked automatically). Sundays are closed: they cannot be
    // chosen, and say why.
    await page.getByRole('button', { name: /Men's Cut/ }).click();
    await page.getByText('Select a date to view available times').waitFor();
    const closedSunday = page
      .locator('.rdp-week td:last-child button[aria-label$=", closed"]')
      .first();
    await closedSunday.waitFor();
    assert.equal(await closedSunday.isDisabled(), true);

    // Women's Cut: the customer picks Mia herself, and a weekday ahead fills while they look.
    const business = await apiCall<Business>(stack.apiUrl, 'GET', slugPath);
    const services = await apiCall<Service[]>(stack.apiUrl, 'GET', `${slugPath}/services`);
    const womensCut = services.find((s) => s.name.startsWith("Women's Cut"))!;
    const staff = await apiCall<StaffMember[]>(
      stack.apiUrl,
      'GET',
      `${slugPath}/staff?serviceId=${womensCut.id}`,
    );
    const mia = staff.find((m) => m.firstName === 'Mia')!;
    const today = todayInZone(business.timeZone);
    let day = addDays(today, 2);
    while (weekday(day) === 0 || weekday(day) === 6) day = addDays(day, 1);

    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: /Women's Cut/ }).click();
    const miasMonth = page.waitForResponse(
      (r) =>
        r.url().includes('/available-days?') &&
        r.url().includes(`month=${day.slice(0, 7)}`) &&
        r.url().includes(`staffId=${mia.id}`),
    );
    await page.getByText('Mia Nguyen').click();
    if (day.slice(0, 7) !== today.slice(0, 7)) {
      await page.getByRole('button', { name: /next month/i }).click();
    }
    await miasMonth;
    const dayButton = page.locator(`td[data-day="${day}"] button`);
    await page.locator(`td[data-day="${day}"] button:not([disabled])`).waitFor();

    // Every time Mia has that day is booked (over the phone, say) before the customer clicks it.
    for (let i = 0; ; i++) {
      const free = await apiCall<AvailableTime[]>(
        stack.apiUrl,
        'GET',
        `${slugPath}/available-times?date=${day}&serviceId=${womensCut.id}&staffId=${mia.id}`,
      );
      if (free.length === 0) break;
      assert.ok(i < 20, 'the day fills');
      await apiCall(stack.apiUrl, 'POST', '/api/appointments', {
        businessId: business.id,
        serviceId: womensCut.id,
        staffMemberId: mia.id,
        firstName: 'Walk',
        lastName: `In ${i}`,
        phone: `0400 300 1${String(i).padStart(2, '0')}`,
        date: free[0]!.start,
        notificationPreferences: { email: false, sms: true },
      });
    }

    await dayButton.click();
    await page.getByText('No available times for this date.').waitFor();
    await page.locator('.bk-no-times').getByText(STAFF_FULLY_BOOKED).waitFor();
    await toast.getByText('No available times').waitFor();
    await toast.getByText(STAFF_FULLY_BOOKED).waitFor();
    // The month is read again: the day is now disabled as fully booked.
    await page
      .locator(`td[data-day="${day}"] button[disabled][aria-label$=", fully booked"]`)
      .waitFor();
    await page.close();
  });

  it('shows Business Not Found for an unknown slug', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/book/no-such-business`);
    await page.getByRole('heading', { name: 'Business Not Found' }).waitFor();
    await page
      .getByRole('link', { name: 'Return to Home' })
      .or(page.getByRole('button', { name: 'Return to Home' }))
      .first()
      .waitFor();
    await page.close();
  });
});

/**
 * /partners reached from another page, so the browser asks for the list itself: opened directly,
 * the page comes with the list in its HTML (server-rendered), and no request is made.
 */
async function openPartnersInBrowser(page: Page) {
  await page.goto(`${stack.baseUrl}/auth`);
  await page.getByRole('link', { name: 'Our Partners' }).first().click();
}

describe('business directory states', () => {
  it('shows the empty state when no business is listed', async () => {
    const page = await browser.newPage();
    await page.route('**/api/businesses', (route) => route.fulfill({ json: [] }));
    await openPartnersInBrowser(page);
    await page.getByRole('heading', { name: 'No businesses available' }).waitFor();
    await page
      .getByText(
        'There are currently no businesses available for booking. Please check back later.',
      )
      .waitFor();
    await page.close();
  });

  it('shows the error state with Try Again when the list cannot load', async () => {
    const page = await browser.newPage();
    let calls = 0;
    await page.route('**/api/businesses', (route) => {
      calls += 1;
      return calls === 1
        ? route.fulfill({ status: 503, json: { statusCode: 503, message: 'Down', error: 'x' } })
        : route.continue();
    });
    await openPartnersInBrowser(page);
    await page.getByRole('heading', { name: 'Error' }).waitFor();
    await page.getByText('Failed to load businesses. Please try again later.').first().waitFor();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('link', { name: 'Book Now' }).first().waitFor();
    await page.close();
  });
});

describe('shell', () => {
  it('shows the 404 page for unknown paths, with the layout intact', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/definitely/not/here`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await page.getByText('Easy appointment scheduling for small businesses').waitFor();
    await page.close();
  });

  it('focuses the notifications region with F8 before any toast has appeared', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/partners`);
    await page.getByRole('heading', { name: 'Our Business Partners' }).waitFor();
    await page.keyboard.press('F8');
    await page.waitForFunction(() =>
      document.activeElement
        ?.closest('[role="region"]')
        ?.getAttribute('aria-label')
        ?.includes('F8'),
    );
    await page.close();
  });

  it('fits a 360 px phone without horizontal scrolling and opens the drawer', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    await page.goto(`${stack.baseUrl}/book/harbour-hair-studio`);
    await page.getByRole('heading', { name: 'Choose a Service' }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the phone`);
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByText('Testing Tools').waitFor();
    await page.close();
  });
});
