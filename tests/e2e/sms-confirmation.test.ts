// Two-way SMS confirmation in the owner's diary (decision record 020): customers' signed replies
// reach POST /api/twilio/inbound as Twilio would post them (the fake Twilio signs them); the Day
// and Week views show the 'Client confirmed' badge and an 'SMS reply' marker, and the appointment
// dialog shows the confirmation and the reply's words, at 1280 px and 390 px.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { postInboundMessage, startFakeTwilio, type FakeTwilio } from '../support/fake-twilio.mjs';
import { ownerWithTherapist, signInOnPage, type OwnerWithTherapist } from '../support/owner.js';
import { launchBrowser, startStack, type Stack } from '../support/stack.js';

const PUBLIC_URL = 'https://slotwise.test';
const REPLY = 'Can I bring my daughter along?';

let stack: Stack;
let browser: Browser;
let db: pg.Client;
let twilio: FakeTwilio;

before(async () => {
  twilio = await startFakeTwilio();
  // The API verifies Twilio's webhooks against the public URL Twilio was given.
  stack = await startStack({ env: { PUBLIC_URL, TWILIO_AUTH_TOKEN: twilio.authToken } });
  browser = await launchBrowser();
  db = new pg.Client(stack.dbUrl);
  await db.connect();
});
after(async () => {
  await db?.end();
  await browser?.close();
  await stack?.stop();
  await twilio?.close();
});

/** 'Tuesday 5 January 2027', as the calendar labels a day. */
const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-AU', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${day}T12:00:00Z`));

/** Pages the calendar with `next` until its label reads `label` (at most 20 steps). */
async function goTo(page: Page, next: string, label: RegExp | string) {
  const heading = page.locator('.dash-cal-label');
  for (let i = 0; i < 20; i++) {
    const text = (await heading.textContent()) ?? '';
    if (typeof label === 'string' ? text === label : label.test(text)) return;
    await page.getByRole('button', { name: next }).click();
    await page.waitForFunction(
      (was) => document.querySelector('.dash-cal-label')?.textContent !== was,
      text,
    );
  }
  throw new Error(`the calendar never showed ${label}`);
}

/**
 * Two bookings two days from now (Sydney) at 10 and 11 AM, each with its request to confirm sent
 * to the customer's mobile (as the worker would have marked it).
 */
async function seed({ business, service, staff }: OwnerWithTherapist) {
  const day = `((now() AT TIME ZONE 'Australia/Sydney')::date + 2)`;
  const made: Record<'ava' | 'ben', { id: number; day: string }> = {} as never;
  for (const [key, first, phone, hour] of [
    ['ava', 'Ava', '+61400300001', 10],
    ['ben', 'Ben', '+61400300002', 11],
  ] as const) {
    const {
      rows: [customer],
    } = await db.query<{ id: number }>(
      `INSERT INTO customers (business_id, first_name, last_name, phone) VALUES ($1, $2, 'Client', $3)
       RETURNING id`,
      [business.id, first, phone],
    );
    const {
      rows: [row],
    } = await db.query<{ id: number; day: string }>(
      `INSERT INTO appointments (business_id, service_id, staff_id, customer_id, status, starts_at,
                                 ends_at, blocked_from, blocked_until)
       SELECT $1, $2, $3, $4, 'confirmed', s, s + interval '60 minutes', s, s + interval '60 minutes'
         FROM (SELECT (${day} + make_time($5, 0, 0)) AT TIME ZONE 'Australia/Sydney' AS s) t
       RETURNING id, to_char(starts_at AT TIME ZONE 'Australia/Sydney', 'YYYY-MM-DD') AS day`,
      [business.id, service.id, staff.id, customer!.id, hour],
    );
    await db.query(
      `INSERT INTO outbox (channel, recipient, body, kind, status, business_id, appointment_id, sent_at)
       VALUES ('sms', $1, 'Reply Y to confirm or N to cancel', 'confirmation-request', 'sent', $2, $3, now())`,
      [phone, business.id, row!.id],
    );
    made[key] = row!;
  }
  return made;
}

const reply = (from: string, body: string) =>
  postInboundMessage({
    authToken: twilio.authToken,
    url: `${PUBLIC_URL}/api/twilio/inbound`,
    via: stack.baseUrl,
    from,
    body,
  });

describe("customers' SMS answers in the diary", () => {
  let owner: OwnerWithTherapist;
  let booked: Awaited<ReturnType<typeof seed>>;
  const email = `sms-confirm-${Date.now()}@example.com`;
  const password = 'correct-horse-2';

  before(async () => {
    owner = await ownerWithTherapist(stack.baseUrl, email, password, { name: 'Reply Spa' });
    booked = await seed(owner);
    const yes = await reply('+61400300001', 'Y');
    assert.equal(yes.status, 200);
    assert.match(await yes.text(), /Thanks, your Deep Tissue Massage at Reply Spa is confirmed/);
    const other = await reply('+61400300002', REPLY);
    assert.equal(other.status, 200);
    const forged = await postInboundMessage({
      authToken: 'forged',
      url: `${PUBLIC_URL}/api/twilio/inbound`,
      via: stack.baseUrl,
      from: '+61400300002',
      body: 'N',
    });
    assert.equal(forged.status, 403);
  });

  for (const width of [1280, 390]) {
    it(`shows the confirmed badge and the reply at ${width} px`, async () => {
      const page = await browser.newPage({ viewport: { width, height: width > 800 ? 900 : 844 } });
      try {
        await signInOnPage(page, stack.baseUrl, email, password);
        await page.waitForURL(/\/dashboard$/);
        await page.getByRole('heading', { name: 'Business Dashboard' }).waitFor();
        const chip = (id: number) => page.locator(`table [data-appointment="${id}"]`).first();

        await page.getByRole('button', { name: 'Day', exact: true }).click();
        await goTo(page, 'Next day', longDay(booked.ava.day));
        await chip(booked.ava.id).locator('[data-customer-confirmed]').waitFor();
        await chip(booked.ben.id).locator('[data-sms-reply]').waitFor();
        assert.equal(await chip(booked.ben.id).locator('[data-customer-confirmed]').count(), 0);
        await page.screenshot({ path: `/tmp/sms-confirm-day-${width}.png`, fullPage: true });

        await page.getByRole('button', { name: 'Week', exact: true }).click();
        await chip(booked.ava.id).locator('[data-customer-confirmed]').waitFor();
        await chip(booked.ben.id).locator('[data-sms-reply]').waitFor();
        await chip(booked.ava.id).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `/tmp/sms-confirm-week-${width}.png`, fullPage: true });

        await chip(booked.ben.id).click();
        const dialog = page.getByRole('dialog', { name: /Appointment Details/ });
        await dialog.getByText(REPLY).waitFor();
        await dialog.getByText('Not confirmed by the client by SMS yet.').waitFor();
        await page.screenshot({ path: `/tmp/sms-confirm-reply-${width}.png` });
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });

        await chip(booked.ava.id).click();
        await dialog.getByText('✓ Confirmed by the client').waitFor();
        await dialog.locator('[data-sms-reply="confirmed"]').getByText('Y').waitFor();
        await page.screenshot({ path: `/tmp/sms-confirm-dialog-${width}.png` });
      } finally {
        await page.close();
      }
    });
  }
});
