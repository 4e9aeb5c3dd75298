// Settings → Integrations: an owner adds a webhook endpoint (a receiver on loopback), sees its
// signing secret, sends a test event that the worker delivers signed and sees it in the delivery
// log; then creates an API key, sees it once, and the key reads the appointments. At 390 and
// 1280 px, with screenshots.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { ownerWithTherapist, signInOnPage } from '../support/owner.js';
import { launchBrowser, startStack, type Stack } from '../support/stack.js';

const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/slotwise-screens';

let stack: Stack;
let browser: Browser;
let receiver: http.Server;
const received: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

before(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  stack = await startStack({
    worker: { env: { QUEUE_PREFIX: `e2e-hooks-${process.pid}`, OUTBOX_RELAY_INTERVAL_MS: '200' } },
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await stack?.stop();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('Settings → Integrations', () => {
  for (const width of [390, 1280]) {
    it(`adds a webhook and an API key at ${width} px`, async () => {
      const run = `${Date.now()}-${width}`;
      const email = `hooks-${run}@example.com`;
      const password = 'correct-horse-4';
      const { business } = await ownerWithTherapist(stack.baseUrl, email, password, {
        name: `Hooks Physio ${run}`,
      });
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signInOnPage(page, stack.baseUrl, email, password);
      await page.getByRole('heading', { name: 'Business Dashboard' }).waitFor();
      await page.goto(`${stack.baseUrl}/settings?tab=integrations`);

      const port = (receiver.address() as AddressInfo).port;
      const url = `http://127.0.0.1:${port}/hook/${run}`;
      const form = page.getByRole('form', { name: 'Add a webhook endpoint' });
      await form.getByLabel('Endpoint URL').fill(url);
      await form.getByLabel('client.created').check();
      await form.getByRole('button', { name: 'Add Endpoint' }).click();
      const endpoints = page.getByRole('list', { name: 'Webhook endpoints' });
      await endpoints.getByText(url).waitFor();
      await endpoints.getByRole('button', { name: 'Show' }).click();
      const secret = (await endpoints.getByTestId('webhook-secret').textContent()) ?? '';
      assert.match(secret, /^whsec_/);

      await endpoints.getByRole('button', { name: 'Send Test Event' }).click();
      await endpoints.getByRole('button', { name: 'Delivery Log' }).click();
      const log = page.getByRole('list', { name: 'Delivery log' });
      await log.getByText('webhook.test').waitFor();
      await log.getByText('Delivered').waitFor({ timeout: 20_000 });
      const mine = received.find((r) => r.path === `/hook/${run}`);
      assert.ok(mine, 'the receiver got the test event');
      // Signed with the secret the page showed (throws otherwise).
      const event = new Webhook(secret).verify(mine.body, mine.headers as Record<string, string>);
      assert.equal((event as { type: string }).type, 'webhook.test');
      await page.screenshot({
        path: `${SCREENSHOTS}/integrations-webhooks-${width}.png`,
        fullPage: true,
      });

      const keyForm = page.getByRole('form', { name: 'Create an API key' });
      await keyForm.getByLabel('Key Name').fill('Front desk');
      await keyForm.getByRole('button', { name: 'Create Key' }).click();
      const shown = page.getByTestId('api-key-secret');
      await shown.waitFor();
      const key = (await shown.textContent()) ?? '';
      assert.match(key, /^swk_/);
      await page.screenshot({
        path: `${SCREENSHOTS}/integrations-key-${width}.png`,
        fullPage: true,
      });
      const keys = page.getByRole('list', { name: 'API keys' });
      await keys.getByText('Front desk').waitFor();
      await page.getByRole('button', { name: 'Done' }).click();
      await shown.waitFor({ state: 'detached' });
      assert.equal(await page.getByText(key).count(), 0, 'the key is shown once');
      await keys.getByText('never used').waitFor();

      const res = await fetch(`${stack.baseUrl}/api/business/${business.id}/appointments`, {
        headers: { authorization: `Bearer ${key}` },
      });
      assert.equal(res.status, 200);
      await page.reload();
      await page
        .getByRole('list', { name: 'API keys' })
        .getByText(/last used/)
        .waitFor();
      await context.close();
    });
  }
});
