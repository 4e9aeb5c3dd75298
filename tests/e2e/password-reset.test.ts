// Passwords: an owner who forgot theirs asks for a link on /auth, reads it from the development
// mailbox, sets a new password (every session ends, another browser's included), signs in with it
// while the old one is refused, and the used link cannot be used again. Then, signed in, they
// change it in Settings: a wrong current password is shown beside the field.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
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

const RESET_LINK = /\/reset-password\?token=[^\s"'<>]+/;

/** The path of the newest reset link emailed to `email` (from the development mailbox). */
async function resetLinkPath(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const messages = await apiCall<DevOutboxMessage[]>(
      stack.baseUrl,
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(email)}`,
    );
    const mail = messages.find((m) => m.kind === 'password-reset');
    const path = mail?.body.match(RESET_LINK)?.[0];
    if (path) return path;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no reset email for ${email}`);
}

const toast = (page: Page, text: string) =>
  page.locator('.sw-toast').getByText(text).first().waitFor();

async function signInFails(page: Page, email: string, password: string) {
  await signInOnPage(page, stack.baseUrl, email, password);
  await page.getByRole('alert').getByText('Invalid email or password').waitFor();
}

describe('passwords', () => {
  const email = `forgetful-${Date.now()}@example.com`;
  const oldPassword = 'old-password-1';
  const newPassword = 'new-password-2';
  const newestPassword = 'newest-password-3';

  it('resets a forgotten password by the emailed link and ends every session', async () => {
    await verifiedOwner(stack.baseUrl, email, oldPassword);

    // Signed in on another browser (a second context has its own cookies).
    const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const otherPage = await other.newPage();
    await signInOnPage(otherPage, stack.baseUrl, email, oldPassword);
    await otherPage.waitForURL(/\/dashboard$/);

    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await page.goto(`${stack.baseUrl}/auth`);
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    const forgot = page.getByRole('form', { name: 'Forgot password' });
    assert.equal(await forgot.getByLabel('Email').inputValue(), email);
    await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
    await page
      .getByText('If an account exists for that email, we have sent a link to reset your password.')
      .waitFor();

    await page.goto(`${stack.baseUrl}${await resetLinkPath(email)}`);
    const reset = page.getByRole('form', { name: 'Choose a new password' });
    await reset.getByLabel('New Password').fill(newPassword);
    await reset.getByLabel('Confirm Password').fill(`${newPassword}x`);
    await reset.getByRole('button', { name: 'Set New Password' }).click();
    await reset.getByText("Passwords don't match").waitFor();
    await reset.getByLabel('Confirm Password').fill(newPassword);
    await reset.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await page.getByText(/every session has been signed out/).waitFor();
    const usedLink = page.url();

    // The other browser's session is over: a reload finds no session and asks to sign in.
    await otherPage.reload();
    await otherPage.waitForURL(/\/auth$/);
    await other.close();

    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(/\/auth$/);
    await signInFails(page, email, oldPassword);
    await signInOnPage(page, stack.baseUrl, email, newPassword);
    await page.waitForURL(/\/dashboard$/);

    // The link worked once.
    const again = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await again.goto(usedLink);
    const form = again.getByRole('form', { name: 'Choose a new password' });
    await form.getByLabel('New Password').fill('another-password-9');
    await form.getByLabel('Confirm Password').fill('another-password-9');
    await form.getByRole('button', { name: 'Set New Password' }).click();
    await again.getByText('This password reset link is invalid or has expired.').waitFor();
    await again.getByRole('link', { name: 'Send a New Link' }).click();
    await again.waitForURL(/\/forgot-password$/);
    await again.close();
    await page.close();
  });

  it('changes the password in Settings, with a wrong current password shown beside the field', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, stack.baseUrl, email, newPassword);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${stack.baseUrl}/settings`);
    const card = page.getByRole('form', { name: 'Change password' });
    await card.getByLabel('Current Password').fill('not-my-password');
    await card.getByLabel('New Password', { exact: true }).fill(newestPassword);
    await card.getByLabel('Confirm New Password').fill(newestPassword);
    await card.getByRole('button', { name: 'Change Password' }).click();
    await card.getByText('Current password is incorrect').waitFor();

    await card.getByLabel('Current Password').fill(newPassword);
    await card.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'Your password has been changed. Your other sessions have been signed out.');
    // This session stays: a reload restores it from the refresh cookie.
    await page.reload();
    await page.getByRole('form', { name: 'Change password' }).waitFor();
    await page.close();

    const fresh = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInFails(fresh, email, newPassword);
    await signInOnPage(fresh, stack.baseUrl, email, newestPassword);
    await fresh.waitForURL(/\/dashboard$/);
    await fresh.close();
  });
});
