// The owner's diary views: the Day view shows a booking nobody is assigned to in an 'Unassigned'
// column and a booking after closing time below the 5 PM row; the Month view's '+N more' opens
// that day; the Week view is a Monday-first time grid that books the time clicked and shows
// clients' whole names at 1280 px and 390 px; special days say what they are (a closure's reason,
// 'Open 24 hours', each time's zone the day daylight saving ends).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type {
  AvailableTime,
  Business,
  CreateAppointmentResponse,
  Service,
  StaffMember,
} from '@slotwise/contracts';
import type { Locator, Page } from 'playwright-core';
import { apiCall, signInOnPage, verifiedOwner } from '../support/owner.js';
import { useBrowserStack } from '../support/browser-stack.js';

const e2e = useBrowserStack();

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
/** The Monday that starts the week (Monday to Sunday) holding the day. */
function mondayOf(day: string) {
  const noon = new Date(`${day}T12:00:00Z`);
  return new Date(noon.getTime() - ((noon.getUTCDay() + 6) % 7) * 86_400_000)
    .toISOString()
    .slice(0, 10);
}
/** '4 Jan – 10 Jan 2027': the week (Monday to Sunday) holding the day. */
function weekName(day: string) {
  const monday = Date.parse(`${mondayOf(day)}T12:00:00Z`);
  const short = (ms: number) =>
    new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', day: 'numeric', month: 'short' }).format(
      new Date(ms),
    );
  const sunday = monday + 6 * 86_400_000;
  return `${short(monday)} – ${short(sunday)} ${new Date(sunday).getUTCFullYear()}`;
}
const monthName = (day: string) =>
  new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(`${day}T12:00:00Z`),
  );

interface Diary {
  day: string;
  staff: StaffMember;
  serviceId: number;
  customerId: number;
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
    apiCall<T>(e2e.stack.baseUrl, method, path, body, token);
  const service = await call<Service>('POST', '/api/services', {
    businessId: business.id,
    name: 'Deep Tissue Massage',
    duration: 60,
    price: 11000,
  });
  const times = (day: string) =>
    apiCall<AvailableTime[]>(
      e2e.stack.baseUrl,
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
      e2e.stack.baseUrl,
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
  } = await e2e.db.query<{ id: number }>(
    `INSERT INTO customers (business_id, first_name, last_name, phone)
     VALUES ($1, 'Lucas', 'Evans', '0400 300 999') RETURNING id`,
    [business.id],
  );
  const {
    rows: [late],
  } = await e2e.db.query<{ id: number }>(
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
    serviceId: service.id,
    customerId: customer!.id,
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
  let business: Business;
  let token: string;
  let page: Page;
  const email = `diary-${Date.now()}@example.com`;
  const password = 'correct-horse-3';

  before(async () => {
    const login = await verifiedOwner(e2e.stack.baseUrl, email, password);
    token = login.accessToken;
    business = await apiCall<Business>(
      e2e.stack.baseUrl,
      'GET',
      `/api/business/owner/${login.user.id}`,
      undefined,
      login.accessToken,
    );
    diary = await seedDiary(business, login.accessToken);
    // Named too (a service and the default hours it has): the dashboard, not the first-run setup.
    await apiCall(
      e2e.stack.baseUrl,
      'PATCH',
      `/api/business/${business.id}`,
      { name: 'Diary Physio' },
      login.accessToken,
    );
    page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, e2e.stack.baseUrl, email, password);
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

  /** A phone-sized page of the same owner, on the dashboard. */
  async function phonePage() {
    const phone = await e2e.browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInOnPage(phone, e2e.stack.baseUrl, email, password);
    await phone.waitForURL(/\/dashboard$/);
    await phone.getByRole('heading', { name: 'Business Dashboard' }).waitFor();
    return phone;
  }

  it('shows the week as a time grid from Monday, and books the empty time clicked (1280 and 390 px)', async () => {
    const phone = await phonePage();
    const monday = mondayOf(diary.day);
    for (const p of [page, phone]) {
      const width = p.viewportSize()!.width;
      await p.getByRole('button', { name: 'Week', exact: true }).click();
      await goTo(p, 'Next week', weekName(diary.day));
      const grid = p.getByRole('table', { name: /Appointments in the week/ });
      await chip(grid, diary.ids.jack).waitFor();
      const days = await grid
        .locator('thead th[data-column]')
        .evaluateAll((ths) => ths.map((th) => (th as HTMLElement).dataset.column));
      assert.equal(days.length, 7);
      assert.equal(days[0], monday, 'the week starts on Monday');
      const heads = await grid.locator('.dash-cal-week__head').allTextContents();
      assert.match(heads[0]!, /^Mon /);
      assert.match(heads[6]!, /^Sun /);
      // Jack's 11 AM booking is in his day's column, in the 11 AM row.
      await chip(grid.locator(`tr[data-hour="11"] td[data-column="${diary.day}"]`), diary.ids.jack)
        .getByText('Jack Thompson', { exact: true })
        .waitFor();
      await p.screenshot({ path: `/tmp/week-grid-${width}.png`, fullPage: true });
      // An empty time: 3 PM on the booked day (nothing is booked then).
      const free = grid.locator(`tr[data-hour="15"] td[data-column="${diary.day}"]`);
      await free.scrollIntoViewIfNeeded();
      const b = await box(free);
      await p.mouse.click(b.x + b.width / 2, b.y + 3);
      const dialog = p.getByRole('dialog', { name: 'New appointment' });
      await dialog.waitFor();
      assert.equal(await dialog.getByLabel('Date').inputValue(), diary.day);
      assert.equal(await dialog.getByLabel('Time').inputValue(), '15:00');
      await p.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      const overflow = await p.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      assert.ok(overflow <= 0, `the page scrolls sideways at ${width} px`);
    }
    await phone.close();
  });

  it("labels special days: a closure's reason, a whole day, and the day the clocks go back (1280 and 390 px)", async () => {
    const call = <T>(method: string, path: string, body?: unknown) =>
      apiCall<T>(e2e.stack.baseUrl, method, path, body, token);
    // Friday 2 April 2027 closed for training; Saturday 3 April open round the clock.
    await call('POST', `/api/business/${business.id}/closures`, {
      from: '2027-04-02',
      to: '2027-04-02',
      reason: 'Staff training',
    });
    await call('POST', `/api/business/${business.id}/special-hours`, {
      date: '2027-04-03',
      intervals: [{ openTime: '00:00', closeTime: '24:00' }],
    });
    // Sunday 4 April 2027: at 3:00 AM AEDT the clocks go back to 2:00 AM AEST. Three bookings
    // written as a walk-in would be: 2:00 AM AEDT, 2:30 AM AEDT to 2:00 AM AEST, 2:00 AM AEST.
    const ids: number[] = [];
    for (const [start, end] of [
      ['2027-04-03T15:00:00Z', '2027-04-03T15:30:00Z'],
      ['2027-04-03T15:30:00Z', '2027-04-03T16:00:00Z'],
      ['2027-04-03T16:00:00Z', '2027-04-03T16:30:00Z'],
    ] as const) {
      const {
        rows: [row],
      } = await e2e.db.query<{ id: number }>(
        `INSERT INTO appointments (business_id, service_id, staff_id, customer_id, status,
                                   starts_at, ends_at, blocked_from, blocked_until)
         VALUES ($1, $2, $3, $4, 'confirmed', $5, $6, $5, $6) RETURNING id`,
        [business.id, diary.serviceId, diary.staff.id, diary.customerId, start, end],
      );
      ids.push(row!.id);
    }
    const [aedt, through, aest] = ids as [number, number, number];
    // The dashboard read the closures when it loaded: load it again to read the new ones.
    await page.reload();
    await page.getByRole('heading', { name: 'Business Dashboard' }).waitFor();

    const phone = await phonePage();
    for (const p of [page, phone]) {
      const width = p.viewportSize()!.width;
      await p.getByRole('button', { name: 'Month', exact: true }).click();
      await goTo(p, 'Next month', 'April 2027');
      if (width >= 1280) {
        // The Month view tells the two 2:00 AMs apart.
        const cell = p.locator('[role="gridcell"][data-day="2027-04-04"]');
        await chip(cell, aedt).getByText('2:00 AM AEDT').waitFor();
        await chip(cell, aest).getByText('2:00 AM AEST').waitFor();
        const heads = await p.locator('.dash-cal-month__weekday').allTextContents();
        assert.equal(heads[0], 'Mon', 'the month starts its weeks on Monday');
      }
      await p.getByRole('button', { name: 'Day', exact: true }).click();
      const hours = p.locator('.dash-cal-day__hours');
      await goTo(p, 'Next day', longDay('2027-04-02'));
      await hours.getByText('Closed: Staff training').waitFor();
      assert.doesNotMatch((await hours.textContent())!, /Closed on Fridays/);
      await p.screenshot({ path: `/tmp/special-closure-${width}.png`, fullPage: true });
      await goTo(p, 'Next day', longDay('2027-04-03'));
      await hours.getByText(/Open 24 hours/).waitFor();
      assert.doesNotMatch((await hours.textContent())!, /12:00 AM – 12:00 AM/);
      await p.screenshot({ path: `/tmp/special-24h-${width}.png`, fullPage: true });
      await goTo(p, 'Next day', longDay('2027-04-04'));
      await hours.getByText(/Times in AEDT, then AEST/).waitFor();
      const grid = p.getByRole('table', { name: `Appointments on ${longDay('2027-04-04')}` });
      await chip(grid, through).getByText('2:30 AM AEDT – 2:00 AM AEST').waitFor();
      await chip(grid, aedt).getByText('2:00 AM AEDT – 2:30 AM AEDT').waitFor();
      await chip(grid, aest).getByText('2:00 AM AEST – 2:30 AM AEST').waitFor();
      await p.screenshot({ path: `/tmp/special-dst-${width}.png`, fullPage: true });
      // The next day reads as any other: no zone on each time.
      await goTo(p, 'Next day', longDay('2027-04-05'));
      await hours.getByText('Times in AEST', { exact: false }).waitFor();
      assert.doesNotMatch((await hours.textContent())!, /then/);
    }
    await phone.close();
  });

  it("shows clients' whole names in the Week view at 1280 px and 390 px", async () => {
    const phone = await phonePage();
    for (const p of [page, phone]) {
      await p.getByRole('button', { name: 'Week', exact: true }).click();
      await p.getByRole('button', { name: 'Today', exact: true }).click();
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
