// "Choose Professional" on Pricing, signed out: the visitor signs up, opens the verification link
// from the development mailbox, signs in from the verified page, and lands on /subscribe.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { DevOutboxMessage } from '@slotwise/contracts';
import type { Browser } from 'playwright-core';
import { apiCall } from '../support/owner.js';
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

describe('signing up from Pricing', () => {
  it('continues to /subscribe after sign-up, email verification and sign-in', async () => {
    const email = `pricing-signup-${Date.now()}@example.com`;
    const password = 'correct-horse-7';
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    await page.goto(`${stack.baseUrl}/pricing`);
    await page.getByRole('link', { name: 'Choose Professional' }).click();
    await page.waitForURL(/\/auth\?next=\/subscribe$/);

    await page.getByRole('tab', { name: 'Register' }).click();
    const register = page.getByRole('form', { name: 'Register' });
    await register.getByLabel('Email').fill(email);
    await register.getByLabel('Password', { exact: true }).fill(password);
    await register.getByLabel('Confirm Password').fill(password);
    await register.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(`We sent a verification link to ${email}`).waitFor();

    const [message] = await apiCall<DevOutboxMessage[]>(
      stack.baseUrl,
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(email)}`,
    );
    const link = /https?:\/\/\S+\/verify-email\?\S+/.exec(message!.body)?.[0];
    assert.ok(link, 'the verification link');
    const { pathname, search } = new URL(link);
    assert.match(search, /&next=%2Fsubscribe$/);
    await page.goto(`${stack.baseUrl}${pathname}${search}`);
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();
    await page.getByRole('link', { name: 'Sign in to your account' }).click();

    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Password').fill(password);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/subscribe$/);
    await page.close();
  });
});
