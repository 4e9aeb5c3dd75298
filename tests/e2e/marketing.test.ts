// The public site: every page passes axe-core (no serious or critical violation), has a title
// and a meta description, and has no horizontal scroll at 360 px; pricing buttons send visitors to
// /auth; the support form's message is stored and reaches the development mailbox; the drawer has
// the spec's links. Set SLOTWISE_SCREENSHOTS=<dir> to also save 360 and 1280 px shots.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DevOutboxMessage } from '@slotwise/contracts';
import type { Browser, Page } from 'playwright-core';
import { root } from '../../scripts/lib.mjs';
import { launchBrowser, startStack, type Stack } from '../support/stack.js';

/** axe-core, added to the page by `seriousViolations` (the callback runs in the page). */
declare const axe: typeof import('axe-core');

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

const PAGES = [
  { path: '/', heading: 'Your next appointment, booked in a few taps.' },
  { path: '/how-it-works', heading: 'Booked in four steps, managed in one place' },
  { path: '/about', heading: 'Booking software for the businesses on your high street' },
  { path: '/features', heading: 'Everything a small service business needs to take bookings' },
  { path: '/pricing', heading: 'Simple pricing that grows with your team' },
  { path: '/support', heading: 'How can we help?' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/partners', heading: null },
  { path: '/book/harbour-hair-studio', heading: null },
  { path: '/auth', heading: 'Welcome to Slotwise' },
];

const AXE = join(root, 'node_modules/axe-core/axe.min.js');

async function open(path: string, width = 360) {
  // axe-core is added as an inline script, which the pages' Content-Security-Policy refuses.
  const page = await browser.newPage({ viewport: { width, height: 800 }, bypassCSP: true });
  await page.goto(`${stack.baseUrl}${path}`);
  await page.locator('main h1').first().waitFor();
  return page;
}

async function seriousViolations(page: Page) {
  await page.addScriptTag({ path: AXE });
  const results = await page.evaluate(() => axe.run(document, { resultTypes: ['violations'] }));
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('marketing site', () => {
  for (const { path, heading } of PAGES) {
    it(`${path} is accessible, described and fits 360 px`, async () => {
      const page = await open(path);
      if (heading) await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // Let lazy content settle (skeletons) before checking.
      await page.waitForLoadState('networkidle');
      assert.match(await page.title(), /Slotwise/);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      assert.ok(description && description.length > 40, `${path} has a meta description`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(overflow, 0, `${path} scrolls sideways at 360 px`);
      assert.deepEqual(await seriousViolations(page), [], `${path} axe violations`);
      if (shotsDir) {
        const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '-');
        await page.screenshot({ path: join(shotsDir, `${name}-360.png`), fullPage: true });
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.waitForTimeout(150);
        await page.screenshot({ path: join(shotsDir, `${name}-1280.png`), fullPage: true });
      }
      await page.close();
    });
  }

  it('each page sets its own description when navigated to in the app', async () => {
    const page = await open('/pricing', 1280);
    const pricing = await page.locator('meta[name="description"]').getAttribute('content');
    assert.match(pricing!, /\$49/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    assert.match(await page.title(), /^Privacy Policy/);
    const privacy = await page.locator('meta[name="description"]').getAttribute('content');
    assert.match(privacy!, /under 16/);
    await page.close();
  });

  it('pricing shows both plans from the catalogue and sends signed-out visitors to /auth', async () => {
    const page = await open('/pricing', 1280);
    await page.getByText('Most Popular').waitFor();
    await page.getByText('$49').first().waitFor();
    await page.getByText('Up to 5 staff members').waitFor();
    for (const name of ['Choose Free', 'Get Started Free']) {
      assert.equal(await page.getByRole('link', { name }).getAttribute('href'), '/auth', name);
    }
    // Professional goes on to the payment page once signed in (tests/e2e/pricing-signup.test.ts).
    await page.getByRole('link', { name: 'Choose Professional' }).click();
    await page.waitForURL(/\/auth\?next=\/subscribe$/);
    await page.close();
  });

  it('pricing sends a signed-in owner to /dashboard (Free) and /subscribe (Professional)', async () => {
    const email = `pricing-${Date.now()}@example.com`;
    const password = 'pricing-owner-pass';
    const post = (path: string, body: unknown) =>
      fetch(`${stack.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    assert.equal((await post('/api/auth/register', { email, password })).status, 201);
    const outbox = await (await fetch(`${stack.baseUrl}/api/dev/outbox?to=${email}`)).json();
    const token = outbox[0]?.body.match(/verify-email\?token=([^\s&"'<>]+)/)?.[1];
    assert.ok(token, 'verification email');
    assert.equal(
      (await post('/api/auth/verify-email', { token: decodeURIComponent(token) })).status,
      200,
    );
    const page = await open('/auth', 1280);
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Password').fill(password);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Simple pricing that grows with your team' })
      .waitFor();
    const free = page.getByRole('link', { name: 'Choose Free' });
    await page.waitForFunction(
      () => document.querySelector('a[href="/subscribe"]') !== null,
      undefined,
      { timeout: 10_000 },
    );
    assert.equal(await free.getAttribute('href'), '/dashboard');
    assert.equal(
      await page.getByRole('link', { name: 'Choose Professional' }).getAttribute('href'),
      '/subscribe',
    );
    assert.equal(
      await page.getByRole('link', { name: 'Get Started Free' }).getAttribute('href'),
      '/dashboard',
    );
    await page.close();
  });

  it('features compares Free, Professional and Business from the catalogue', async () => {
    const page = await open('/features', 1280);
    const table = page.getByRole('table');
    for (const name of ['Free', 'Professional', 'Business']) {
      await table.getByRole('columnheader', { name }).waitFor();
    }
    await table.getByRole('cell', { name: 'Contact us' }).waitFor();
    const staffRow = table.getByRole('row', { name: /Staff members/ });
    assert.deepEqual(
      (await staffRow.getByRole('cell').allTextContents()).map((t) => t.trim()),
      ['1', '5', 'Unlimited'],
    );
    await page.close();
  });

  it('the support form sends a message to the support mailbox and says thank you', async () => {
    const page = await open('/support');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('First name is required').waitFor();
    const subject = `Importing clients ${Date.now()}`;
    await page.getByLabel('First name', { exact: true }).fill('Mia');
    await page.getByLabel('Last name', { exact: true }).fill('Nguyen');
    await page.getByLabel('Email', { exact: true }).fill('mia@example.com');
    await page.getByLabel('Subject', { exact: true }).fill(subject);
    await page
      .getByLabel('Message', { exact: true })
      .fill('Can I import my client list from a spreadsheet?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText("Thank you for your message! We'll get back to you soon.").waitFor();
    const res = await fetch(`${stack.baseUrl}/api/dev/outbox?to=support@slotwise.com.au`);
    const mail = ((await res.json()) as DevOutboxMessage[]).find(
      (m) => m.subject === `[Support] ${subject}`,
    );
    assert.ok(mail, 'the message is in the development mailbox');
    assert.match(mail.body, /Mia Nguyen <mia@example.com>/);
    await page.close();
  });

  it('the support form shows the error text when the send fails', async () => {
    const page = await open('/support');
    await page.route('**/api/support-messages', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.getByLabel('First name', { exact: true }).fill('Mia');
    await page.getByLabel('Last name', { exact: true }).fill('Nguyen');
    await page.getByLabel('Email', { exact: true }).fill('mia@example.com');
    await page.getByLabel('Subject', { exact: true }).fill('Hello');
    await page.getByLabel('Message', { exact: true }).fill('Testing the error state.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('There was an error sending your message. Please try again.').waitFor();
    await page.close();
  });

  it('the mobile drawer has the site links, Sign In and the Testing Tools', async () => {
    const page = await open('/');
    await page.getByRole('button', { name: /menu/i }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    for (const name of ['How It Works', 'Our Partners', 'Support', 'Sign In']) {
      await drawer.getByRole('link', { name }).waitFor();
    }
    await drawer.getByRole('heading', { name: 'Testing Tools' }).waitFor();
    assert.equal(
      await drawer.getByRole('link', { name: 'Email Test' }).getAttribute('href'),
      '/email-test',
    );
    assert.equal(
      await drawer.getByRole('link', { name: 'SMS Test' }).getAttribute('href'),
      '/sms-test',
    );
    assert.deepEqual(await seriousViolations(page), []);
    await page.close();
  });
});
