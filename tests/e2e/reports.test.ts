// The owner's Reports and client import, at 390 px and 1280 px: figures of a salon whose bookings
// were worked out by hand (a range across the end of daylight saving in Sydney, 5 April 2026), the
// definition one tap away, the appointments export compared with the figures, and a client file
// with bad rows imported through the dry run and the job.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { ownerWithTherapist, signInOnPage } from '../support/owner.js';
import { launchBrowser, startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let browser: Browser;
const PASSWORD = 'reports tell the truth';
let email = '';

/** Screenshots for a person to look at, when SLOTWISE_SCREENSHOTS names a folder. */
const shotsDir = process.env.SLOTWISE_SCREENSHOTS;
if (shotsDir) mkdirSync(shotsDir, { recursive: true });

// Mon 30 March to Sun 12 April 2026; daylight saving ends Sunday 5 April (3 AM AEDT → 2 AM AEST).
const FROM = '2026-03-30';
const TO = '2026-04-12';
// Hand-worked: 4 appointments; completed 2 × $110 = $220; no-shows 1 ÷ (2 + 1) = 33.3 %; one
// cancellation an hour before its start (late: the business has no cut-off, so 24 h) ÷ 4 = 25.0 %.
const SEEDS = [
  // Mon 30 Mar 00:00 AEDT: in the range only at +11.
  { at: '2026-03-29T13:00:00Z', status: 'completed' },
  // Sun 5 Apr 02:30 AEDT, the first of the two 2:30s.
  { at: '2026-04-04T15:30:00Z', status: 'no_show' },
  // Wed 8 Apr 10:00 AEST, cancelled at 09:00.
  { at: '2026-04-08T00:00:00Z', status: 'cancelled', cancelledAt: '2026-04-07T23:00:00Z' },
  // Sun 12 Apr 23:00 AEST: in the range only at +10.
  { at: '2026-04-12T13:00:00Z', status: 'completed' },
];
// The money, by when Stripe confirmed it (Sydney time), hand-worked: taken $30 + $55 = $85.00, of
// which fees $55.00; refunded $30.00. The declined fee and the pending deposit do not count.
const PAYMENTS = [
  // The first appointment's deposit, Mon 30 Mar 00:30 AEDT (29 March in UTC), refunded on 9 April.
  { on: 0, kind: 'deposit', amount: 3000, state: 'refunded', at: '2026-03-29T13:30:00Z' },
  { on: 0, kind: 'refund', amount: 3000, state: 'succeeded', at: '2026-04-09T00:00:00Z' },
  // The no-show fee, Sun 5 Apr 11:00 AEST.
  { on: 1, kind: 'no_show_fee', amount: 5500, state: 'succeeded', at: '2026-04-05T01:00:00Z' },
  // The late-cancellation fee: the card was declined.
  { on: 2, kind: 'late_cancellation_fee', amount: 5500, state: 'failed', at: null },
  // A deposit Stripe has not confirmed.
  { on: 3, kind: 'deposit', amount: 2000, state: 'pending', at: null },
];

before(async () => {
  stack = await startStack({ worker: true });
  browser = await launchBrowser();
  email = `reports-${Date.now()}@example.com`;
  const { business, service, staff } = await ownerWithTherapist(stack.baseUrl, email, PASSWORD, {
    name: 'Figures Remedial Massage',
    timeZone: 'Australia/Sydney',
  });
  const db = new pg.Client(stack.dbUrl);
  await db.connect();
  try {
    const [customer] = (
      await db.query(
        `INSERT INTO customers (business_id, first_name, last_name, name_key, phone)
         VALUES ($1, 'Ada', 'Seed', 'ada seed', '+61411222333') RETURNING id`,
        [business.id],
      )
    ).rows as { id: number }[];
    const ids: number[] = [];
    for (const s of SEEDS) {
      const { rows } = await db.query(
        `INSERT INTO appointments (business_id, service_id, staff_id, customer_id, status, starts_at,
                                   ends_at, blocked_from, blocked_until, price_cents, created_at,
                                   cancelled_at)
         VALUES ($1, $2, $3, $4, $5, $6::timestamptz, $6::timestamptz + interval '1 hour', $6::timestamptz,
                 $6::timestamptz + interval '1 hour', 11000, '2026-03-01', $7) RETURNING id`,
        [business.id, service.id, staff.id, customer!.id, s.status, s.at, s.cancelledAt ?? null],
      );
      ids.push((rows[0] as { id: number }).id);
    }
    for (const [i, p] of PAYMENTS.entries()) {
      await db.query(
        `INSERT INTO booking_payments (business_id, appointment_id, kind, amount_cents, state,
                                       idempotency_key, succeeded_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [business.id, ids[p.on], p.kind, p.amount, p.state, `e2e-reports-${i}`, p.at],
      );
    }
  } finally {
    await db.end();
  }
});
after(async () => {
  await browser?.close();
  await stack?.stop();
});

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function openReports(page: Page) {
  await signInOnPage(page, stack.baseUrl, email, PASSWORD);
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Reports' }).first().click();
  await page.waitForURL(/\/reports$/);
  await page.getByLabel('Range').selectOption('custom');
  await page.getByLabel('From').fill(FROM);
  await page.getByLabel('To').fill(TO);
}

const figure = (page: Page, key: string) =>
  page.locator(`[data-figure="${key}"] .rep-figure-value`);

describe('reports', () => {
  for (const width of [1280, 390]) {
    it(`reads the hand-worked figures and exports the same appointments at ${width} px`, async () => {
      const page = await browser.newPage({
        viewport: { width, height: 900 },
        acceptDownloads: true,
      });
      try {
        await openReports(page);
        await page.getByText(`${FROM} to ${TO}`).waitFor();
        await figure(page, 'appointments').filter({ hasText: /^4$/ }).waitFor();
        assert.equal(await figure(page, 'completed').textContent(), '2');
        assert.equal(await figure(page, 'revenue').textContent(), '$220.00');
        assert.equal(await figure(page, 'noShowRate').textContent(), '33.3%');
        assert.equal(await figure(page, 'lateCancel').textContent(), '25.0%');
        // The period before (16–29 March) had none.
        assert.match(
          (await page.locator('[data-figure="appointments"] .rep-figure-previous').textContent()) ??
            '',
          /Previous period: 0/,
        );
        // The money Stripe confirmed, the owner's to see.
        assert.equal(await figure(page, 'taken').textContent(), '$85.00');
        assert.equal(await figure(page, 'refunded').textContent(), '$30.00');
        assert.equal(await figure(page, 'feesRecovered').textContent(), '$55.00');
        assert.match(
          (await page.locator('[data-figure="taken"] .rep-figure-previous').textContent()) ?? '',
          /Previous period: \$0\.00/,
        );
        await page.getByRole('button', { name: 'What is Money taken?' }).click();
        await page
          .getByText(/Deposits, late-cancellation fees and no-show fees Stripe confirmed/)
          .waitFor();
        // The definition, one tap away.
        await page.getByRole('button', { name: 'What is No-show rate?' }).click();
        await page.getByText('No-shows ÷ (completed + no-shows).').waitFor();
        // The chart (loaded with this page only) and the tables.
        await page.getByRole('img', { name: 'Appointments and expected revenue' }).waitFor();
        await page.getByRole('table', { name: 'By staff member' }).getByText('Mia Rossi').waitFor();
        await page
          .getByRole('table', { name: 'By service' })
          .getByText('Deep Tissue Massage')
          .waitFor();
        assert.ok((await overflow(page)) <= 0, `nothing scrolls sideways at ${width} px`);
        if (shotsDir)
          await page.screenshot({ path: join(shotsDir, `reports-${width}.png`), fullPage: true });

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Export appointments (CSV)' }).click(),
        ]);
        const csv = readFileSync((await download.path())!, 'utf8')
          .trim()
          .split('\n');
        const rows = csv.slice(1);
        assert.equal(rows.length, 4, 'as many rows as the figure counts');
        assert.equal(rows.filter((r) => r.includes(',completed,')).length, 2);
        assert.match(csv.join('\n'), /2026-03-30,00:00,01:00,completed/);
        assert.match(csv.join('\n'), /2026-04-12,23:00,00:00,completed/);
      } finally {
        await page.close();
      }
    });
  }
});

const SAMPLE = [
  'First Name,Last Name,Mobile Number,Email,Note',
  'Mia,Chen,0412 345 678,,Prefers mornings',
  'Tom,Bad,12345,,',
  ',Nameless,0412 000 111,,',
  'Mia,Chen,+61 412 345 678,mia@example.com,',
  'Sam,Lee,0400 333 444,,',
].join('\n');

describe('import clients', () => {
  for (const width of [390, 1280]) {
    it(`imports a Fresha file with bad rows: problems per row, then the job's progress at ${width} px`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      try {
        await signInOnPage(page, stack.baseUrl, email, PASSWORD);
        await page.waitForURL(/\/dashboard$/);
        await page.getByRole('tab', { name: 'Clients' }).click();
        await page.getByRole('button', { name: 'Import clients' }).click();
        const dialog = page.getByRole('dialog', { name: 'Import clients' });
        await dialog.getByLabel("Or paste the file's text").fill(SAMPLE);
        await dialog.getByRole('button', { name: 'Next: match the columns' }).click();
        // The Fresha columns are recognised.
        assert.equal(await dialog.getByLabel('Exported from').inputValue(), 'fresha');
        assert.equal(await dialog.getByLabel('Phone (required)').inputValue(), 'Mobile Number');
        await dialog.getByRole('button', { name: 'Check the rows' }).click();
        await dialog
          .getByText("Not imported: '12345' is not a valid Australian phone number")
          .waitFor();
        await dialog.getByText('Not imported: No first name').waitFor();
        await dialog.getByText('Repeat of an earlier row').waitFor();
        if (shotsDir) await page.screenshot({ path: join(shotsDir, `import-check-${width}.png`) });
        // The second run finds the first run's clients already there.
        await dialog.getByRole('button', { name: /^Import \d+ clients$/ }).click();
        await dialog
          .getByText('Import finished')
          .waitFor({ timeout: 20_000 })
          .catch(async (error: Error) => {
            const db = new pg.Client(stack.dbUrl);
            await db.connect();
            const rows = (
              await db.query('SELECT id, status, total, processed, error FROM client_imports')
            ).rows;
            await db.end();
            throw new Error(
              `${error.message}\nThe dialog says: ${await dialog.textContent()}\n${JSON.stringify(rows)}`,
            );
          });
        assert.equal(
          await dialog.getByRole('progressbar', { name: 'Import progress' }).getAttribute('value'),
          '1',
        );
        if (shotsDir) await page.screenshot({ path: join(shotsDir, `import-done-${width}.png`) });
        await dialog.getByRole('button', { name: 'Close' }).first().click();
        await page.getByRole('button', { name: /Sam Lee/ }).waitFor();
      } finally {
        await page.close();
      }
    });
  }
});
