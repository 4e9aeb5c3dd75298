// The owner's diary views: the Day view shows a booking nobody is assigned to in an 'Unassigned'
// column and a booking after closing time below the 5 PM row; the Month view's '+N more' opens
// that day; the Week view shows clients' whole names at 1280 px and 390 px.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type {
  AvailableTime,
  Business,
  CreateAppointmentResponse,
  Service,
  StaffMember,
} from '@slotwise/contracts';
import pg from 'pg';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiCall, signInOnPage, verifiedOwner } from '../support/owner.js';
import { launchBrowser, startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let browser: Browser;
let db: pg.Client;

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  db = new pg.Client(stack.dbUrl);
  await db.connect();
});
after(async () => {
  await db?.end();
  await browser?.close();
  await stack?.stop();
});

const TZ = 'Australia/Sydney';
/** 'Tuesday 5 January 2027' and 'Tuesday 5 January', as the calendar labels a day. */
const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-AU', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${day}T12:00:00Z`));
const dayName = (day: string) => longDay(day).replace(/ \d{4}$/, '');
/** '3 Jan – 9 Jan 2027': the week (Sunday to Saturday) holding the day. */
function weekName(day: string) {
  const noon = new Date(`${day}T12:00:00Z`);
  const sunday = noon.getTime() - noon.getUTCDay() * 86_400_000;
  const short = (ms: number) =>
    new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', day: 'numeric', month: 'short' }).format(
      new Date(ms),
    );
  const saturday = sunday + 6 * 86_400_000;
  return `${short(sunday)} – ${short(saturday)} ${new Date(saturday).getUTCFullYear()}`;
}
const monthName = (day: string) =>
  new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(`${day}T12:00:00Z`),
  );

interface Diary {
  day: string;
  staff: StaffMember;
  ids: { nora: number; jack: number; olive: number; pia: number; late: number };
}

/**
 * One weekday at least two days ahead, booked through the public API: Nora at 10 AM before the
 * business has staff (the business itself takes the booking: nobody is assigned), then, once Mia
 * offers the service, Jack, Olive and Pia (assigned to Mia); and Lucas at 6 PM, after closing,
 * written straight to the database as a walk-in kept late would be.
 */
async function seedDiary(business: Business, token: string): Promise<Diary> {
  const call = <T>(method: string, path: string, body?: unknown) =>
    apiCall<T>(stack.baseUrl, method, path, body, token);
  const service = await call<Service>('POST', '/api/services', {
    businessId: business.id,
    name: 'Deep Tissue Massage',
    duration: 60,
    price: 11000,
  });
  const times = (day: string) =>
    apiCall<AvailableTime[]>(
      stack.baseUrl,
      'GET',
      `/api/business/${business.id}/available-times?date=${day}&serviceId=${service.id}`,
    );
  const sydneyToday = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
  let day = '';
  for (let n = 2; n < 14 && !day; n++) {
    const candidate = new Date(Date.parse(`${sydneyToday}T12:00:00Z`) + n * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const labels = (await times(candidate)).map((t) => t.time);
    if (['10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM'].every((t) => labels.includes(t))) {
      day = candidate;
    }
  }
  assert.ok(day, 'an open weekday to book');
  let phone = 0;
  async function book(firstName: string, lastName: string, time: string) {
    const slot = (await times(day)).find((t) => t.time === time)!;
    phone += 1;
    const { appointment } = await apiCall<CreateAppointmentResponse>(
      stack.baseUrl,
      'POST',
      '/api/appointments',
      {
        businessId: business.id,
        serviceId: service.id,
        firstName,
        lastName,
        phone: `0400 300 00${phone}`,
        date: slot.start,
        notificationPreferences: { email: false, sms: true },
      },
    );
    return appointment;
  }
  const nora = await book('Nora', 'Walker', '10:00 AM');
  assert.equal(nora.staffMemberId, null);
  const staff = await call<StaffMember>('POST', '/api/staff', {
    businessId: business.id,
    firstName: 'Mia',
    lastName: 'Rossi',
    title: 'Remedial Therapist',
    serviceIds: [service.id],
  });
  const jack = await book('Jack', 'Thompson', '11:00 AM');
  assert.equal(jack.staffMemberId, staff.id);
  const olive = await book('Olive', 'Grant', '1:00 PM');
  const pia = await book('Pia', 'Hart', '2:00 PM');
  const {
    rows: [customer],
  } = await db.query<{ id: number }>(
    `INSERT INTO customers (business_id, first_name, last_name, phone)
     VALUES ($1, 'Lucas', 'Evans', '0400 300 999') RETURNING id`,
    [business.id],
  );
  const {
    rows: [late],
  } = await db.query<{ id: number }>(
    `INSERT INTO appointments (business_id, service_id, staff_id, customer_id, status,
                               starts_at, ends_at, blocked_from, blocked_until)
     SELECT $1, $2, $3, $4, 'confirmed', s, s + interval '60 minutes', s, s + interval '60 minutes'
       FROM (SELECT ($5::date + time '18:00') AT TIME ZONE '${TZ}' AS s) t
     RETURNING id`,
    [business.id, service.id, staff.id, customer!.id, day],
  );
  return {
    day,
    staff,
    ids: { nora: nora.id, jack: jack.id, olive: olive.id, pia: pia.id, late: late!.id },
  };
}

/** Clicks `next` until the calendar's period heading reads `label`. */
async function goTo(page: Page, next: string, label: string) {
  const heading = page.locator('.dash-cal-label');
  for (let i = 0; i < 20; i++) {
    const text = await heading.textContent();
    if (text === label) return;
    await page.getByRole('button', { name: next }).click();
    await page.waitForFunction(
      (was) => document.querySelector('.dash-cal-label')?.textContent !== was,
      text,
    );
  }
  throw new Error(`the calendar never showed ${label}`);
}

/** The element's box; fails when it has none. */
async function box(locator: Locator) {
  const b = await locator.boundingBox();
  assert.ok(b, 'the element is on screen');
  return b;
}

describe('diary views', () => {
  let diary: Diary;
  let page: Page;
  const email = `diary-${Date.now()}@example.com`;
  const password = 'correct-horse-3';

  before(async () => {
    const login = await verifiedOwner(stack.baseUrl, email, password);
    const business = await apiCall<Business>(
      stack.baseUrl,
      'GET',
      `/api/business/owner/${login.user.id}`,
      undefined,
      login.accessToken,
    );
    diary = await seedDiary(business, login.accessToken);
    // Named too (a service and the default hours it has): the dashboard, not the first-run setup.
    await apiCall(
      stack.baseUrl,
      'PATCH',
      `/api/business/${business.id}`,
      { name: 'Diary Physio' },
      login.accessToken,
    );
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, stack.baseUrl, email, password);
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'Business Dashboard' }).waitFor();
  });
  after(async () => {
    await page?.close();
  });

  const chip = (scope: Locator | Page, id: number) => scope.locator(`[data-appointment="${id}"]`);

  it('shows the unassigned booking in its own column and the late one below the 5 PM row', async () => {
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await goTo(page, 'Next day', longDay(diary.day));
    const grid = page.getByRole('table', { name: `Appointments on ${longDay(diary.day)}` });
    await chip(grid, diary.ids.jack).waitFor();
    const headers = (await grid.getByRole('columnheader').allTextContents()).slice(1);
    assert.deepEqual(headers, ['Mia RossiRemedial Therapist', 'Unassigned']);
    await chip(grid.locator('td[data-column="unassigned"]'), diary.ids.nora)
      .getByText('Nora Walker')
      .waitFor();
    const mia = grid.locator(`td[data-column="staff-${diary.staff.id}"]`);
    for (const id of [diary.ids.jack, diary.ids.olive, diary.ids.pia, diary.ids.late]) {
      await chip(mia, id).waitFor();
    }
    // 6:00 to 7:00 PM: in the 6 PM row, which the grid adds below 5 PM.
    const late = chip(grid.locator('tr[data-hour="18"]'), diary.ids.late);
    await late.getByText('6:00 PM – 7:00 PM').waitFor();
    const fivePm = grid.locator('tr', {
      has: page.getByRole('rowheader', { name: '5 PM', exact: true }),
    });
    const row = await box(fivePm);
    assert.ok((await box(late)).y >= row.y + row.height, 'the late booking is below the 5 PM row');
    assert.equal(
      await grid.locator('tr[data-hour="18"] th').textContent(),
      '6 PM',
      'the row is labelled with its hour',
    );
  });

  it("'+N more' in the Month view opens that day", async () => {
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    await goTo(page, 'Next month', monthName(diary.day));
    const cell = page.locator(`[role="gridcell"][data-day="${diary.day}"]`);
    await chip(cell, diary.ids.nora).waitFor();
    await cell.getByRole('button', { name: `+2 more on ${dayName(diary.day)}` }).click();
    await page.getByRole('heading', { name: longDay(diary.day), exact: true }).waitFor();
    assert.equal(
      await page.getByRole('button', { name: 'Day', exact: true }).getAttribute('aria-pressed'),
      'true',
    );
    const grid = page.getByRole('table', { name: `Appointments on ${longDay(diary.day)}` });
    for (const id of Object.values(diary.ids)) await chip(grid, id).waitFor();
  });

  it("shows clients' whole names in the Week view at 1280 px and 390 px", async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInOnPage(phone, stack.baseUrl, email, password);
    await phone.waitForURL(/\/dashboard$/);
    for (const p of [page, phone]) {
      await p.getByRole('button', { name: 'Week', exact: true }).click();
      await goTo(p, 'Next week', weekName(diary.day));
      const jack = chip(p.locator('.dash-cal-week'), diary.ids.jack);
      await jack.getByText('Jack Thompson', { exact: true }).waitFor();
      // Nothing of the chip's text is cut off or hidden behind an ellipsis.
      const clipped = await jack.evaluate(
        (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
      );
      assert.equal(clipped, false, `the chip's text is cut at ${p.viewportSize()?.width} px`);
      const name = await box(jack.locator('.dash-chip__name'));
      const card = await box(jack);
      assert.ok(name.x + name.width <= card.x + card.width + 1, 'the name fits in the chip');
      const overflow = await p.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      assert.ok(overflow <= 0, 'the page scrolls sideways');
    }
    await phone.close();
  });
});
