// Remotes own their routes: each publishes its pages in its mf-manifest.json and the shell builds
// its route table from them at run time. A page added to the marketing remote, redeployed alone to
// another origin, is served at its path with no shell rebuild; unknown paths keep the 404 page.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { createStaticHost } from '@slotwise/gateway';
import { root } from '../../scripts/lib.mjs';
import { launchBrowser, startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let browser: Browser;
const hosts: Array<{ close(): Promise<unknown> }> = [];
const copies: string[] = [];

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  for (const h of hosts) await h.close();
  await stack?.stop();
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

async function host(dir: string): Promise<string> {
  const app = await createStaticHost(dir);
  await app.listen({ port: 0, host: '127.0.0.1' });
  hosts.push(app);
  const address = app.server.address();
  assert.ok(address && typeof address === 'object');
  return `http://127.0.0.1:${address.port}`;
}

function snapshot(dir: string): Record<string, number> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => [
      f,
      statSync(join(dir, f)).mtimeMs,
    ]),
  );
}

function patch(file: string, find: string, replace: string) {
  const text = readFileSync(file, 'utf8');
  assert.ok(text.includes(find), `${file} no longer contains ${JSON.stringify(find)}`);
  writeFileSync(file, text.replace(find, replace));
}

const NEW_PATH = '/whats-new';
const NEW_HEADING = 'New in Slotwise this month';

/**
 * A copy of the marketing remote with one more page (a route in its routes.json, a page component
 * and its element in App.tsx), built with the shared build setup into the copy's own dist/.
 */
function buildMarketingWithNewPage(buildId: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'slotwise-marketing-'));
  copies.push(dir);
  const app = join(root, 'apps/marketing-mfe');
  cpSync(join(app, 'src'), join(dir, 'src'), { recursive: true });
  cpSync(join(app, 'package.json'), join(dir, 'package.json'));

  const routesFile = join(dir, 'src/routes.json');
  const routes = JSON.parse(readFileSync(routesFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(routesFile, JSON.stringify({ ...routes, whatsNew: { path: NEW_PATH } }));
  writeFileSync(
    join(dir, 'src/pages/WhatsNewPage.tsx'),
    `import { MarketingPage } from '../components/MarketingPage';

export default function WhatsNewPage() {
  return (
    <MarketingPage
      title="What's new"
      description="The latest changes to Slotwise for business owners and their customers."
      heading="${NEW_HEADING}"
    >
      <p>Booking pages now load faster on phones.</p>
    </MarketingPage>
  );
}
`,
  );
  const appFile = join(dir, 'src/App.tsx');
  patch(
    appFile,
    'const TermsPage = lazy(() => import(/* webpackChunkName: "page-terms" */ \'./pages/TermsPage\'));',
    'const TermsPage = lazy(() => import(/* webpackChunkName: "page-terms" */ \'./pages/TermsPage\'));\nconst WhatsNewPage = lazy(() => import(/* webpackChunkName: "page-whatsNew" */ \'./pages/WhatsNewPage\'));',
  );
  patch(appFile, 'terms: <TermsPage />,', 'terms: <TermsPage />,\n    whatsNew: <WhatsNewPage />,');

  // The copy lives outside the workspace: it resolves packages from the workspace's node_modules.
  writeFileSync(
    join(dir, 'rspack.config.mjs'),
    `import { createConfig } from ${JSON.stringify(join(root, 'apps/rspack.base.mjs'))};
const config = createConfig({
  dirname: import.meta.dirname,
  name: 'marketing',
  exposes: { './App': './src/App.tsx' },
});
config.resolve.modules = ['node_modules', ${JSON.stringify(join(root, 'node_modules'))}];
export default config;
`,
  );
  const build = spawnSync(
    join(root, 'node_modules/.bin/rspack'),
    ['build', '-c', 'rspack.config.mjs'],
    {
      cwd: dir,
      env: { ...process.env, SLOTWISE_BUILD_ID: buildId, SLOTWISE_OUT_DIR: 'dist' },
      encoding: 'utf8',
    },
  );
  assert.equal(build.status, 0, build.stderr || build.stdout);
  return join(dir, 'dist');
}

describe('remotes own their routes', () => {
  it('serves a page added to a redeployed remote with no shell rebuild', async () => {
    const shellDir = join(root, 'apps/shell/dist');
    const shellBefore = snapshot(shellDir);
    const page = await browser.newPage();

    // Before the redeploy the path is nobody's: the shell's 404 page.
    await page.goto(`${stack.baseUrl}${NEW_PATH}`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();

    const buildId = `routes-${Date.now()}`;
    const origin = await host(buildMarketingWithNewPage(buildId));
    stack.setRemotes({ marketing: `${origin}/mf-manifest.json` });

    const manifestFetches: string[] = [];
    page.on('request', (request) => {
      if (request.url() === `${origin}/mf-manifest.json`) manifestFetches.push(request.url());
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: NEW_HEADING }).waitFor();
    assert.equal(
      await page.locator('[data-remote="marketing"]').first().getAttribute('data-build-id'),
      buildId,
    );
    assert.match(await page.title(), /What's new/);
    // The shell read the routes from the manifest the federation runtime then used: one fetch.
    assert.equal(manifestFetches.length, 1, 'the manifest is fetched once per page load');

    // The remote's other pages still work, and the header and footer are the shell's own.
    await page.getByRole('link', { name: 'Pricing' }).first().click();
    await page
      .getByRole('heading', { level: 1, name: 'Simple pricing that grows with your team' })
      .waitFor();

    // Unknown paths still get the shell's 404 page once every remote has answered.
    await page.goto(`${stack.baseUrl}/whats-old`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();

    assert.deepEqual(snapshot(shellDir), shellBefore, 'the shell was not rebuilt');
    stack.setRemotes({});
    await page.close();
  });

  it('sends visitors to /auth from the pages a remote publishes for signed-in owners', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/settings`);
    await page.getByRole('heading', { name: 'Welcome to Slotwise' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/auth');
    await page.close();
  });
});
