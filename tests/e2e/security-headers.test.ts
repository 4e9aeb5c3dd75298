// The gateway's security headers, and the product working under its Content-Security-Policy in
// Chromium: no policy violation and no console error on the main pages, signed out and in.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startStack, type Stack } from '../support/stack.js';
import { signInOnPage, verifiedOwner } from '../support/owner.js';

let stack: Stack;
let browser: Browser;

before(async () => {
  // The server-rendered page is what is checked, not the render's timing: a generous budget.
  stack = await startStack({ serverRender: { budgetMs: 2000, limitMs: 4000 } });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Policy violations and console errors of a page, as they happen. */
async function watch(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `CSP violation: ${e.violatedDirective} ${e.blockedURI} ${location.pathname} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    // A signed-out page's session check answers 401: expected, not a fault.
    if (message.type() === 'error' && !/status of 401/.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

describe('security headers', () => {
  it('lets other sites frame the booking widget (/embed/{slug}) and no other page', async () => {
    const frameAncestors = (res: Response) =>
      (res.headers.get('content-security-policy') ?? '')
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('frame-ancestors '));
    const embed = await fetch(`${stack.baseUrl}/embed/harbour-hair-studio?service=1`);
    assert.equal(embed.status, 200);
    assert.equal(frameAncestors(embed), 'frame-ancestors *');
    assert.equal(embed.headers.get('x-frame-options'), null);
    for (const path of ['/book/harbour-hair-studio', '/', '/dashboard', '/embed']) {
      const page = await fetch(`${stack.baseUrl}${path}`);
      assert.equal(frameAncestors(page), "frame-ancestors 'none'", path);
      assert.equal(page.headers.get('x-frame-options'), 'DENY', path);
    }
  });

  it('sends the policy and the other headers on pages, and no inline script', async () => {
    const res = await fetch(`${stack.baseUrl}/book/harbour-hair-studio`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    assert.equal(directive('frame-ancestors'), "frame-ancestors 'none'");
    assert.match(directive('script-src'), /^script-src 'self'/);
    assert.doesNotMatch(directive('script-src'), /unsafe-inline|unsafe-eval|\*/);
    assert.match(directive('script-src'), /https:\/\/js\.stripe\.com/);
    assert.match(directive('frame-src'), /https:\/\/js\.stripe\.com/);
    assert.equal(directive('object-src'), "object-src 'none'");
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
    assert.match(res.headers.get('permissions-policy') ?? '', /camera=\(\)/);
    // Over plain HTTP, no HSTS; behind a TLS terminator, HSTS.
    assert.equal(res.headers.get('strict-transport-security'), null);
    const html = await res.text();
    // The page is server-rendered: its one inline script is the loader of its scripts, allowed by
    // its hash alone.
    assert.match(html, /<div id="root"><div/);
    const inline: string[] = [];
    for (const [, tag, text] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)) {
      if (/\bsrc=/.test(tag!) || /type="application\/(ld\+)?json"/.test(tag!)) continue;
      inline.push(text!);
    }
    assert.equal(inline.length, 1, 'only script files, JSON data blocks and the loader');
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    assert.ok(
      directive('script-src').includes(`'sha256-${hash}'`),
      'the loader is allowed by its hash',
    );
    const tls = await fetch(`${stack.baseUrl}/`, { headers: { 'x-forwarded-proto': 'https' } });
    assert.match(tls.headers.get('strict-transport-security') ?? '', /max-age=31536000/);
    // The API's answers through the gateway carry them too.
    const api = await fetch(`${stack.baseUrl}/api/health`);
    assert.equal(api.headers.get('x-content-type-options'), 'nosniff');
  });

  it('shows the main pages under the policy with no violation or console error', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = await watch(page);
    try {
      for (const path of ['/', '/book/harbour-hair-studio', '/auth']) {
        await page.goto(`${stack.baseUrl}${path}`);
        await page.locator('main h1, main h2').first().waitFor();
        await page.waitForLoadState('networkidle');
      }
      // The booking page's time step (calendar, lazily loaded chunks).
      await page.goto(`${stack.baseUrl}/book/harbour-hair-studio`);
      await page.locator('main button').first().click();
      await page.waitForLoadState('networkidle');

      const email = `csp-${Date.now()}@example.com`;
      const password = 'Lantern-Harbour-Tide-93!';
      await verifiedOwner(stack.baseUrl, email, password);
      await signInOnPage(page, stack.baseUrl, email, password);
      await page.waitForURL((url) => url.pathname !== '/auth');
      await page.goto(`${stack.baseUrl}/dashboard`);
      await page.locator('main h1, main h2').first().waitFor();
      await page.waitForLoadState('networkidle');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
