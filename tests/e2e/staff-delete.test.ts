// Removing a staff member with a booking to come: the delete question lists the booking (in the
// business's time) and offers to reassign or cancel it; the owner reassigns it to the other staff
// member, who then has it in the appointments table, and the client is not texted about it.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AvailableTime, DevOutboxMessage, OwnerAppointment } from '@slotwise/contracts';
import type { Page } from 'playwright-core';
import { apiCall, ownerWithTherapist, signInOnPage } from '../support/owner.js';
import { useBrowserStack } from '../support/browser-stack.js';

const e2e = useBrowserStack();

const TZ = 'Australia/Sydney';
const DAY_MS = 86_400_000;
const sydneyToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** '6 Jan 2027', as the dashboard writes a date. */
const shortDate = (day: string) =>
  new Intl.DateTimeFormat('en-AU', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${day}T12:00:00Z`));

describe('removing a staff member with a booking to come', () => {
  let page: Page;
  const email = `staff-delete-${Date.now()}@example.com`;
  const password = 'correct-horse-5';

  after(async () => {
    await page?.close();
  });

  it('lists the booking, reassigns it to the other person, then removes them', async () => {
    const owner = await ownerWithTherapist(e2e.stack.baseUrl, email, password);
    const { business, service, staff: mia, accessToken } = owner;
    const call = <T>(method: string, path: string, body?: unknown) =>
      apiCall<T>(e2e.stack.baseUrl, method, path, body, accessToken);
    // A second staff member needs Professional.
    await e2e.db.query(`UPDATE businesses SET subscription_plan = 'professional' WHERE id = $1`, [
      business.id,
    ]);
    const jack = await call<{ id: number }>('POST', '/api/staff', {
      businessId: business.id,
      firstName: 'Jack',
      lastName: 'Lee',
      serviceIds: [service.id],
    });

    // Mia's booking at 10 AM on an open day at least two days ahead.
    let day = '';
    let slot: AvailableTime | undefined;
    for (let n = 2; n < 14 && !slot; n++) {
      day = plusDays(sydneyToday(), n);
      const times = await apiCall<AvailableTime[]>(
        e2e.stack.baseUrl,
        'GET',
        `/api/business/${business.id}/available-times?date=${day}&serviceId=${service.id}`,
      );
      slot = times.find((t) => t.time === '10:00 AM');
    }
    assert.ok(slot, 'an open day to book');
    const booked = await call<OwnerAppointment>(
      'POST',
      `/api/business/${business.id}/appointments`,
      {
        serviceId: service.id,
        staffMemberId: mia.id,
        date: slot.start,
        customer: { firstName: 'Olive', lastName: 'Grant', phone: '0400 310 001' },
      },
    );
    const textsBefore = await apiCall<DevOutboxMessage[]>(
      e2e.stack.baseUrl,
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent('+61400310001')}`,
    );

    // On a phone first: the question must fit 360 px.
    page = await e2e.browser.newPage({ viewport: { width: 360, height: 780 } });
    await signInOnPage(page, e2e.stack.baseUrl, email, password);
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('tab', { name: 'Staff' }).click();
    await page.getByRole('button', { name: 'Delete Mia Rossi' }).click();

    const question = page.getByRole('dialog', { name: 'Mia Rossi has 1 upcoming booking' });
    const item = question.locator(`[data-booking="${booked.id}"]`);
    await item.waitFor();
    const text = (await item.textContent()) ?? '';
    assert.match(text, new RegExp(`${shortDate(day)} · 10:00 AM – 11:00 AM AE[SD]T`));
    assert.match(text, /Olive Grant · Deep Tissue Massage/);
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'nothing scrolls sideways at 360 px',
    );

    const remove = question.getByRole('button', { name: 'Delete', exact: true });
    assert.ok(await remove.isDisabled(), 'the owner decides first');
    await question.getByLabel('Cancel them and text the clients').waitFor();
    await question.getByLabel('Reassign to another staff member').check();
    await question.getByLabel('Reassign to', { exact: true }).selectOption({ label: 'Jack Lee' });
    await question.getByRole('button', { name: 'Reassign and Delete' }).click();
    await page
      .getByText(
        'Staff member has been deleted successfully. Their 1 upcoming booking is now with Jack Lee.',
      )
      .first()
      .waitFor();
    await question.waitFor({ state: 'hidden' });
    await page.locator('li[data-staff="Mia Rossi"]').waitFor({ state: 'detached' });
    await page.locator('li[data-staff="Jack Lee"]').waitFor();

    // The booking is Jack's now, at the same time, in the appointments table.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('tab', { name: 'Appointments' }).click();
    await page.getByRole('button', { name: 'Table View' }).click();
    const row = page.locator(`tr[data-appointment="${booked.id}"]`);
    await row.locator('.dash-cell--staff', { hasText: 'Jack Lee' }).waitFor();
    assert.match((await row.locator('.dash-cell--when').textContent()) ?? '', /10:00 AM/);

    const [after] = await call<OwnerAppointment[]>(
      'GET',
      `/api/business/${business.id}/appointments?q=olive`,
    );
    assert.equal(after!.staffMemberId, jack.id);
    assert.equal(after!.date, booked.date);
    assert.equal(after!.status, 'confirmed');
    // Same time, so the client hears nothing about the change.
    const textsAfter = await apiCall<DevOutboxMessage[]>(
      e2e.stack.baseUrl,
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent('+61400310001')}`,
    );
    assert.deepEqual(
      textsAfter.map((m) => m.id),
      textsBefore.map((m) => m.id),
    );
  });
});
