// Issue 25: one person in two businesses (owner of one, staff of another) switches with the
// business switcher, at 390 px and 1280 px, and sees each business's own diary and the navigation
// of their role there: the owner's Business Dashboard (Staff tab, every Settings tab) in one, their
// own day and an Account-only Settings in the other.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { DevOutboxMessage, OwnerAppointment } from '@slotwise/contracts';
import type { Page } from 'playwright-core';
import { apiCall, ownerWithTherapist, signInOnPage } from '../support/owner.js';
import { useBrowserStack } from '../support/browser-stack.js';

const e2e = useBrowserStack();

const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/slotwise-screens';
const PASSWORD = 'correct-horse-5';
const TZ = 'Australia/Sydney';
const sydneyDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(at);

async function settingsTabs(page: Page): Promise<string[]> {
  await page.goto(`${e2e.stack.baseUrl}/settings`);
  const tabs = page.getByRole('tablist', { name: 'Settings sections' }).getByRole('tab');
  await tabs.first().waitFor();
  return tabs.allTextContents();
}

/**
 * What the header offers the signed-in person (the phone menu at 390 px, the user menu at 1280 px):
 * the role and business it names and the links to the member's pages, shot while open.
 */
async function headerNav(page: Page, email: string, shot: string) {
  const phone = (page.viewportSize()?.width ?? 0) < 768;
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
  else await page.getByRole('button', { name: `Account menu for ${email}` }).click();
  const panel = phone ? page.getByRole('dialog', { name: 'Menu' }) : page.getByRole('menu');
  const role = panel.locator('.shell-user__role');
  await role.waitFor();
  const seen = {
    role: await role.textContent(),
    business: await panel.locator('.shell-user__business').textContent(),
    links: await panel.getByRole(phone ? 'link' : 'menuitem').allTextContents(),
  };
  await page.screenshot({ path: `${SCREENSHOTS}/${shot}.png` });
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });
  return seen;
}

async function assertNoSidewaysScroll(page: Page, where: string) {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  assert.ok(scroll <= width, `${where} scrolls sideways at ${width}px (${scroll}px)`);
}

describe('one person in two businesses', () => {
  it("switches businesses and sees each one's own diary and their role's navigation", async () => {
    const base = e2e.stack.baseUrl;
    const stamp = Date.now();
    const personEmail = `switch-person-${stamp}@example.com`;
    const mine = await ownerWithTherapist(base, personEmail, PASSWORD, { name: 'Harbour Physio' });
    const theirs = await ownerWithTherapist(base, `switch-other-${stamp}@example.com`, PASSWORD, {
      name: 'Hilltop Massage',
    });
    // Soon (today in Sydney if the day allows), one booking in each business, each with its own
    // therapist: in Hilltop, the person's own staff record.
    const start = new Date(Math.ceil((Date.now() + 1_800_000) / 900_000) * 900_000);
    const book = (shop: typeof mine, lastName: string) =>
      apiCall<OwnerAppointment>(
        base,
        'POST',
        `/api/business/${shop.business.id}/appointments`,
        {
          serviceId: shop.service.id,
          staffMemberId: shop.staff.id,
          date: start.toISOString(),
          outsideHours: true,
          customer: { firstName: 'Client', lastName, phone: `0400 ${String(stamp).slice(-6)}` },
        },
        shop.accessToken,
      );
    const harbour = await book(mine, 'Harbour');
    const hilltop = await book(theirs, 'Hilltop');

    // Hilltop's owner invites the person as staff, linked to its therapist; they accept with the
    // password of the account they already have.
    await apiCall(
      base,
      'POST',
      `/api/business/${theirs.business.id}/invitations`,
      { email: personEmail, role: 'staff', staffMemberId: theirs.staff.id },
      theirs.accessToken,
    );
    const [mail] = await apiCall<DevOutboxMessage[]>(
      base,
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(personEmail)}`,
    );
    const token = /\/join\?token=([A-Za-z0-9_%-]+)/.exec(mail?.body ?? '')?.[1];
    assert.ok(token, 'an invitation emailed to the person');
    await apiCall(base, 'POST', '/api/invitations/accept', {
      token: decodeURIComponent(token),
      password: PASSWORD,
    });

    for (const width of [390, 1280]) {
      const context = await e2e.browser.newContext({ viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        await signInOnPage(page, base, personEmail, PASSWORD);
        await page.waitForURL('**/dashboard');

        // Their own business first: the owner's dashboard and navigation, its diary only.
        await page.getByRole('heading', { name: 'Business Dashboard' }).waitFor();
        await page.getByText('Harbour Physio').first().waitFor();
        await page.getByRole('tab', { name: 'Staff' }).waitFor();
        await page.getByRole('button', { name: 'View All' }).click();
        await page.locator(`tr[data-appointment="${harbour.id}"]`).waitFor();
        assert.equal(await page.locator(`[data-appointment="${hilltop.id}"]`).count(), 0);
        assert.equal(
          await page.locator('[data-count="Confirmed Appointments"]').textContent(),
          '1',
        );
        await assertNoSidewaysScroll(page, `owner's dashboard at ${width}`);
        await page.screenshot({ path: `${SCREENSHOTS}/switch-owner-${width}.png`, fullPage: true });
        const asOwner = await headerNav(page, personEmail, `switch-owner-menu-${width}`);
        assert.equal(asOwner.role, 'Business Owner');
        assert.equal(asOwner.business, 'Harbour Physio');
        for (const link of ['Dashboard', 'Reports', 'Payments', 'Settings']) {
          assert.ok(asOwner.links.includes(link), `${link} in ${asOwner.links.join()}`);
        }
        const ownerTabs = await settingsTabs(page);
        assert.ok(
          ownerTabs.includes('Team') && ownerTabs.includes('Subscription'),
          ownerTabs.join(),
        );

        // Switched to Hilltop: their own day as staff, with Hilltop's booking, and no owner screens.
        await page.goto(`${base}/dashboard`);
        await page.getByLabel('Business').selectOption(String(theirs.business.id));
        await page.getByRole('heading', { name: 'My day' }).waitFor();
        await page.getByText('Hilltop Massage', { exact: false }).first().waitFor();
        if (sydneyDay(start) !== sydneyDay(new Date())) {
          await page.getByRole('button', { name: 'Next day' }).click();
        }
        await page.locator('[data-appointment="Client Hilltop"]').waitFor();
        assert.equal(await page.locator('[data-appointment="Client Harbour"]').count(), 0);
        await assertNoSidewaysScroll(page, `staff's day at ${width}`);
        await page.screenshot({ path: `${SCREENSHOTS}/switch-staff-${width}.png`, fullPage: true });
        // The header follows the switch at once: their role there, no owner's pages.
        const asStaff = await headerNav(page, personEmail, `switch-staff-menu-${width}`);
        assert.equal(asStaff.role, 'Staff');
        assert.equal(asStaff.business, 'Hilltop Massage');
        assert.ok(asStaff.links.includes('Dashboard'), asStaff.links.join());
        for (const link of ['Reports', 'Payments', 'Email Test', 'SMS Test']) {
          assert.ok(!asStaff.links.includes(link), `${link} in ${asStaff.links.join()}`);
        }
        assert.equal(
          await page
            .locator('header')
            .getByRole('link', { name: /Reports|Payments/ })
            .count(),
          0,
        );
        await page.getByRole('button', { name: 'Full diary' }).click();
        await page.getByRole('tab', { name: 'Clients' }).waitFor();
        assert.equal(await page.getByRole('tab', { name: 'Staff' }).count(), 0);
        assert.equal(
          await page.locator('[data-count="Confirmed Appointments"]').textContent(),
          '1',
        );
        assert.deepEqual(await settingsTabs(page), ['Account']);

        // And back from their day to their own business.
        await page.goto(`${base}/dashboard`);
        await page.getByRole('heading', { name: 'My day' }).waitFor();
        await page.getByLabel('Business').selectOption(String(mine.business.id));
        await page.getByRole('heading', { name: 'Business Dashboard' }).waitFor();
        await page.getByRole('tab', { name: 'Staff' }).waitFor();
      } finally {
        await context.close();
      }
    }
  });
});
