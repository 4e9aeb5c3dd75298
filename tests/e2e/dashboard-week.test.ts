// The Business Dashboard with a seeded week: an owner finds appointments by calendar, table and
// search (also in a long history, paged with 'Load more'), confirms one, cannot complete a future one,
// cancels a third (its time is offered again on the public page), reminds customers by email and
// SMS from the table and the details dialog (messages land in the development outbox), edits
// notes, and sends themselves a test email and SMS from the Testing Tools pages.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { DevOutboxMessage, OwnerAppointment } from '@slotwise/contracts';
import type { Page } from 'playwright-core';
import {
  apiCall,
  ownerWithTherapist,
  signInOnPage,
  type OwnerWithTherapist,
} from '../support/owner.js';
import { useBrowserStack } from '../support/browser-stack.js';

const e2e = useBrowserStack();

const api = <T>(method: string, path: string, body?: unknown, token?: string) =>
  apiCall<T>(e2e.stack.baseUrl, method, path, body, token);

const OWNER_PHONE = '0400 999 888';

/**
 * Next week (Monday to Sunday in Sydney, as the diary's weeks run, all in the future) at 10:00
 * local, plus Wednesday 2 PM, and 50 completed appointments on the 50 days before today (the
 * history the table pages).
 */
const WEEK = [
  // [day from next Monday, hour, first, last, email, phone, status]
  [0, 10, 'Ava', 'Brown', 'ava@example.com', '0400 100 001', 'confirmed'],
  [1, 10, 'Ben', 'Carter', null, '0400 100 002', 'pending'],
  [2, 10, 'Chloe', 'Davis', 'chloe@example.com', '0400 100 003', 'confirmed'],
  [2, 14, 'Dan', 'Evans', null, '0400 100 004', 'pending'],
  [3, 10, 'Ella', 'Fox', 'ella@example.com', '0400 100 005', 'confirmed'],
  [4, 10, 'Finn', 'Green', 'finn@example.com', '', 'confirmed'],
  [5, 10, 'Grace', 'Hill', 'grace@example.com', '0400 100 007', 'confirmed'],
  [6, 10, 'Harry', 'Irwin', null, '0400 100 008', 'completed'],
] as const;
/** A seeded customer's first name. */
type WeekName = (typeof WEEK)[number][2];
/** A seeded appointment: its id and its business-local day (YYYY-MM-DD). */
type Seeded = Record<WeekName, { id: number; day: string }>;

async function seedWeek({ business, service, staff }: OwnerWithTherapist) {
  const ids = {} as Seeded;
  const sydneyDay = `(now() AT TIME ZONE 'Australia/Sydney')::date`;
  const nextMonday = `(${sydneyDay} + (7 - (extract(dow FROM ${sydneyDay})::int + 6) % 7))`;
  for (const [day, hour, first, last, email, phone, status] of WEEK) {
    const {
      rows: [customer],
    } = await e2e.db.query<{ id: number }>(
      `INSERT INTO customers (business_id, first_name, last_name, email, phone, notify_email)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [business.id, first, last, email, phone, email !== null],
    );
    const {
      rows: [row],
    } = await e2e.db.query<{ id: number; day: string }>(
      `INSERT INTO appointments (business_id, service_id, staff_id, customer_id, status, starts_at, ends_at,
                                 blocked_from, blocked_until)
       SELECT $1, $2, $3, $4, $5, s, s + interval '60 minutes', s, s + interval '60 minutes'
         FROM (SELECT ((${nextMonday} + $6::int) + make_time($7, 0, 0)) AT TIME ZONE 'Australia/Sydney' AS s) t
       RETURNING id, to_char(starts_at AT TIME ZONE 'Australia/Sydney', 'YYYY-MM-DD') AS day`,
      [business.id, service.id, staff.id, customer!.id, status, day, hour],
    );
    ids[first] = { id: row!.id, day: row!.day };
  }
  const {
    rows: [history],
  } = await e2e.db.query<{ id: number }>(
    `INSERT INTO customers (business_id, first_name, last_name, phone) VALUES ($1, 'History', 'Client', '0400 200 000') RETURNING id`,
    [business.id],
  );
  await e2e.db.query(
    `INSERT INTO appointments (business_id, service_id, staff_id, customer_id, status, starts_at, ends_at,
                               blocked_from, blocked_until, notes)
     SELECT $1, $2, $3, $4, 'completed', s, s + interval '60 minutes', s, s + interval '60 minutes',
            'Visit ' || n
       FROM generate_series(1, 50) AS n,
            LATERAL (SELECT ((${sydneyDay} - n) + time '11:00') AT TIME ZONE 'Australia/Sydney' AS s) t`,
    [business.id, service.id, staff.id, history!.id],
  );
  return ids;
}

const toast = (page: Page, text: string) =>
  page.locator('.sw-toast').getByText(text).first().waitFor();

/** Messages in the development outbox to this phone number (compared by its last 8 digits). */
async function smsTo(phone: string) {
  const digits = phone.replace(/\D/g, '').slice(-8);
  const all = await api<DevOutboxMessage[]>('GET', '/api/dev/outbox');
  return all.filter((m) => m.channel === 'sms' && m.to.replace(/\D/g, '').endsWith(digits));
}

/** The public page's times on one business-local day (YYYY-MM-DD). */
async function publicTimes(page: Page, slug: string, day: string) {
  await page.goto(`${e2e.stack.baseUrl}/book/${slug}`);
  await page.getByRole('heading', { name: 'Choose a Service' }).waitFor();
  await page.getByRole('button', { name: /Deep Tissue Massage/ }).click();
  await page.getByText('Select a date to view available times').waitFor();
  const cell = page.locator(`td[data-day="${day}"]:not(.rdp-outside) button`);
  for (let i = 0; i < 2 && !(await cell.isVisible()); i++) {
    await page.getByRole('button', { name: /next month/i }).click();
  }
  await cell.click();
  const slot = page.locator('[data-testid="time-slot"]').first();
  const empty = page.getByText('No available times for this date.');
  await Promise.race([slot.waitFor(), empty.waitFor()]);
  return (await page.locator('[data-testid="time-slot"]').allTextContents()).map((t) => t.trim());
}

describe('business dashboard with a seeded week', () => {
  let ctx: OwnerWithTherapist & { ids: Seeded };
  let page: Page;
  const email = `week-${Date.now()}@example.com`;
  const password = 'correct-horse-2';

  before(async () => {
    const owner = await ownerWithTherapist(e2e.stack.baseUrl, email, password, {
      name: 'Week Spa',
      phone: OWNER_PHONE,
    });
    ctx = { ...owner, ids: await seedWeek(owner) };
    page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, e2e.stack.baseUrl, email, password);
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'Business Dashboard' }).waitFor();
  });
  after(async () => {
    await page?.close();
  });

  const dialog = () => page.getByRole('dialog', { name: /Appointment Details/ });
  const row = (name: WeekName) => page.locator(`tr[data-appointment="${ctx.ids[name].id}"]`);
  const search = () => page.locator('.dash-search-desktop');
  async function openFromTable(name: WeekName) {
    await search().fill(name);
    await row(name).click();
    await dialog().getByText('View and manage appointment information').waitFor();
  }
  async function closeDialog() {
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
  }

  it('counts the week and shows it in the calendar', async () => {
    await page.waitForFunction(
      () => document.querySelector('[data-count="Pending Appointments"]')?.textContent === '2',
    );
    assert.equal(
      await page.locator('[data-count="Confirmed Appointments"]').textContent(),
      String(WEEK.filter((w) => w[6] === 'confirmed').length),
    );
    await page.getByRole('button', { name: 'Next week' }).click();
    for (const [, , first, last] of WEEK) {
      await page
        .locator(`.dash-cal-week [data-appointment="${ctx.ids[first].id}"]`)
        .getByText(`${first} ${last}`)
        .waitFor();
    }
    // A click on a calendar chip opens the details.
    await page.locator(`.dash-cal-week [data-appointment="${ctx.ids.Dan.id}"]`).click();
    await dialog().getByText('Dan Evans').waitFor();
    await closeDialog();
  });

  it('pages the table, finds old appointments by search, and shows Email/SMS only when possible', async () => {
    await page.getByRole('button', { name: 'View All' }).click();
    const rows = page.locator('tr.dash-table__row');
    await row('Ava').waitFor();
    assert.equal(await rows.count(), 50);
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.waitForFunction(() => document.querySelectorAll('tr.dash-table__row').length === 58);
    assert.equal(await page.getByRole('button', { name: 'Load more' }).count(), 0);
    // The oldest visit, found by the server's search.
    await search().fill('history client');
    await page.waitForFunction(() => document.querySelectorAll('tr.dash-table__row').length === 50);
    await search().fill('GRACE');
    await row('Grace').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('tr.dash-table__row').length === 1);
    await search().fill('massage');
    await row('Ben').waitFor();
    await search().fill('nobody at all');
    await page.getByText('No appointments match the current filters').waitFor();
    await search().fill('');
    await page.getByRole('button', { name: 'Filter by Status' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'pending' }).click();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelectorAll('tr.dash-table__row').length === 2);
    await row('Ben').waitFor();
    await row('Dan').waitFor();
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await row('Ava').waitFor();

    // Email only with an email address, SMS only with a phone number.
    const actions = (name: WeekName) => row(name).getByRole('button');
    assert.deepEqual(await actions('Ava').allTextContents(), ['View', 'Email', 'SMS']);
    assert.deepEqual(await actions('Ben').allTextContents(), ['View', 'SMS']);
    assert.deepEqual(await actions('Finn').allTextContents(), ['View', 'Email']);

    await row('Ava')
      .getByRole('button', { name: /^Email/ })
      .click();
    // No mail or SMS provider on this stack: the toast says so, never "sent".
    await toast(page, 'Notification Not Sent');
    await toast(page, 'Email is not set up on this server');
    const avaMail = await api<DevOutboxMessage[]>('GET', '/api/dev/outbox?to=ava%40example.com');
    assert.equal(avaMail.length, 1);
    assert.equal(avaMail[0]!.channel, 'email');
    await row('Ben').getByRole('button', { name: /^SMS/ }).click();
    await toast(page, 'SMS is not set up on this server');
    assert.equal((await smsTo('0400 100 002')).length, 1);
  });

  it('confirms one, keeps Complete for after the start, and cancels a third, whose time reopens', async () => {
    await openFromTable('Ben');
    await dialog().getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Status changed to confirmed');
    await dialog().locator('[data-status="confirmed"]').waitFor();
    // No email address: Send Email is disabled, Send SMS is not.
    assert.ok(await dialog().getByRole('button', { name: 'Send Email' }).isDisabled());
    assert.ok(await dialog().getByRole('button', { name: 'Send SMS' }).isEnabled());
    await closeDialog();

    // Chloe's visit is still to come: what happened can only be said once it has started.
    await openFromTable('Chloe');
    assert.ok(await dialog().getByRole('button', { name: 'Complete' }).isDisabled());
    await dialog()
      .getByText(/once the appointment has started/)
      .waitFor();
    await closeDialog();

    const pub = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const ella = ctx.ids.Ella;
    assert.ok(!(await publicTimes(pub, ctx.business.slug, ella.day)).includes('10:00 AM'));
    await openFromTable('Ella');
    await dialog().getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('button', { name: 'Cancel Appointment' }).click();
    await toast(page, 'The appointment has been cancelled');
    await dialog().waitFor({ state: 'hidden' });
    await row('Ella').locator('[data-status="cancelled"]').waitFor();
    assert.ok((await publicTimes(pub, ctx.business.slug, ella.day)).includes('10:00 AM'));
    await pub.close();

    const list = await api<OwnerAppointment[]>(
      'GET',
      `/api/business/${ctx.business.id}/appointments`,
      undefined,
      ctx.accessToken,
    );
    const status = (first: WeekName) => list.find((a) => a.id === ctx.ids[first].id)!.status;
    assert.deepEqual((['Ben', 'Chloe', 'Ella'] as const).map(status), [
      'confirmed',
      'confirmed',
      'cancelled',
    ]);
  });

  it('texts the customer from the dialog and saves notes', async () => {
    await openFromTable('Grace');
    await dialog().getByRole('button', { name: 'Send SMS' }).click();
    await toast(page, 'SMS is not set up on this server');
    await page.locator('.sw-toast').getByText('SMS Not Sent').first().waitFor();
    const texts = await smsTo('0400 100 007');
    assert.equal(texts.length, 1);
    assert.match(texts[0]!.body, /Week Spa/);

    await dialog().getByRole('button', { name: 'Send Email' }).click();
    await toast(page, 'Email is not set up on this server');
    assert.equal(
      (await api<DevOutboxMessage[]>('GET', '/api/dev/outbox?to=grace%40example.com')).length,
      1,
    );

    await dialog().getByText('No notes').waitFor();
    await dialog().getByRole('button', { name: 'Add Notes' }).click();
    const notes = dialog().getByLabel('Notes');
    assert.equal(await notes.inputValue(), '');
    assert.ok(await dialog().getByRole('button', { name: 'Save Notes' }).isDisabled());
    await notes.fill('Prefers the quiet room');
    await dialog().getByRole('button', { name: 'Save Notes' }).click();
    await toast(page, 'The appointment notes have been updated');
    await dialog().getByText('Prefers the quiet room').waitFor();
    await closeDialog();
    await openFromTable('Grace');
    await dialog().getByText('Prefers the quiet room').waitFor();
    await dialog().getByRole('button', { name: 'Edit Notes' }).click();
    assert.equal(await dialog().getByLabel('Notes').inputValue(), 'Prefers the quiet room');
    await dialog().getByRole('button', { name: 'Discard' }).click();
    await closeDialog();
    const [saved] = await api<[OwnerAppointment]>(
      'GET',
      `/api/business/${ctx.business.id}/appointments?q=grace`,
      undefined,
      ctx.accessToken,
    );
    assert.equal(saved.notes, 'Prefers the quiet room');
  });

  it('fits a 360 px phone: the table as cards with its actions, and the dialog', async () => {
    const phone = await e2e.browser.newPage({ viewport: { width: 360, height: 740 } });
    // The session lives in the refresh cookie of the signed-in context: sign in again here.
    await signInOnPage(phone, e2e.stack.baseUrl, email, password);
    await phone.waitForURL(/\/dashboard$/);
    await phone.getByRole('button', { name: 'View All' }).click();
    await phone.locator(`tr[data-appointment="${ctx.ids.Ava.id}"]`).getByText('SMS').waitFor();
    const overflow = () =>
      phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok((await overflow()) <= 0, 'the dashboard scrolls sideways at 360 px');
    await phone.locator(`tr[data-appointment="${ctx.ids.Ava.id}"]`).click();
    const d = phone.getByRole('dialog', { name: /Appointment Details/ });
    await d.getByRole('button', { name: 'Send SMS' }).waitFor();
    const box = await d.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 360, 'the dialog fits the screen');
    await phone.close();
  });

  it('sends the owner a test email and a test SMS from the Testing Tools pages', async () => {
    await page.goto(`${e2e.stack.baseUrl}/email-test`);
    await page.getByRole('heading', { name: 'Email Test' }).waitFor();
    const address = page.getByLabel('Email Address');
    assert.equal(await address.inputValue(), email);
    const before = (
      await api<DevOutboxMessage[]>('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)
    ).length;
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await page.getByText('Not sent: email is not set up on this server').waitFor();
    const mails = await api<DevOutboxMessage[]>(
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(email)}`,
    );
    assert.equal(mails.length, before + 1);
    assert.equal(mails[0]!.channel, 'email');
    await page.getByRole('link', { name: 'development mailbox' }).waitFor();
    // A bad address is refused in the form, nothing is sent.
    await address.fill('not-an-address');
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await page.getByText('Please enter a valid email address').waitFor();

    await page.goto(`${e2e.stack.baseUrl}/sms-test`);
    await page.getByRole('heading', { name: 'SMS Test' }).waitFor();
    const number = page.getByLabel('Phone Number');
    await page.waitForFunction(
      (expected) =>
        document.querySelector<HTMLInputElement>('input[type="tel"]')?.value === expected,
      OWNER_PHONE,
    );
    assert.equal(await number.inputValue(), OWNER_PHONE);
    await page.getByRole('button', { name: 'Send Test SMS' }).click();
    await page.getByText('Test SMS not sent').waitFor();
    assert.equal((await smsTo(OWNER_PHONE)).length, 1);

    // Signed out, the Testing Tools ask for a sign-in.
    const visitor = await e2e.browser.newPage();
    await visitor.goto(`${e2e.stack.baseUrl}/sms-test`);
    await visitor.waitForURL(/\/auth$/);
    await visitor.close();
  });
});
