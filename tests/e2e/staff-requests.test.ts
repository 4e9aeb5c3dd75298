// Issue 25: a staff member asks for other weekly hours and for time off on their phone (390 px,
// My day → My hours); a manager sees them waiting in Settings → Team (a count on the tab) at
// 1280 px, declines the hours with a reason, is warned of the booking the time off leaves outside
// the hours as a direct time-off edit warns, approves it; the staff member sees both decisions,
// the time off is saved and they are emailed.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { DevOutboxMessage, OwnerAppointment, TimeOff } from '@slotwise/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { apiCall, ownerWithTherapist, signInOnPage } from '../support/owner.js';
import { useBrowserStack } from '../support/browser-stack.js';

const e2e = useBrowserStack();

const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/slotwise-screens';
const PASSWORD = 'correct-horse-5';

const toast = (page: Page, text: string) =>
  page.locator('.sw-toast').getByText(text).first().waitFor();

/** An invited address joins with a new account (the emailed link's token, accepted by the API). */
async function joined(
  businessId: number,
  ownerToken: string,
  email: string,
  role: 'manager' | 'staff',
  staffMemberId?: number,
) {
  await apiCall(
    e2e.stack.baseUrl,
    'POST',
    `/api/business/${businessId}/invitations`,
    { email, role, ...(staffMemberId ? { staffMemberId } : {}) },
    ownerToken,
  );
  const outbox = await apiCall<DevOutboxMessage[]>(
    e2e.stack.baseUrl,
    'GET',
    `/api/dev/outbox?to=${encodeURIComponent(email)}`,
  );
  const token = outbox[0]?.body.match(/\/join\?token=([^\s"'<>]+)/)?.[1];
  assert.ok(token, `an invitation emailed to ${email}`);
  await apiCall(e2e.stack.baseUrl, 'POST', '/api/invitations/accept', {
    token: decodeURIComponent(token),
    password: PASSWORD,
  });
}

async function assertNoSidewaysScroll(page: Page, where: string) {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  assert.ok(scroll <= width, `${where} scrolls sideways at ${width}px (${scroll}px)`);
}

describe('staff requests', () => {
  const stamp = Date.now();
  const ownerEmail = `req-owner-${stamp}@example.com`;
  const staffEmail = `req-mia-${stamp}@example.com`;
  const managerEmail = `req-manager-${stamp}@example.com`;
  const contexts: BrowserContext[] = [];

  after(async () => {
    for (const c of contexts) await c.close();
  });

  it('staff ask for time off on their phone, a manager approves it, and the staff member sees it approved', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const owner = await ownerWithTherapist(e2e.stack.baseUrl, ownerEmail, PASSWORD);
    const { business, service, staff: mia, accessToken } = owner;
    await e2e.db.query(`UPDATE businesses SET subscription_plan = 'professional' WHERE id = $1`, [
      business.id,
    ]);
    await joined(business.id, accessToken, staffEmail, 'staff', mia.id);
    await joined(business.id, accessToken, managerEmail, 'manager');

    // Mia has a booking in ten days: the day she will ask to have off.
    const start = new Date(Math.ceil((Date.now() + 10 * 86_400_000) / 3_600_000) * 3_600_000);
    const booked = await apiCall<OwnerAppointment>(
      e2e.stack.baseUrl,
      'POST',
      `/api/business/${business.id}/appointments`,
      {
        serviceId: service.id,
        staffMemberId: mia.id,
        date: start.toISOString(),
        outsideHours: true,
        customer: { firstName: 'Nora', lastName: 'Client', phone: '0400 555 124' },
      },
      accessToken,
    );
    const day = new Intl.DateTimeFormat('en-CA', {
      timeZone: business.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(booked.date));

    // Mia, on her phone: My day → My hours → Request Time Off.
    const staffContext = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(staffContext);
    const staffPage = await staffContext.newPage();
    await signInOnPage(staffPage, e2e.stack.baseUrl, staffEmail, PASSWORD);
    await staffPage.waitForURL('**/dashboard');
    await staffPage.getByRole('heading', { name: 'My day' }).waitFor();
    const myHours = staffPage.getByRole('region', { name: 'My hours' });
    await myHours.getByText('No requests').waitFor();
    // First, other weekly hours (their own week as it stands, as a start), with a note.
    await myHours.getByRole('button', { name: 'Request Hours Change' }).click();
    const hoursDialog = staffPage.getByRole('dialog', { name: 'Request Hours Change' });
    await hoursDialog.locator('[data-day="Monday"]').waitFor();
    await hoursDialog.getByLabel('Note (optional)').fill('Mornings only from January?');
    await staffPage.screenshot({ path: `${SCREENSHOTS}/staff-request-hours-390.png` });
    await hoursDialog.getByRole('button', { name: 'Send Request' }).click();
    await toast(staffPage, 'Request Sent');
    await myHours.getByText('Note: Mornings only from January?').waitFor();
    await myHours.getByRole('button', { name: 'Request Time Off' }).click();
    const dialog = staffPage.getByRole('dialog', { name: 'Request Time Off' });
    await dialog.getByLabel('First Day').fill(day);
    await dialog.getByLabel('Last Day').fill(day);
    await dialog.getByLabel('Note (optional)').fill('Family wedding');
    await staffPage.screenshot({ path: `${SCREENSHOTS}/staff-request-form-390.png` });
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await toast(staffPage, 'Request Sent');
    const row = myHours.locator('[data-request-status="pending"]').filter({ hasText: 'Time off:' });
    await row.getByText('Waiting for approval').waitFor();
    await row.getByText('Note: Family wedding').waitFor();
    await assertNoSidewaysScroll(staffPage, 'My hours');
    await staffPage.screenshot({
      path: `${SCREENSHOTS}/staff-request-pending-390.png`,
      fullPage: true,
    });

    // The manager, at a desk: the Team tab counts it; approving warns of Nora's booking first.
    const managerContext = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(managerContext);
    const managerPage = await managerContext.newPage();
    await signInOnPage(managerPage, e2e.stack.baseUrl, managerEmail, PASSWORD);
    await managerPage.waitForURL('**/dashboard');
    await managerPage.goto(`${e2e.stack.baseUrl}/settings?tab=team`);
    await managerPage.getByRole('tab', { name: /Team/ }).getByText('2').waitFor();
    const requests = managerPage.getByRole('region', { name: 'Requests' });
    const pending = requests
      .locator('[data-request-staff="Mia Rossi"]')
      .filter({ hasText: 'Time off:' });
    await pending.getByText('Note: Family wedding').waitFor();
    await managerPage.screenshot({
      path: `${SCREENSHOTS}/staff-request-team-1280.png`,
      fullPage: true,
    });
    // The hours change is declined with a reason; the time off approved.
    await requests
      .locator('[data-request-staff="Mia Rossi"]')
      .filter({ hasText: 'Hours:' })
      .getByRole('button', { name: 'Decline' })
      .click();
    const declineDialog = managerPage.getByRole('dialog', { name: 'Decline Request' });
    await declineDialog.getByLabel('Reason (optional)').fill("Let's talk at the team meeting");
    await declineDialog.getByRole('button', { name: 'Decline' }).click();
    await toast(managerPage, 'Request Declined');
    await managerPage.getByRole('tab', { name: /Team/ }).getByText('1').waitFor();
    await pending.getByRole('button', { name: 'Approve' }).click();
    const warning = managerPage.getByRole('dialog', { name: '1 booking is outside these hours' });
    await warning.getByText('Nora Client').waitFor();
    await managerPage.screenshot({ path: `${SCREENSHOTS}/staff-request-warning-1280.png` });
    await warning.getByRole('button', { name: 'Approve Anyway' }).click();
    await toast(managerPage, 'Request Approved');
    await requests.getByText('No requests waiting').waitFor();
    await managerPage.getByRole('tab', { name: 'Team' }).waitFor();

    // Saved as time off, the booking kept, and Mia emailed.
    const timeOff = await apiCall<TimeOff[]>(
      e2e.stack.baseUrl,
      'GET',
      `/api/staff/${mia.id}/time-off`,
      undefined,
      accessToken,
    );
    assert.equal(timeOff.length, 1);
    assert.equal(timeOff[0]!.reason, 'Family wedding');
    const [kept] = (
      await e2e.db.query('SELECT status FROM appointments WHERE id = $1', [booked.id])
    ).rows as { status: string }[];
    assert.equal(kept!.status, 'confirmed');
    const mail = await apiCall<DevOutboxMessage[]>(
      e2e.stack.baseUrl,
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(staffEmail)}`,
    );
    assert.match(mail[0]!.subject ?? '', /approved/);

    // Mia sees it approved.
    await staffPage.reload();
    const approved = staffPage
      .getByRole('region', { name: 'My hours' })
      .locator('[data-request-status="approved"]');
    await approved.getByText('Approved', { exact: true }).waitFor();
    await approved.getByText(/^Approved by /).waitFor();
    const declined = staffPage
      .getByRole('region', { name: 'My hours' })
      .locator('[data-request-status="declined"]');
    await declined.getByText(/^Declined by .*: Let's talk at the team meeting$/).waitFor();
    await assertNoSidewaysScroll(staffPage, 'My hours');
    await staffPage.screenshot({
      path: `${SCREENSHOTS}/staff-request-approved-390.png`,
      fullPage: true,
    });
  });
});
