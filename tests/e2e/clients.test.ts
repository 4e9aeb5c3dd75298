// The owner's Clients: a returning client books twice with their number typed two ways, the owner
// finds them by the digits of that number on the dashboard's Clients tab, sees both visits and
// keeps a private note; at 1280 px and at 360 px. Two people sharing one phone (decision 35): each
// booking keeps its own name in the diary, and each client is marked as sharing the number; at
// 390 px and 1280 px.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type {
  AvailableTime,
  Business,
  CreateAppointmentResponse,
  Service,
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
const PASSWORD = 'clients are people too';

/** The first free time from two days ahead (Sydney's calendar), asked afresh for each booking. */
async function firstFreeTime(business: Business, service: Service): Promise<AvailableTime> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
  for (let n = 2; n < 16; n++) {
    const day = new Date(Date.parse(`${today}T12:00:00Z`) + n * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const [time] = await apiCall<AvailableTime[]>(
      stack.baseUrl,
      'GET',
      `/api/business/${business.id}/available-times?date=${day}&serviceId=${service.id}`,
    );
    if (time) return time;
  }
  throw new Error('no free time to book');
}

async function book(
  business: Business,
  service: Service,
  who: { firstName: string; lastName: string; phone: string; email?: string },
) {
  const slot = await firstFreeTime(business, service);
  return apiCall<CreateAppointmentResponse>(stack.baseUrl, 'POST', '/api/appointments', {
    businessId: business.id,
    serviceId: service.id,
    date: slot.start,
    notificationPreferences: { email: false, sms: true },
    ...who,
  });
}

async function openClients(page: Page, email: string) {
  await signInOnPage(page, stack.baseUrl, email, PASSWORD);
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('tab', { name: 'Clients' }).click();
  return page.getByRole('tabpanel', { name: 'Clients' });
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe("the owner's Clients", () => {
  let email = '';

  before(async () => {
    email = `clients-${Date.now()}@example.com`;
    const { business, service } = await ownerWithTherapist(stack.baseUrl, email, PASSWORD, {
      name: 'Returning Clients Salon',
    });
    // The same person twice, their number typed two ways; and somebody else.
    await book(business, service, {
      firstName: 'Olivia',
      lastName: 'Marsh',
      phone: '0412 345 678',
    });
    await book(business, service, {
      firstName: 'Olivia',
      lastName: 'Marsh',
      phone: '+61 412 345 678',
      email: 'olivia@example.com',
    });
    await book(business, service, {
      firstName: 'Peter',
      lastName: 'Other',
      phone: '0499 000 111',
    });
  });

  it('finds a returning client by their number, with both visits, and keeps a private note', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      const panel = await openClients(page, email);
      await panel.getByRole('button', { name: /Peter Other/ }).waitFor();
      await panel.getByLabel('Search clients').fill('0412 345');
      const olivia = panel.getByRole('button', { name: /Olivia Marsh/ });
      await olivia.waitFor();
      await panel.getByRole('button', { name: /Peter Other/ }).waitFor({ state: 'detached' });
      assert.equal(await panel.locator('.clients-row').count(), 1, 'one client for one number');
      const row = await olivia.textContent();
      assert.match(row ?? '', /0412 345 678/);
      // Both bookings are still to come: no past visit yet, two upcoming.
      assert.match(row ?? '', /0 visits · 2 upcoming/);
      assert.ok((await overflow(page)) <= 0, 'nothing scrolls sideways at 1280 px');

      await olivia.click();
      const dialog = page.getByRole('dialog', { name: 'Olivia Marsh' });
      const upcoming = dialog.getByRole('region', { name: 'Upcoming' });
      await upcoming.getByRole('listitem').nth(1).waitFor();
      assert.equal(await upcoming.getByRole('listitem').count(), 2);
      assert.match((await upcoming.textContent()) ?? '', /Deep Tissue Massage · Mia Rossi/);
      // The address typed at the second booking stays on that booking: nothing typed on the
      // booking page changes a known client's stored details (decision 35).
      assert.doesNotMatch((await dialog.textContent()) ?? '', /olivia@example\.com/);

      await dialog.getByLabel('Private notes').fill('Prefers Mia; allergic to lavender oil');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Client Saved', { exact: true }).waitFor();
      // Still there when the client is opened afresh.
      await page.reload();
      await page.getByRole('tab', { name: 'Clients' }).click();
      await page.getByRole('button', { name: /Olivia Marsh/ }).click();
      const reopened = page.getByRole('dialog', { name: 'Olivia Marsh' });
      await reopened.getByLabel('Private notes').waitFor();
      assert.equal(
        await reopened.getByLabel('Private notes').inputValue(),
        'Prefers Mia; allergic to lavender oil',
      );
    } finally {
      await page.close();
    }
  });

  it('fits a 360 px phone: the list, the search and the client', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    try {
      const panel = await openClients(page, email);
      await panel.getByLabel('Search clients').fill('olivia');
      const olivia = panel.getByRole('button', { name: /Olivia Marsh/ });
      await olivia.waitFor();
      assert.ok((await overflow(page)) <= 0, 'the list does not scroll sideways at 360 px');
      await olivia.click();
      const dialog = page.getByRole('dialog', { name: 'Olivia Marsh' });
      await dialog
        .getByRole('region', { name: 'Upcoming' })
        .getByRole('listitem')
        .first()
        .waitFor();
      assert.ok((await overflow(page)) <= 0, 'the client does not scroll sideways at 360 px');
      const box = await dialog.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 360, 'the dialog fits the screen');
    } finally {
      await page.close();
    }
  });
});

/** Screenshots for a person to look at, when SLOTWISE_SCREENSHOTS names a folder. */
const shotsDir = process.env.SLOTWISE_SCREENSHOTS;
if (shotsDir) mkdirSync(shotsDir, { recursive: true });

describe('one phone shared by two people', () => {
  let email = '';
  let ids: { olivia: number; chloe: number };

  before(async () => {
    email = `shared-phone-${Date.now()}@example.com`;
    const { business, service } = await ownerWithTherapist(stack.baseUrl, email, PASSWORD, {
      name: 'Shared Phone Salon',
    });
    const olivia = await book(business, service, {
      firstName: 'Olivia',
      lastName: 'Brown',
      phone: '0412 345 678',
      email: 'olivia@example.com',
    });
    const chloe = await book(business, service, {
      firstName: 'Chloe',
      lastName: 'Wilson',
      phone: '+61412345678',
    });
    ids = { olivia: olivia.appointment.id, chloe: chloe.appointment.id };
  });

  it("keeps each booking's name in the diary at 1280 px", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await signInOnPage(page, stack.baseUrl, email, PASSWORD);
      await page.waitForURL(/\/dashboard$/);
      await page.getByRole('tab', { name: 'Appointments' }).click();
      await page.getByRole('button', { name: 'Table View' }).click();
      const olivia = page.locator(`tr[data-appointment="${ids.olivia}"]`);
      const chloe = page.locator(`tr[data-appointment="${ids.chloe}"]`);
      await olivia.waitFor();
      assert.match((await olivia.textContent()) ?? '', /Olivia Brown/);
      assert.doesNotMatch((await olivia.textContent()) ?? '', /Chloe/);
      assert.match((await chloe.textContent()) ?? '', /Chloe Wilson/);
    } finally {
      await page.close();
    }
  });

  for (const width of [390, 1280]) {
    it(`marks both clients as sharing the number at ${width} px`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      try {
        const panel = await openClients(page, email);
        const chloe = panel.getByRole('button', { name: /^Chloe Wilson/ });
        const olivia = panel.getByRole('button', { name: /^Olivia Brown/ });
        await chloe.waitFor();
        assert.match((await chloe.textContent()) ?? '', /Shares a number with Olivia Brown/);
        assert.match((await olivia.textContent()) ?? '', /Shares a number with Chloe Wilson/);
        assert.ok((await overflow(page)) <= 0, `the list does not scroll sideways at ${width} px`);

        await olivia.click();
        const dialog = page.getByRole('dialog', { name: 'Olivia Brown' });
        await dialog.getByText('Shares a number with Chloe Wilson').waitFor();
        await dialog
          .getByRole('button', { name: 'Merge Chloe Wilson into Olivia Brown' })
          .waitFor();
        assert.match((await dialog.textContent()) ?? '', /olivia@example\.com/);
        assert.ok(
          (await overflow(page)) <= 0,
          `the client does not scroll sideways at ${width} px`,
        );
        const box = await dialog.boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= width, 'the dialog fits the screen');
        if (shotsDir) {
          await page.screenshot({ path: join(shotsDir, `client-dialog-${width}.png`) });
        }
      } finally {
        await page.close();
      }
    });
  }
});

describe('merging any two clients on purpose', () => {
  for (const width of [390, 1280]) {
    it(`merges a client with another number, found by email, into the open one at ${width} px`, async () => {
      const email = `merge-any-${width}-${Date.now()}@example.com`;
      const { business, service } = await ownerWithTherapist(stack.baseUrl, email, PASSWORD, {
        name: `Merge Any Salon ${width}`,
      });
      // One person, booked once under a work number and once under a home number and nickname.
      await book(business, service, { firstName: 'Kate', lastName: 'Lee', phone: '0412 333 444' });
      await book(business, service, {
        firstName: 'Katherine',
        lastName: 'Lee',
        phone: '0412 555 666',
        email: 'kath.lee@example.com',
      });
      await book(business, service, { firstName: 'Tom', lastName: 'Ng', phone: '0499 000 222' });
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      try {
        const panel = await openClients(page, email);
        await panel.getByRole('button', { name: /^Kate Lee/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Kate Lee' });
        await dialog.getByRole('button', { name: 'Merge with another client…' }).click();
        await dialog.getByLabel('Find the other client').fill('kath.lee@');
        const matches = dialog.getByRole('list', { name: 'Clients to merge' });
        const katherine = matches.getByRole('button', { name: /Katherine Lee/ });
        await katherine.waitFor();
        await page.waitForFunction(
          () => document.querySelectorAll('[aria-label="Clients to merge"] button').length === 1,
        );
        assert.ok(
          (await overflow(page)) <= 0,
          `the search does not scroll sideways at ${width} px`,
        );
        if (shotsDir) {
          await page.screenshot({ path: join(shotsDir, `client-merge-search-${width}.png`) });
        }
        await katherine.click();
        const confirm = page.getByRole('dialog', { name: 'Merge Clients' });
        await confirm.getByText(/Katherine Lee's appointments move to Kate Lee/).waitFor();
        await confirm.getByRole('button', { name: 'Merge' }).click();
        await page
          .locator('.sw-toast')
          .getByText("Katherine Lee's appointments are now Kate Lee's")
          .waitFor();
        // Both histories are Kate's now; Katherine is no longer a client of her own.
        await dialog.getByText('kath.lee@example.com').first().waitFor();
        await page.waitForFunction(
          () =>
            document.querySelectorAll('[role="dialog"] [aria-label="Upcoming"] li').length === 2,
        );
        await page.keyboard.press('Escape');
        await panel.getByRole('button', { name: /^Tom Ng/ }).waitFor();
        assert.equal(await panel.getByRole('button', { name: /^Katherine Lee/ }).count(), 0);
        if (shotsDir) {
          await page.screenshot({ path: join(shotsDir, `client-merged-${width}.png`) });
        }
      } finally {
        await page.close();
      }
    });
  }
});
