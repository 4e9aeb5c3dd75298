// An owner signs up through the real UI, verifies by the emailed link (read from the development
// mailbox), signs in, adds a service, sets Tuesday's hours, and the public booking page offers
// exactly the times they set. Set SLOTWISE_SCREENSHOTS=<dir> to also save 360 and 1280 px shots.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DevOutboxMessage } from '@slotwise/contracts';
import type { Browser, Page } from 'playwright-core';
import { apiCall, signInOnPage, verifiedOwner } from '../support/owner.js';
import { launchBrowser, startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let browser: Browser;

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await stack?.stop();
});

const shotsDir = process.env.SLOTWISE_SCREENSHOTS;
if (shotsDir) mkdirSync(shotsDir, { recursive: true });

/** Full-page shots at a phone and a desktop width (only when SLOTWISE_SCREENSHOTS is set). */
async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  const original = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** The next Tuesday after today in Sydney, as 'YYYY-MM-DD'. */
function nextTuesday() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(
    new Date(),
  );
  const day = new Date(`${today}T00:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() !== 2);
  return day.toISOString().slice(0, 10);
}

async function verificationToken(email: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const res = await fetch(`${stack.baseUrl}/api/dev/outbox`);
    assert.equal(res.status, 200, 'the development mailbox is on in tests');
    const messages: DevOutboxMessage[] = await res.json();
    const mail = messages.find((m) => m.to === email && /verify-email\?token=/.test(m.body));
    const token = mail?.body.match(/verify-email\?token=([^\s&"'<>]+)/)?.[1];
    if (token) return decodeURIComponent(token);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification email for ${email}`);
}

const toast = (page: Page, text: string) =>
  page.locator('.sw-toast').getByText(text).first().waitFor();

describe('owners', () => {
  it('sends a signed-out visitor from /dashboard to /auth', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/dashboard`);
    await page.waitForURL(/\/auth$/);
    await page.getByRole('heading', { name: 'Welcome to Slotwise' }).waitFor();
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor({ state: 'attached' });
    await page.close();
  });

  it('shows the sign-in validation messages and a red alert for wrong credentials', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await page.goto(`${stack.baseUrl}/auth`);
    await page.getByRole('heading', { name: 'Welcome to Slotwise' }).waitFor();
    await shoot(page, 'auth');
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill('not-an-email');
    await signIn.getByLabel('Password').fill('123');
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();

    await page.getByRole('tab', { name: 'Register' }).click();
    const register = page.getByRole('form', { name: 'Register' });
    await register.getByLabel('Email').fill('someone@example.com');
    await register.getByLabel('Password', { exact: true }).fill('secret123');
    await register.getByLabel('Confirm Password').fill('secret124');
    await register.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText("Passwords don't match").waitFor();

    await page.getByRole('tab', { name: 'Email' }).click();
    await signIn.getByLabel('Email').fill('nobody@example.com');
    await signIn.getByLabel('Password').fill('wrong-password');
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').getByText('Invalid email or password').waitFor();
    await page.close();
  });

  for (const width of [390, 1280]) {
    it(`first-run setup: the state sets the zone, the sign-in email is shown, a reload stays at the hours (${width} px)`, async () => {
      const email = `setup-${width}-${Date.now()}@example.com`;
      const password = 'correct-horse-1';
      await verifiedOwner(stack.baseUrl, email, password);
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await signInOnPage(page, stack.baseUrl, email, password);
      await page.getByRole('heading', { name: 'Set up your booking page' }).waitFor();
      assert.equal(await page.getByLabel('Email for new bookings').inputValue(), email);
      await page.getByLabel('State or territory').selectOption('WA');
      assert.equal(
        await page.getByLabel('Time zone', { exact: true }).inputValue(),
        'Australia/Perth',
      );
      await shoot(page, `setup-step-1-${width}`);
      // A field scrolled to (the first invalid one) stops below the sticky header, not under it.
      const header = (await page.locator('header').first().boundingBox())!;
      const margin = await page
        .getByLabel('Business Name')
        .evaluate((el) => parseFloat(getComputedStyle(el).scrollMarginTop));
      assert.ok(
        margin >= header.height,
        `scroll margin ${margin}px under a ${header.height}px header`,
      );
      await page.getByLabel('Business Name').fill(`Swan Setup ${width}`);
      await page.getByRole('button', { name: 'Save and Continue' }).click();
      await page.getByRole('form', { name: 'Add your first service' }).waitFor();
      await page.getByLabel('Service Name').fill('Massage');
      await page.getByLabel('Price (AUD)').fill('90');
      await page.getByRole('button', { name: 'Add Service' }).click();
      await page.getByRole('button', { name: 'Keep These Hours' }).waitFor();
      // The reload comes back to the unconfirmed hours, offering to keep them.
      await page.reload();
      await page.getByRole('button', { name: 'Keep These Hours' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Save Hours' }).count(), 0);
      await shoot(page, `setup-step-3-reloaded-${width}`);
      // Named, with a service and the default week, but not published until the hours are kept.
      const listed = async () =>
        (await apiCall<{ name: string }[]>(stack.baseUrl, 'GET', '/api/businesses')).some(
          (b) => b.name === `Swan Setup ${width}`,
        );
      assert.equal(await listed(), false, 'listed before the hours were confirmed');
      await page.getByRole('button', { name: 'Keep These Hours' }).click();
      await page.getByRole('heading', { name: 'Your booking page is ready' }).waitFor();
      assert.equal(await listed(), true, 'not listed after the hours were confirmed');
      await page.reload();
      await page.getByRole('heading', { name: 'Business Dashboard' }).waitFor();
      await page.close();
    });
  }

  it('signs up, verifies, sets up a service and hours, and the booking page follows', async () => {
    const email = `owner-${Date.now()}@example.com`;
    const password = 'correct-horse-1';
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });

    await page.goto(`${stack.baseUrl}/auth`);
    await page.getByRole('tab', { name: 'Register' }).click();
    const register = page.getByRole('form', { name: 'Register' });
    await register.getByLabel('Email').fill(email);
    await register.getByLabel('Password', { exact: true }).fill(password);
    await register.getByLabel('Confirm Password').fill(password);
    await register.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Please check your email to verify your account.');

    const token = await verificationToken(email);
    await page.goto(`${stack.baseUrl}/verify-email?token=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();
    await page.getByRole('link', { name: 'Sign in to your account' }).click();

    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Password').fill(password);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard$/);
    // A new business starts with the first-run setup; this owner sets it up in Settings instead.
    await page.getByRole('heading', { name: 'Set up your booking page' }).waitFor();
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.getByRole('heading', { name: 'Business Dashboard' }).waitFor();
    // Signed in from the verified page's link: a first sign-in, greeted as one.
    await toast(page, "You're signed in. Let's get your business ready for bookings.");
    const bookingHref = await page
      .getByRole('link', { name: 'View booking page' })
      .getAttribute('href');
    const slug = bookingHref?.split('/book/')[1];
    assert.ok(slug, 'the dashboard links to the business booking page');
    await shoot(page, 'dashboard');

    // The user menu shows who is signed in.
    await page.getByRole('button', { name: `Account menu for ${email}` }).click();
    await page.getByRole('menu').getByText('Business Owner').waitFor();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL(/\/settings/);
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await page.getByLabel('Business Name').waitFor();
    await shoot(page, 'settings-general');

    // Services: add a 60-minute service at $70.
    await page.getByRole('tab', { name: 'Services' }).click();
    await page.getByText('No services added yet.').waitFor();
    await shoot(page, 'settings-services-empty');
    await page.getByRole('button', { name: 'Add Service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Service' });
    await shoot(page, 'dialog-add-service');
    await dialog.getByLabel('Service Name').fill('Consultation');
    await dialog.getByLabel('Description').fill('A one-hour consultation.');
    await dialog.getByLabel('Price (AUD)').fill('70');
    assert.equal(await dialog.getByLabel('Duration (minutes)').inputValue(), '60');
    await dialog.getByRole('button', { name: 'Add Service' }).click();
    await toast(page, 'The new service has been added successfully.');
    const card = page.locator('[data-service="Consultation"]');
    await card.getByText('60 min').waitFor();
    await card.getByText('$70.00').waitFor();
    await shoot(page, 'settings-services');

    // Business Hours: Tuesday 10:00 AM to 12:00 PM in 60-minute slots.
    await page.getByRole('tab', { name: 'Business Hours' }).click();
    const tuesday = page.locator('[data-day="Tuesday"]');
    await tuesday.getByLabel('Opening Time').selectOption('10:00');
    await tuesday.getByLabel('Closing Time').selectOption('09:00');
    await tuesday.getByText('Closing time must be after opening time').waitFor();
    assert.ok(await page.getByRole('button', { name: 'Save Business Hours' }).isDisabled());
    await tuesday.getByLabel('Closing Time').selectOption('12:00');
    // The slot interval is the business's, for the whole week (decision 37).
    await page.getByLabel('Start times every').selectOption('60');
    await shoot(page, 'settings-hours');
    await page.getByRole('button', { name: 'Save Business Hours' }).click();
    await toast(page, 'Business Hours Saved');

    await page.getByRole('tab', { name: 'Staff' }).click();
    await page.getByText('No Staff Members').waitFor();
    await page.getByText('0 / 1 staff members').waitFor();
    await shoot(page, 'settings-staff-empty');
    await page.getByRole('button', { name: 'Add Staff' }).click();
    const staffDialog = page.getByRole('dialog', { name: 'Add Staff' });
    await staffDialog.getByRole('button', { name: 'Add Staff' }).click();
    await toast(page, 'First name and last name are required.');
    await staffDialog.getByLabel('First Name').fill('Jane');
    await staffDialog.getByLabel('Last Name').fill('van der Berg');
    await staffDialog.getByLabel('Title').fill('Senior Consultant');
    await staffDialog.getByLabel('Consultation').check();
    await shoot(page, 'dialog-add-staff');
    await staffDialog.getByRole('button', { name: 'Add Staff' }).click();
    await toast(page, 'Staff member has been added successfully.');
    await page.getByText('1 / 1 staff members').waitFor();
    await page.getByText('Staff limit reached').waitFor();
    assert.ok(await page.getByRole('button', { name: 'Add Staff' }).isDisabled());
    // Editing splits the full name at the first space.
    await page.getByRole('button', { name: 'Edit Jane van der Berg' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Staff' });
    assert.equal(await editDialog.getByLabel('First Name').inputValue(), 'Jane');
    assert.equal(await editDialog.getByLabel('Last Name').inputValue(), 'van der Berg');
    assert.ok(await editDialog.getByLabel('Consultation').isChecked());
    await editDialog.getByRole('button', { name: 'Cancel' }).click();
    await shoot(page, 'settings-staff');
    await page.getByRole('tab', { name: 'Subscription' }).click();
    await page.getByRole('heading', { name: 'Free Plan' }).waitFor();
    await shoot(page, 'settings-subscription');

    // The public page offers exactly the new Tuesday times.
    await page.goto(`${stack.baseUrl}/book/${slug}`);
    await page.getByRole('heading', { name: 'Choose a Service' }).waitFor();
    await page.getByRole('button', { name: /Consultation/ }).click();
    await page.getByRole('heading', { name: 'Choose Date & Time' }).waitFor();
    const day = nextTuesday();
    const dayButton = page.locator(`td[data-day="${day}"]:not(.rdp-outside) button`);
    await page.getByText('Select a date to view available times').waitFor();
    if ((await dayButton.count()) === 0) {
      await page.getByRole('button', { name: /next month/i }).click();
    }
    await dayButton.click();
    const slots = page.locator('[data-testid="time-slot"]');
    await slots.first().waitFor();
    const times = (await slots.allTextContents()).map((t) => t.trim());
    assert.deepEqual(times, ['10:00 AM', '11:00 AM']);

    // Log out from the user menu.
    await page.getByRole('button', { name: `Account menu for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await toast(page, "You've been successfully signed out.");
    await page.goto(`${stack.baseUrl}/settings`);
    await page.waitForURL(/\/auth$/);
    await page.close();
  });
});
