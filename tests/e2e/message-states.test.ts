// What the owner is told about messages, on the real stack. The default stack has no SMS or email
// provider (and no worker): the dashboard says so in a banner (dismissable until a reload) and the
// SMS test page says "Not sent", never "sent". A second stack with fake Twilio and SMTP servers
// and the delivery worker shows no banner, and the SMS test page follows its message to "Sent"
// and, with Twilio's delivery report, to "Delivered".
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { DevOutboxMessage } from '@slotwise/contracts';
import type { Browser, Page } from 'playwright-core';
import { startFakeSmtp, type FakeSmtp } from '../support/fake-smtp.mjs';
import { startFakeTwilio, type FakeTwilio } from '../support/fake-twilio.mjs';
import { apiCall, ownerWithTherapist, signInOnPage } from '../support/owner.js';
import { launchBrowser, startStack, type Stack } from '../support/stack.js';

const PASSWORD = 'correct-horse-2';
const OWNER_PHONE = '0400 321 654';
const SMS_MISSING =
  'SMS is not set up on this server: customers get no confirmation texts and no cancel or reschedule links.';
const EMAIL_MISSING =
  'Email is not set up on this server: you get no new-booking emails and customers get no email confirmations.';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A signed-in owner on the dashboard of a published business with `OWNER_PHONE`. */
async function ownerOnDashboard(
  stack: Stack,
  label: string,
): Promise<{ page: Page; email: string }> {
  const email = `${label}-${Date.now()}@example.com`;
  await ownerWithTherapist(stack.baseUrl, email, PASSWORD, { phone: OWNER_PHONE });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signInOnPage(page, stack.baseUrl, email, PASSWORD);
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('heading', { name: 'Business Dashboard' }).waitFor();
  return { page, email };
}

/** Sends the test SMS from /sms-test, to the business's phone it is prefilled with. */
async function sendTestSms(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/sms-test`);
  await page.getByRole('heading', { name: 'SMS Test' }).waitFor();
  await page.waitForFunction(
    (expected) => document.querySelector<HTMLInputElement>('input[type="tel"]')?.value === expected,
    OWNER_PHONE,
  );
  await page.getByRole('button', { name: 'Send Test SMS' }).click();
}

describe('a server without SMS or email providers', () => {
  let stack: Stack;
  let page: Page;
  let email: string;

  before(async () => {
    stack = await startStack();
    ({ page, email } = await ownerOnDashboard(stack, 'unset'));
  });
  after(async () => {
    await page?.close();
    await stack?.stop();
  });

  it('shows the banner on the dashboard until dismissed, and again once the problem changes', async () => {
    const banner = page.locator('.msg-banner');
    await banner.getByText(SMS_MISSING).waitFor();
    await banner.getByText(EMAIL_MISSING).waitFor();
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
    // A later visit: the same problem stays dismissed.
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/messaging-status')),
      page.reload(),
    ]);
    await page.getByRole('heading', { name: 'Business Dashboard' }).waitFor();
    // The answer is in: give React a moment to draw (or not) the banner.
    await page.waitForTimeout(300);
    assert.equal(await page.locator('.msg-banner').count(), 0, 'the dismissed banner is back');
    // What was dismissed was another problem (only SMS missing, before email stopped too).
    await page.evaluate(() =>
      localStorage.setItem('slotwise:messaging-banner-dismissed', 'sms=false;email=true'),
    );
    await page.reload();
    await page.locator('.msg-banner').getByText(SMS_MISSING).waitFor();
    await page.locator('.msg-banner').getByText(EMAIL_MISSING).waitFor();
  });

  it('fits a 360 px phone', async () => {
    const phone = await browser.newPage({ viewport: { width: 360, height: 740 } });
    // A new page is a new browser context: sign in there too.
    await signInOnPage(phone, stack.baseUrl, email, PASSWORD);
    await phone.waitForURL(/\/dashboard$/);
    await phone.locator('.msg-banner').getByText(SMS_MISSING).waitFor();
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    assert.ok(overflow <= 0, 'the dashboard scrolls sideways at 360 px');
    await phone.close();
  });

  it('says the test SMS was not sent, and why, never that SMS works', async () => {
    await sendTestSms(page, stack.baseUrl);
    const result = page.locator('[data-status]');
    await result.getByText('Not sent: SMS is not set up on this server').waitFor();
    await page.getByText('Test SMS not sent').waitFor();
    assert.equal(await result.getAttribute('data-status'), 'not_configured');
    assert.doesNotMatch(await page.locator('body').innerText(), /working|Test SMS sent/);
    // The message is kept with its text in the development mailbox.
    const kept = await apiCall<DevOutboxMessage[]>(
      stack.baseUrl,
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(OWNER_PHONE)}`,
    );
    assert.equal(kept[0]?.status, 'not_configured');
  });
});

describe('a server with Twilio and SMTP, and the delivery worker', () => {
  const PUBLIC_URL = 'https://slotwise.test';
  let twilio: FakeTwilio;
  let smtp: FakeSmtp;
  let stack: Stack;
  let page: Page;

  before(async () => {
    [twilio, smtp] = await Promise.all([startFakeTwilio(), startFakeSmtp()]);
    // The API and the worker share the providers' settings, as `npm start` runs them.
    stack = await startStack({
      env: {
        ...twilio.env(),
        SMTP_URL: smtp.url,
        PUBLIC_URL,
        QUEUE_PREFIX: `e2e-states-${process.pid}`,
        OUTBOX_RELAY_INTERVAL_MS: '200',
      },
      worker: true,
    });
    ({ page } = await ownerOnDashboard(stack, 'providers'));
  });
  after(async () => {
    await page?.close();
    await stack?.stop();
    await Promise.all([twilio?.close(), smtp?.close()]);
  });

  it('shows no banner', async () => {
    // A status request the old document still had in flight also matches, and its body is gone
    // once the reload navigates away: only an answer whose body the new document read counts.
    let status: unknown;
    const answered = page.waitForResponse(async (r) => {
      if (!r.url().endsWith('/api/messaging-status')) return false;
      status = await r.json().catch(() => undefined);
      return status !== undefined;
    });
    await page.reload();
    await answered;
    assert.deepEqual(status, { sms: true, email: true });
    await page.getByText('Appointments Overview').waitFor();
    assert.equal(await page.locator('.msg-banner').count(), 0);
  });

  it('follows the test SMS to "Sent", then to "Delivered" with the delivery report', async () => {
    await sendTestSms(page, stack.baseUrl);
    await page.getByText('Test SMS sent').waitFor({ timeout: 15_000 });
    await page.getByText('Sent. Your SMS notifications are working.').waitFor();
    const [text] = twilio.to('+61400321654');
    assert.ok(text, 'the SMS reached Twilio');
    const reported = await twilio.reportStatus(text, 'delivered', { via: stack.baseUrl });
    assert.equal(reported.status, 200);
    await page.getByText('Test SMS delivered').waitFor({ timeout: 10_000 });
    await page.getByText('Delivered. Your SMS notifications are working.').waitFor();
  });
});
