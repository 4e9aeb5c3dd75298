// The Business Dashboard: an owner (signed up through the API) with one service gets a booking
// made on the public page, finds it on /dashboard (counts, calendar, table, search), cannot complete
// it before it starts, cancels it, and the freed time is offered again on the public page.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { OwnerAppointment } from '@slotwise/contracts';
import type { Browser, Page } from 'playwright-core';
import { apiCall, ownerWithTherapist, signInOnPage } from '../support/owner.js';
import { firstFreeSlot } from '../support/date-time-picker.js';
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

const api = <T>(method: string, path: string, body?: unknown, token?: string) =>
  apiCall<T>(stack.baseUrl, method, path, body, token);

/** /book/{slug}: the service, then the first day with free times; returns the first time. */
async function firstFreeTime(page: Page, slug: string) {
  await page.goto(`${stack.baseUrl}/book/${slug}`);
  await page.getByRole('heading', { name: 'Choose a Service' }).waitFor();
  await page.getByRole('button', { name: /Deep Tissue Massage/ }).click();
  await page.getByText('Select a date to view available times').waitFor();
  return firstFreeSlot(page, 4);
}

const toast = (page: Page, text: string) =>
  page.locator('.sw-toast').getByText(text).first().waitFor();

describe('business dashboard', () => {
  it('shows a public booking, keeps Complete for after the start, cancels it, and the slot reopens', async () => {
    const email = `dash-${Date.now()}@example.com`;
    const password = 'correct-horse-2';
    const { business, accessToken } = await ownerWithTherapist(stack.baseUrl, email, password);

    // A customer books the first free time on the public page.
    const pub = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const slot = await firstFreeTime(pub, business.slug);
    const bookedTime = (await slot.textContent())!.trim();
    await slot.click();
    await pub.getByLabel('Your Name').fill('Zara Quinn');
    await pub.getByLabel('Mobile Number').fill('0400 555 777');
    await pub.getByLabel('Special Notes (Optional)').fill('Sore shoulder');
    await pub.getByRole('button', { name: 'Book Appointment' }).click();
    await pub.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    const [booked] = await api<[OwnerAppointment]>(
      'GET',
      `/api/business/${business.id}/appointments`,
      undefined,
      accessToken,
    );
    assert.equal(booked.customer.firstName, 'Zara');

    // The owner signs in and lands on the dashboard.
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, stack.baseUrl, email, password);
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'Business Dashboard' }).waitFor();
    await page.getByText(business.name).first().waitFor();
    const count = (label: string) => page.locator(`[data-count="${label}"]`);
    await page.waitForFunction(
      () => document.querySelector('[data-count="Confirmed Appointments"]')?.textContent === '1',
    );
    assert.equal(await count('Pending Appointments').textContent(), '0');

    // Calendar (default): the week view, moved forward until the booking's week is shown.
    const chip = page.locator(`.dash-cal-week [data-appointment="${booked.id}"]`);
    for (let i = 0; i < 30 && !(await chip.isVisible()); i++) {
      await page.getByRole('button', { name: 'Next week' }).click();
      await page.waitForTimeout(300);
    }
    await chip.getByText('Zara Quinn').waitFor();
    await page.getByRole('button', { name: 'Month' }).click();
    await page.locator(`.dash-cal-month [data-appointment="${booked.id}"]`).waitFor();
    // Day view: one column per staff member (name and position), the booking in its hour row.
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await page.getByRole('button', { name: 'Today' }).click();
    const dayChip = page.locator(`.dash-cal-day [data-appointment="${booked.id}"]`);
    for (let i = 0; i < 60 && !(await dayChip.isVisible()); i++) {
      await page.getByRole('button', { name: 'Next day' }).click();
      await page.waitForTimeout(200);
    }
    await page
      .getByRole('columnheader', { name: /Mia Rossi/ })
      .getByText('Remedial Therapist')
      .waitFor();
    const hour = bookedTime.replace(/:\d\d/, '');
    await page
      .getByRole('row', { name: new RegExp(`^${hour}`) })
      .locator(`[data-appointment="${booked.id}"]`)
      .waitFor();
    // The staff filter keeps her appointment; the next day is empty, with the filter's hint.
    await page.getByLabel('Staff member').selectOption({ label: 'Mia Rossi' });
    await dayChip.waitFor();
    await page.getByRole('button', { name: 'Next day' }).click();
    await page.getByText('There are no appointments scheduled for this day yet.').waitFor();
    await page.getByText('Try selecting a different staff member or viewing all staff.').waitFor();
    await page.getByLabel('Staff member').selectOption({ label: 'All Staff' });
    await page.getByRole('button', { name: 'Today' }).click();

    // Recent Appointments and the table; search by name and by service, ignoring case.
    await page.getByRole('button', { name: 'View All' }).click();
    const row = page.locator(`tr[data-appointment="${booked.id}"]`);
    await row.getByText('Zara Quinn').waitFor();
    await row.getByText('Deep Tissue Massage').waitFor();
    await row.getByText(bookedTime).waitFor();
    const search = page.locator('.dash-search-desktop');
    await search.fill('ZARA');
    await row.waitFor();
    await search.fill('massage');
    await row.waitFor();
    await search.fill('nobody');
    await page.getByText('No appointments match the current filters').waitFor();
    await search.fill('');
    await page.getByRole('button', { name: 'Filter by Status' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'pending' }).click();
    await page.keyboard.press('Escape');
    await page.getByText('No appointments match the current filters').waitFor();
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await row.waitFor();

    // Details: Complete waits for the start (a future booking), then confirm and cancel.
    await row.click();
    const dialog = page.getByRole('dialog', { name: /Appointment Details/ });
    await dialog.getByText('View and manage appointment information').waitFor();
    await dialog.getByText('Sore shoulder').waitFor();
    await dialog.getByText('$110.00').waitFor();
    await dialog
      .getByText(/AE[DS]T/)
      .first()
      .waitFor();
    assert.ok(await dialog.getByRole('button', { name: 'Confirm' }).isDisabled());
    assert.ok(await dialog.getByRole('button', { name: 'Complete' }).isDisabled());
    assert.ok(await dialog.getByRole('button', { name: 'No-show' }).isDisabled());
    await dialog.getByText(/once the appointment has started/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page
      .getByText('Are you sure you want to cancel this appointment? This action cannot be undone.')
      .waitFor();
    await page.getByRole('button', { name: 'Cancel Appointment' }).click();
    await toast(page, 'The appointment has been cancelled');
    await dialog.waitFor({ state: 'hidden' });
    await row.locator('[data-status="cancelled"]').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-count="Confirmed Appointments"]')?.textContent === '0',
    );

    // The freed time is the first one offered again.
    const again = await firstFreeTime(pub, business.slug);
    assert.equal((await again.textContent())!.trim(), bookedTime);
    await pub.close();
    await page.close();
  });
});
