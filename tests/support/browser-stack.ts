import { after, before } from 'node:test';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { launchBrowser, startStack, type Stack } from './stack.js';

/** What a browser test file works with: the running product, a browser and its database. */
export interface BrowserStack {
  stack: Stack;
  browser: Browser;
  db: pg.Client;
}

/**
 * Registers the file's set-up and tear-down: before its tests, the whole stack (startStack), a
 * browser and a client of the stack's database; after them, all three stopped. The fields are
 * there once the `before` hook has run, i.e. inside tests and hooks.
 */
export function useBrowserStack(): BrowserStack {
  const e2e = {} as BrowserStack;
  before(async () => {
    e2e.stack = await startStack();
    e2e.browser = await launchBrowser();
    e2e.db = new pg.Client(e2e.stack.dbUrl);
    await e2e.db.connect();
  });
  after(async () => {
    await e2e.db?.end();
    await e2e.browser?.close();
    await e2e.stack?.stop();
  });
  return e2e;
}
