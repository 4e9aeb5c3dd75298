// The shell finds its remotes at run time (remotes.json), so a remote rebuilt and redeployed shows
// up without rebuilding the shell; and a remote that is down degrades only its own area.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { createStaticHost } from '@slotwise/gateway';
import { root } from '../../scripts/lib.mjs';
import { launchBrowser, startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let browser: Browser;
const hosts: Awaited<ReturnType<typeof createStaticHost>>[] = [];

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  for (const h of hosts) await h.close();
  await stack?.stop();
});

async function host(dir: string) {
  const app = await createStaticHost(dir);
  await app.listen({ port: 0, host: '127.0.0.1' });
  hosts.push(app);
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

function snapshot(dir: string) {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => [
      f,
      statSync(join(dir, f)).mtimeMs,
    ]),
  );
}

describe('module federation at run time', () => {
  it('picks up a rebuilt and redeployed remote with no shell rebuild', async () => {
    const shellDir = join(root, 'apps/shell/dist');
    const shellBefore = snapshot(shellDir);
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/partners`);
    await page.getByRole('heading', { name: 'Our Business Partners' }).waitFor();
    const oldBuild = await page
      .locator('[data-remote="booking"]')
      .first()
      .getAttribute('data-build-id');

    // Rebuild the booking remote alone, with a new build id, into its own deploy folder.
    const buildId = `redeploy-${Date.now()}`;
    const outDir = mkdtempSync(join(tmpdir(), 'slotwise-booking-'));
    const build = spawnSync('npx', ['rspack', 'build'], {
      cwd: join(root, 'apps/booking-mfe'),
      env: { ...process.env, SLOTWISE_BUILD_ID: buildId, SLOTWISE_OUT_DIR: outDir },
      encoding: 'utf8',
    });
    assert.equal(build.status, 0, build.stderr || build.stdout);

    // Deploy it on its own server (another origin) and repoint the shell's run-time config.
    const origin = await host(outDir);
    stack.setRemotes({ booking: `${origin}/mf-manifest.json` });

    await page.reload();
    await page.getByRole('heading', { name: 'Our Business Partners' }).waitFor();
    const newBuild = await page
      .locator('[data-remote="booking"]')
      .first()
      .getAttribute('data-build-id');
    assert.notEqual(newBuild, oldBuild);
    assert.equal(newBuild, buildId);
    await page.getByRole('link', { name: 'Book Now' }).first().waitFor();
    assert.deepEqual(snapshot(shellDir), shellBefore, 'the shell was not rebuilt');
    stack.setRemotes({});
    await page.close();
  });

  it('shows a friendly message for a remote that is down while the others keep working', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'slotwise-broken-'));
    writeFileSync(join(broken, 'mf-manifest.json'), '{ this is not a manifest');
    const brokenOrigin = await host(broken);
    stack.setRemotes({
      dashboard: 'http://127.0.0.1:9/mf-manifest.json', // nothing listens there
      marketing: `${brokenOrigin}/mf-manifest.json`,
    });

    const page = await browser.newPage();
    const pageErrors: Error[] = [];
    page.on('pageerror', (e) => pageErrors.push(e));
    // /dashboard is for signed-in owners: a stand-in session lets the shell try to load the area.
    await page.route('**/api/auth/refresh', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ accessToken: 'test', user: { id: 'u1', email: 'o@example.com' } }),
      }),
    );

    await page.goto(`${stack.baseUrl}/dashboard`);
    await page.getByText('This section is temporarily unavailable').waitFor();
    await page.getByText('Easy appointment scheduling for small businesses').waitFor();

    await page.goto(`${stack.baseUrl}/`);
    await page.getByText('This section is temporarily unavailable').waitFor();

    // The booking area still works, in the same session, from the header link.
    await page.getByRole('link', { name: 'Our Partners' }).first().click();
    await page.getByRole('heading', { name: 'Our Business Partners' }).waitFor();
    await page.getByRole('link', { name: 'Book Now' }).first().waitFor();
    assert.equal(await page.getByText('This section is temporarily unavailable').count(), 0);
    stack.setRemotes({});
    await page.close();
  });
});
