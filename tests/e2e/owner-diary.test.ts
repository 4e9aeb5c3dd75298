// The owner's diary: a caller booked in from 'New appointment' as a new client appears in the Day
// view; a booking dragged to another row is moved after the question; another is moved from its
// details dialog with a free time as a quick pick; the clients get the "moved" SMS in the
// development mailbox; a booking in the past is marked as a no-show, which a future one cannot be.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type {
  AvailableTime,
  StaffMember,
  CreateAppointmentResponse,
  DevOutboxMessage,
  OwnerAppointment,
} from '@slotwise/contracts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import {
  apiCall,
  type OwnerWithTherapist,
  ownerWithTherapist,
  signInOnPage,
} from '../support/owner.js';
import { useBrowserStack } from '../support/browser-stack.js';

const e2e = useBrowserStack();

const TZ = 'Australia/Sydney';
const DAY_MS = 86_400_000;
const sydneyToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** 'Tuesday 5 January 2027', as the Day view names its table. */
const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-AU', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${day}T12:00:00Z`));
/** 'Tue 5 Jan', as the move question names a day. */
const shortDay = (day: string) =>
  new Intl.DateTimeFormat('en-AU', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  })
    .format(new Date(`${day}T12:00:00Z`))
    .replace(',', '');

interface Diary {
  owner: OwnerWithTherapist;
  day: string;
  olive: OwnerAppointment;
  pia: OwnerAppointment;
  pastId: number;
}

/**
 * A weekday two days ahead or later with 11 AM, 1 PM, 2 PM and 3:30 PM free: Olive at 11 AM and
 * Pia at 2 PM booked through the public page (both with Mia, both with mobiles); and Quentin
 * yesterday at 10 AM, written straight to the database as the diary's past would hold him.
 */
async function seed(owner: OwnerWithTherapist): Promise<Diary> {
  const { business, service, staff } = owner;
  const times = (day: string) =>
    apiCall<AvailableTime[]>(
      e2e.stack.baseUrl,
      'GET',
      `/api/business/${business.id}/available-times?date=${day}&serviceId=${service.id}`,
    );
  let day = '';
  for (let n = 2; n < 14 && !day; n++) {
    const candidate = plusDays(sydneyToday(), n);
    const labels = (await times(candidate)).map((t) => t.time);
    if (
      ['10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM', '3:30 PM'].every((t) => labels.includes(t))
    ) {
      day = candidate;
    }
  }
  assert.ok(day, 'an open weekday to book');
  async function book(firstName: string, lastName: string, phone: string, time: string) {
    const slot = (await times(day)).find((t) => t.time === time)!;
    const { appointment } = await apiCall<CreateAppointmentResponse>(
      e2e.stack.baseUrl,
      'POST',
      '/api/appointments',
      {
        businessId: business.id,
        serviceId: service.id,
        firstName,
        lastName,
        phone,
        date: slot.start,
        notificationPreferences: { email: false, sms: true },
      },
    );
    assert.equal(appointment.staffMemberId, staff.id);
    return appointment;
  }
  const olive = await book('Olive', 'Grant', '0400 300 001', '11:00 AM');
  const pia = await book('Pia', 'Hart', '0400 300 002', '2:00 PM');
  const {
    rows: [customer],
  } = await e2e.db.query<{ id: number }>(
    `INSERT INTO customers (business_id, first_name, last_name, phone)
     VALUES ($1, 'Quentin', 'Past', '+61400300999') RETURNING id`,
    [business.id],
  );
  const {
    rows: [past],
  } = await e2e.db.query<{ id: number }>(
    `INSERT INTO appointments (business_id, service_id, staff_id, customer_id, status,
                               starts_at, ends_at, blocked_from, blocked_until)
     SELECT $1, $2, $3, $4, 'confirmed', s, s + interval '60 minutes', s, s + interval '60 minutes'
       FROM (SELECT ($5::date + time '10:00') AT TIME ZONE '${TZ}' AS s) t
     RETURNING id`,
    [business.id, service.id, staff.id, customer!.id, plusDays(sydneyToday(), -1)],
  );
  const list = await apiCall<OwnerAppointment[]>(
    e2e.stack.baseUrl,
    'GET',
    `/api/business/${business.id}/appointments`,
    undefined,
    owner.accessToken,
  );
  const find = (id: number) => list.find((a) => a.id === id)!;
  return { owner, day, olive: find(olive.id), pia: find(pia.id), pastId: past!.id };
}

/** The SMS of a kind the development mailbox holds for a number (E.164). */
async function smsTo(phone: string, kind: string): Promise<DevOutboxMessage[]> {
  const all = await apiCall<DevOutboxMessage[]>(
    e2e.stack.baseUrl,
    'GET',
    `/api/dev/outbox?to=${encodeURIComponent(phone)}`,
  );
  return all.filter((m) => m.channel === 'sms' && m.kind === kind);
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  assert.ok(b, 'the element is on screen');
  return b;
}

describe("the owner's diary", () => {
  let diary: Diary;
  let page: Page;
  const email = `diary-owner-${Date.now()}@example.com`;
  const password = 'correct-horse-3';
  const chip = (id: number) => page.locator(`.dash-cal-day [data-appointment="${id}"]`);
  const grid = () => page.getByRole('table', { name: `Appointments on ${longDay(diary.day)}` });
  const miaCell = (hour: number) =>
    grid().locator(`tr[data-hour="${hour}"] td[data-column="staff-${diary.owner.staff.id}"]`);
  const toast = (text: string | RegExp) => page.getByText(text).first().waitFor();

  before(async () => {
    diary = await seed(await ownerWithTherapist(e2e.stack.baseUrl, email, password));
    page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, e2e.stack.baseUrl, email, password);
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'Business Dashboard' }).waitFor();
  });
  after(async () => {
    await page?.close();
  });

  it('books a caller in as a new client and shows the booking in the Day view', async () => {
    // Today and Upcoming come first; Olive and Pia are upcoming, soonest first.
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    await upcoming.getByText('Olive Grant').waitFor();
    const order = await upcoming
      .locator('.dash-recent__item .dash-table__strong')
      .allTextContents();
    assert.deepEqual(order, ['Olive Grant', 'Pia Hart']);

    await page.getByRole('button', { name: 'New appointment', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New appointment' });
    await dialog.getByLabel('Service').waitFor();
    assert.equal(await dialog.getByLabel('Service').inputValue(), String(diary.owner.service.id));
    await dialog.getByLabel('Date').fill(diary.day);
    await dialog.getByLabel('Time').fill('10:00');
    await dialog.getByRole('button', { name: 'New client' }).click();
    await dialog.getByLabel('First name').fill('Jack');
    await dialog.getByLabel('Last name').fill('Smith');
    await dialog.getByLabel('Mobile number').fill('0412 345 678');
    assert.ok(
      await dialog.getByLabel('Send the client an SMS confirmation with their links').isChecked(),
    );
    await dialog.getByRole('button', { name: 'Book Appointment' }).click();
    await toast(/Appointment Booked/);
    await dialog.waitFor({ state: 'hidden' });

    // The calendar shows that day, the booking in Mia's column at 10 AM.
    await grid().waitFor();
    await miaCell(10).getByText('Jack Smith').waitFor();
    const [jack] = await apiCall<OwnerAppointment[]>(
      e2e.stack.baseUrl,
      'GET',
      `/api/business/${diary.owner.business.id}/appointments?q=jack`,
      undefined,
      diary.owner.accessToken,
    );
    assert.equal(jack!.customer.phone, '+61412345678');
    assert.equal(jack!.staffMemberId, diary.owner.staff.id);
    const confirmation = await smsTo('+61412345678', 'booking-confirmation');
    assert.equal(confirmation.length, 1, 'the new client gets the confirmation with their links');
    assert.match(confirmation[0]!.body, /reschedule\?token=/);

    // Not started yet: Complete and No-show wait, saying why.
    await chip(jack!.id).click();
    const details = page.getByRole('dialog', { name: /Appointment Details/ });
    assert.ok(await details.getByRole('button', { name: 'No-show' }).isDisabled());
    await details
      .getByText('Complete and No-show can be chosen once the appointment has started.')
      .waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
  });

  it('moves a booking by dragging it to another row, after the question', async () => {
    const olive = chip(diary.olive.id);
    await olive.waitFor();
    // Taken hold of in its middle, let go at the same height of the 1 PM row: 1:00 PM.
    const from = await box(olive);
    const row11 = await box(grid().locator('tr[data-hour="11"]'));
    const row13 = await box(grid().locator('tr[data-hour="13"]'));
    const target = await box(miaCell(13));
    const grabY = from.y + from.height / 2;
    const fraction = (grabY - row11.y) / row11.height;
    await page.mouse.move(from.x + from.width / 2, grabY);
    await page.mouse.down();
    await page.mouse.move(target.x + target.width / 2, row13.y + fraction * row13.height, {
      steps: 12,
    });
    await page.mouse.up();

    const question = page.getByRole('dialog', { name: 'Move appointment' });
    await question
      .getByText(`Move Olive Grant to ${shortDay(diary.day)}, 1:00 PM with Mia Rossi?`)
      .waitFor();
    assert.ok(await question.getByLabel('Text the client').isChecked());
    await question.getByRole('button', { name: 'Move', exact: true }).click();
    await toast(/Appointment Moved/);
    await question.waitFor({ state: 'hidden' });
    await miaCell(13).locator(`[data-appointment="${diary.olive.id}"]`).waitFor();
    assert.equal(await miaCell(11).locator(`[data-appointment="${diary.olive.id}"]`).count(), 0);

    const moved = await smsTo('+61400300001', 'reschedule-confirmation');
    assert.equal(moved.length, 1, 'Olive gets the "moved" SMS');
    assert.match(moved[0]!.body, /has been moved to .*1:00/);
    assert.match(moved[0]!.body, /cancel\?token=/);
  });

  it('moves a booking from its details dialog with a free time of the day', async () => {
    await chip(diary.pia.id).click();
    const details = page.getByRole('dialog', { name: /Appointment Details/ });
    await details.getByRole('button', { name: 'Move' }).click();
    const move = page.getByRole('dialog', { name: 'Move appointment' });
    assert.equal(await move.getByLabel('Date').inputValue(), diary.day);
    assert.equal(await move.getByLabel('Time', { exact: true }).inputValue(), '14:00');
    await move.getByRole('button', { name: '3:30 PM' }).click();
    assert.equal(await move.getByLabel('Time', { exact: true }).inputValue(), '15:30');
    await move.getByRole('button', { name: 'Move Appointment' }).click();
    await toast(/Appointment Moved/);
    await move.waitFor({ state: 'hidden' });
    // Back to the details, at the new time.
    await details.getByText(/3:30 PM – 4:30 PM/).waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    await miaCell(15).locator(`[data-appointment="${diary.pia.id}"]`).waitFor();

    const moved = await smsTo('+61400300002', 'reschedule-confirmation');
    assert.equal(moved.length, 1, 'Pia gets the "moved" SMS');
    assert.match(moved[0]!.body, /has been moved to .*3:30/);
  });

  it('marks a booking in the past as a no-show', async () => {
    await page.getByRole('button', { name: 'Table View' }).click();
    await page.locator('.dash-search-desktop').fill('quentin');
    const row = page.locator(`tr[data-appointment="${diary.pastId}"]`);
    await row.getByText('Mia Rossi').waitFor();
    await row.click();
    const details = page.getByRole('dialog', { name: /Appointment Details/ });
    await details.getByRole('button', { name: 'No-show' }).click();
    await toast('Status changed to no-show');
    await details.locator('[data-status="no_show"]').waitFor();
    assert.equal(await details.locator('[data-status="no_show"]').textContent(), 'No-show');
    await page.keyboard.press('Escape');
    await row.locator('[data-status="no_show"]').waitFor();
    const {
      rows: [saved],
    } = await e2e.db.query<{ status: string }>('SELECT status FROM appointments WHERE id = $1', [
      diary.pastId,
    ]);
    assert.equal(saved!.status, 'no_show');
  });
});

const shotsDir = process.env.SLOTWISE_SCREENSHOTS;
if (shotsDir) mkdirSync(shotsDir, { recursive: true });

describe('a move the API refuses names every reason', () => {
  for (const width of [390, 1280]) {
    it(`lists 'does not offer this service' and 'on leave', with no 'Move anyway' (${width} px)`, async () => {
      const email = `diary-reasons-${width}-${Date.now()}@example.com`;
      const password = 'correct-horse-3';
      const owner = await ownerWithTherapist(e2e.stack.baseUrl, email, password);
      const diary = await seed(owner);
      await e2e.db.query(`UPDATE businesses SET subscription_plan = 'professional' WHERE id = $1`, [
        owner.business.id,
      ]);
      // Leo offers nothing of the massage, and is on leave the whole of the diary's day.
      const leo = await apiCall<StaffMember>(
        e2e.stack.baseUrl,
        'POST',
        '/api/staff',
        { businessId: owner.business.id, firstName: 'Leo', lastName: 'Hart', serviceIds: [] },
        owner.accessToken,
      );
      const {
        rows: [range],
      } = await e2e.db.query<{ start: Date; end: Date }>(
        `SELECT ($1::date + time '00:00') AT TIME ZONE '${TZ}' AS start,
                ($1::date + 1 + time '00:00') AT TIME ZONE '${TZ}' AS end`,
        [diary.day],
      );
      await apiCall(
        e2e.stack.baseUrl,
        'POST',
        `/api/staff/${leo.id}/time-off`,
        { start: range!.start.toISOString(), end: range!.end.toISOString(), reason: 'Leave' },
        owner.accessToken,
      );

      const page = await e2e.browser.newPage({ viewport: { width, height: 900 } });
      try {
        await signInOnPage(page, e2e.stack.baseUrl, email, password);
        await page.waitForURL(/\/dashboard$/);
        await page.getByRole('button', { name: 'Table View' }).click();
        await page.locator(`tr[data-appointment="${diary.olive.id}"]`).first().click();
        const details = page.getByRole('dialog', { name: /Appointment Details/ });
        await details.getByRole('button', { name: 'Move' }).click();
        const move = page.getByRole('dialog', { name: 'Move appointment' });
        // The booking's own time is among the free times.
        await move.getByRole('button', { name: '11:00 AM' }).waitFor();
        await move.getByLabel('Staff member').selectOption({ label: 'Leo Hart' });
        await move.getByLabel('Time', { exact: true }).fill('11:00');
        await move.getByRole('button', { name: 'Move Appointment' }).click();
        await move.getByText('This time cannot be used:').waitFor();
        await move
          .getByRole('listitem')
          .filter({ hasText: 'Does not offer this service' })
          .waitFor();
        await move.getByRole('listitem').filter({ hasText: 'On leave then (time off)' }).waitFor();
        assert.equal(await move.getByRole('button', { name: 'Move anyway' }).count(), 0);
        if (shotsDir) {
          await page.screenshot({
            path: join(shotsDir, `move-refused-${width}.png`),
            fullPage: true,
          });
        }
        const {
          rows: [kept],
        } = await e2e.db.query<{ staff_id: number }>(
          'SELECT staff_id FROM appointments WHERE id = $1',
          [diary.olive.id],
        );
        assert.equal(kept!.staff_id, owner.staff.id, 'the booking stays with Mia');
      } finally {
        await page.close();
      }
    });
  }
});
