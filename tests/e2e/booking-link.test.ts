// Publishing and booking links: an owner changes the booking link in Settings and the old link
// (and the business id) lands on the new one; a brand-new owner goes through the first-run setup
// and only then appears in the public directory.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Business } from '@slotwise/contracts';
import type { Browser, Page } from 'playwright-core';
import { apiCall, ownerWithTherapist, signInOnPage, verifiedOwner } from '../support/owner.js';
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

const toast = (page: Page, text: string) =>
  page.locator('.sw-toast').getByText(text).first().waitFor();

const directoryNames = async () =>
  (await apiCall<Business[]>(stack.baseUrl, 'GET', '/api/businesses')).map((b) => b.name);

describe('booking links', () => {
  it('changes the link in Settings; the old link and the id land on the new one', async () => {
    const run = Date.now();
    const email = `link-${run}@example.com`;
    const password = 'correct-horse-4';
    const name = `Link Test Physio ${run}`;
    const { business } = await ownerWithTherapist(stack.baseUrl, email, password, { name });
    const oldSlug = business.slug;
    const newSlug = `link-test-physio-${run}`;

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: stack.baseUrl,
    });
    const page = await context.newPage();
    await signInOnPage(page, stack.baseUrl, email, password);
    // Named, with a service and the default hours: straight to the normal dashboard.
    await page.getByRole('heading', { name: 'Business Dashboard' }).waitFor();

    await page.goto(`${stack.baseUrl}/settings`);
    const card = page.getByRole('region', { name: 'Booking Link' });
    await card.getByRole('link', { name: `${stack.baseUrl}/book/${oldSlug}` }).waitFor();
    await card.getByText('Listed', { exact: true }).waitFor();
    await card.getByLabel('Booking link', { exact: true }).fill('dashboard');
    await card.getByRole('button', { name: 'Save Booking Link' }).click();
    await card.getByText('That booking link is reserved').waitFor();
    await card.getByLabel('Booking link', { exact: true }).fill(newSlug);
    await card.getByRole('button', { name: 'Save Booking Link' }).click();
    await toast(page, 'Booking link changed');
    const newLink = `${stack.baseUrl}/book/${newSlug}`;
    await card.getByRole('link', { name: newLink }).waitFor();
    await card.getByRole('button', { name: 'Copy Link' }).click();
    await toast(page, 'Link copied');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), newLink);

    // A customer with the old link (its page data embedded by the gateway) lands on the new one.
    const customer = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await customer.goto(`${stack.baseUrl}/book/${oldSlug}`);
    await customer.waitForURL(newLink);
    await customer.getByRole('heading', { name }).waitFor();
    await customer.getByRole('button', { name: /Deep Tissue Massage/ }).waitFor();
    // The old address was replaced, not added to the history.
    await customer.goBack();
    assert.notEqual(customer.url(), `${stack.baseUrl}/book/${oldSlug}`);

    // /book/{id} resolves by id.
    await customer.goto(`${stack.baseUrl}/book/${business.id}`);
    await customer.waitForURL(newLink);
    await customer.getByRole('heading', { name }).waitFor();
    await customer.close();
    await context.close();
  });

  it('switched off, the booking page is not found by the public but still shown to its owner', async () => {
    const run = Date.now();
    const email = `hidden-${run}@example.com`;
    const password = 'correct-horse-5';
    const name = `Hidden Studio ${run}`;
    const { business } = await ownerWithTherapist(stack.baseUrl, email, password, { name });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, stack.baseUrl, email, password);
    await page.getByRole('heading', { name: 'Business Dashboard' }).waitFor();
    await page.goto(`${stack.baseUrl}/settings`);
    await page.getByRole('switch', { name: 'Booking page on' }).click();
    await toast(page, 'Booking page hidden');
    assert.ok(!(await directoryNames()).includes(name));

    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`${stack.baseUrl}/book/${business.slug}`);
    await visitor.getByRole('heading', { name: 'Business Not Found' }).waitFor();
    await visitor.close();

    await page.goto(`${stack.baseUrl}/book/${business.slug}`);
    await page.getByRole('heading', { name }).waitFor();
    await page.close();
  });

  it('takes a new owner through the first-run setup, then lists the business', async () => {
    const run = Date.now();
    const email = `setup-${run}@example.com`;
    const password = 'correct-horse-6';
    const name = `Setup Test Salon ${run}`;
    await verifiedOwner(stack.baseUrl, email, password);

    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await signInOnPage(page, stack.baseUrl, email, password);
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'Set up your booking page' }).waitFor();
    assert.ok(!(await directoryNames()).includes(name), 'not listed before the setup');

    await page.getByLabel('Business Name').fill(name);
    assert.equal(await page.getByLabel('Booking link').inputValue(), `setup-test-salon-${run}`);
    await page.getByRole('button', { name: 'Save and Continue' }).click();

    const service = page.getByRole('form', { name: 'Add your first service' });
    await service.getByLabel('Service Name').fill('Blow-Dry');
    await service.getByLabel('Duration').selectOption('45');
    await service.getByLabel('Price (AUD)').fill('55');
    await service.getByRole('button', { name: 'Add Service' }).click();

    await page.getByRole('button', { name: 'Choose Other Hours' }).click();
    await page.getByLabel('Monday to Saturday').check();
    await page.getByLabel('Opening time').selectOption('08:00');
    await page.getByLabel('Closing time').selectOption('18:00');
    await page.getByRole('button', { name: 'Save Hours' }).click();

    const ready = page.getByRole('region', { name: 'Your booking page is ready' });
    const link = `${stack.baseUrl}/book/setup-test-salon-${run}`;
    await ready.getByRole('link', { name: link }).waitFor();
    await page.getByText('Blow-Dry · 45 min · $55.00').waitFor();
    await page.getByText('Mon–Sat 8:00 AM – 6:00 PM').waitFor();
    await ready.getByRole('button', { name: 'Go to Dashboard' }).click();
    await page.getByRole('heading', { name: 'Business Dashboard' }).waitFor();

    // Listed now, and its card leads to the booking page.
    await page.goto(`${stack.baseUrl}/partners`);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
    await card.getByText('Mon–Sat 8:00 AM – 6:00 PM').waitFor();
    await card.getByRole('link', { name: 'Book Now' }).click();
    await page.waitForURL(link);
    await page.getByRole('button', { name: /Blow-Dry/ }).waitFor();
    await page.close();
  });
});
