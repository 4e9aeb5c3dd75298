// Issue 25: the owner invites a staff member from their staff card and a manager by email; the
// staff member joins through the emailed /join link and lands on their own day (390 px first) with
// the next appointment and the client's notes; the manager's screens have no plan; each one's
// screens and refusals at 390 and 1280 px, in three browser contexts.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { DevOutboxMessage, OwnerAppointment } from '@slotwise/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { apiCall, ownerWithTherapist, signInOnPage } from '../support/owner.js';
import { useBrowserStack } from '../support/browser-stack.js';

const e2e = useBrowserStack();

const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/slotwise-screens';
const PASSWORD = 'correct-horse-5';

const toast = (page: Page, text: string) =>
  page.locator('.sw-toast').getByText(text).first().waitFor();

async function invitationLink(baseUrl: string, to: string): Promise<string> {
  const outbox = await apiCall<DevOutboxMessage[]>(
    baseUrl,
    'GET',
    `/api/dev/outbox?to=${encodeURIComponent(to)}`,
  );
  const match = outbox[0]?.body.match(/\/join\?token=[^\s"'<>]+/);
  assert.ok(match, `an invitation emailed to ${to}`);
  return match[0];
}

async function assertNoSidewaysScroll(page: Page, where: string) {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  assert.ok(scroll <= width, `${where} scrolls sideways at ${width}px (${scroll}px)`);
}

/** The Settings tabs a role sees. */
async function settingsTabs(page: Page): Promise<string[]> {
  await page.goto(`${e2e.stack.baseUrl}/settings`);
  const tabs = page.getByRole('tablist', { name: 'Settings sections' }).getByRole('tab');
  await tabs.first().waitFor();
  return tabs.allTextContents();
}

describe('the team signs in', () => {
  const stamp = Date.now();
  const ownerEmail = `team-owner-${stamp}@example.com`;
  const staffEmail = `team-mia-${stamp}@example.com`;
  const managerEmail = `team-manager-${stamp}@example.com`;
  const contexts: BrowserContext[] = [];

  after(async () => {
    for (const c of contexts) await c.close();
  });

  it('owner, manager and staff each see their own screens, and not what their role refuses', async () => {
    const owner = await ownerWithTherapist(e2e.stack.baseUrl, ownerEmail, PASSWORD);
    const { business, service, staff: mia, accessToken } = owner;
    await e2e.db.query(`UPDATE businesses SET subscription_plan = 'professional' WHERE id = $1`, [
      business.id,
    ]);
    // Mia's next appointment, in an hour (booked by the owner, outside hours if need be), with a
    // client note.
    const start = new Date(Math.ceil((Date.now() + 3_600_000) / 900_000) * 900_000);
    const booked = await apiCall<OwnerAppointment>(
      e2e.stack.baseUrl,
      'POST',
      `/api/business/${business.id}/appointments`,
      {
        serviceId: service.id,
        staffMemberId: mia.id,
        date: start.toISOString(),
        outsideHours: true,
        customer: { firstName: 'Nora', lastName: 'Client', phone: '0400 555 123' },
      },
      accessToken,
    );
    await e2e.db.query(
      `UPDATE customers SET notes = 'Prefers firm pressure' WHERE business_id = $1`,
      [business.id],
    );

    // The owner invites Mia from her staff card, and a manager by email.
    const ownerContext = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(ownerContext);
    const ownerPage = await ownerContext.newPage();
    await signInOnPage(ownerPage, e2e.stack.baseUrl, ownerEmail, PASSWORD);
    await ownerPage.waitForURL('**/dashboard');
    await ownerPage.goto(`${e2e.stack.baseUrl}/settings?tab=staff`);
    await ownerPage.getByRole('link', { name: 'Invite Mia Rossi to sign in' }).click();
    const invite = ownerPage.getByRole('form', { name: 'Invite someone' });
    await invite.getByLabel('Email').fill(staffEmail);
    assert.equal(await invite.getByLabel('Staff record').inputValue(), String(mia.id));
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await toast(ownerPage, `Invitation sent to ${staffEmail}`);
    await invite.getByLabel('Email').fill(managerEmail);
    await invite.getByLabel('Role').selectOption('manager');
    await invite.getByLabel('Staff record').selectOption('');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await toast(ownerPage, `Invitation sent to ${managerEmail}`);
    await ownerPage
      .locator(`[data-invitation="${managerEmail}"] [data-invitation-status="pending"]`)
      .waitFor();

    // Mia joins on her phone through the emailed link, and lands on her own day.
    const staffContext = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(staffContext);
    const staffPage = await staffContext.newPage();
    await staffPage.goto(
      `${e2e.stack.baseUrl}${await invitationLink(e2e.stack.baseUrl, staffEmail)}`,
    );
    await staffPage.getByRole('heading', { name: 'Join your team' }).waitFor();
    await staffPage.getByLabel('Password').fill(PASSWORD);
    await staffPage.getByRole('button', { name: 'Join' }).click();
    await staffPage.waitForURL('**/dashboard');
    await staffPage.getByRole('heading', { name: 'My day' }).waitFor();
    const next = staffPage.locator('[data-appointment="Nora Client"]');
    await next.getByText('Next').waitFor();
    await next.getByText('Prefers firm pressure').waitFor();
    await assertNoSidewaysScroll(staffPage, 'My day');
    await staffPage.screenshot({
      path: `${SCREENSHOTS}/team-staff-my-day-390.png`,
      fullPage: true,
    });
    // Staff: no plan, no team, no staff management; Settings is their account only.
    assert.deepEqual(await settingsTabs(staffPage), ['Account']);
    await staffPage.screenshot({
      path: `${SCREENSHOTS}/team-staff-settings-390.png`,
      fullPage: true,
    });
    // Her full diary has no staff management either.
    await staffPage.goto(`${e2e.stack.baseUrl}/dashboard`);
    await staffPage.getByRole('button', { name: 'Full diary' }).click();
    await staffPage.getByRole('tab', { name: 'Clients' }).waitFor();
    assert.equal(await staffPage.getByRole('tab', { name: 'Staff' }).count(), 0);

    // The manager joins with a new account and signs in: the team, but no plan.
    const managerContext = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(managerContext);
    const managerPage = await managerContext.newPage();
    await managerPage.goto(
      `${e2e.stack.baseUrl}${await invitationLink(e2e.stack.baseUrl, managerEmail)}`,
    );
    await managerPage.getByLabel('Password').fill(PASSWORD);
    await managerPage.getByRole('button', { name: 'Join' }).click();
    await managerPage.waitForURL('**/dashboard');
    await managerPage.getByRole('heading', { name: 'Business Dashboard' }).waitFor();
    await managerPage.getByRole('tab', { name: 'Staff' }).waitFor();
    const managerTabs = await settingsTabs(managerPage);
    assert.ok(managerTabs.includes('Team'), managerTabs.join());
    assert.ok(!managerTabs.includes('Subscription'), managerTabs.join());
    await managerPage.getByRole('tab', { name: 'Team' }).click();
    await managerPage.locator(`[data-member="${staffEmail}"]`).waitFor();
    // The owner's row has no role change or removal for a manager.
    const ownerRow = managerPage.locator(`[data-member="${ownerEmail}"]`);
    assert.equal(await ownerRow.getByRole('button', { name: 'Remove' }).count(), 0);

    // The owner sees everything, the permission table included.
    const ownerTabs = await settingsTabs(ownerPage);
    assert.ok(ownerTabs.includes('Subscription') && ownerTabs.includes('Team'), ownerTabs.join());
    await ownerPage.getByRole('tab', { name: 'Team' }).click();
    await ownerPage.getByRole('region', { name: 'What each role may do' }).waitFor();
    await ownerPage.locator(`[data-member="${managerEmail}"]`).waitFor();

    for (const [name, page] of [
      ['owner', ownerPage],
      ['manager', managerPage],
      ['staff', staffPage],
    ] as const) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        if (name === 'staff') await page.goto(`${e2e.stack.baseUrl}/dashboard`);
        else await page.goto(`${e2e.stack.baseUrl}/settings?tab=team`);
        await page
          .getByRole('heading', { name: name === 'staff' ? 'My day' : 'Settings' })
          .waitFor();
        if (name !== 'staff') await page.locator('[data-member]').first().waitFor();
        else await page.getByText('Prefers firm pressure').waitFor();
        await assertNoSidewaysScroll(page, `${name} at ${width}`);
        await page.screenshot({ path: `${SCREENSHOTS}/team-${name}-${width}.png`, fullPage: true });
      }
    }

    // Leaving: the owner removes Mia; her next request is refused and the appointment stays.
    await ownerPage
      .locator(`[data-member="${staffEmail}"]`)
      .getByRole('button', { name: 'Remove' })
      .click();
    await ownerPage.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await toast(ownerPage, `${staffEmail} removed`);
    const still = await apiCall<OwnerAppointment[]>(
      e2e.stack.baseUrl,
      'GET',
      `/api/business/${business.id}/appointments`,
      undefined,
      accessToken,
    );
    assert.ok(still.some((a) => a.id === booked.id && a.staffMemberId === mia.id));
    await staffPage.reload();
    await staffPage.waitForURL('**/auth**');
  });
});
