// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type MessagingStatus } from '@slotwise/contracts';

const SMS_LINE =
  'SMS is not set up on this server: customers get no confirmation texts and no cancel or reschedule links.';
const EMAIL_LINE =
  'Email is not set up on this server: you get no new-booking emails and customers get no email confirmations.';

/**
 * The banner as a fresh page load would show it: its module loaded again, with the rest of the
 * page's modules (localStorage, like the browser's, is kept).
 */
async function freshPage() {
  vi.resetModules();
  const { MessagingBanner } = await import('./MessagingBanner');
  const { renderWithApi } = await import('../../../testing/render');
  return {
    MessagingBanner,
    show: (status: MessagingStatus) =>
      renderWithApi(<MessagingBanner />, { 'GET /api/messaging-status': { body: status } }),
  };
}

beforeEach(() => localStorage.clear());

describe('the messaging banner', () => {
  it('says SMS is not set up, and what customers miss', async () => {
    const page = await freshPage();
    page.show({ sms: false, email: true });
    expect(await screen.findByText(SMS_LINE)).toBeTruthy();
    expect(screen.queryByText(EMAIL_LINE)).toBeNull();
    expect(screen.getByText('Text messages are not being sent')).toBeTruthy();
    expect(screen.getByText(/TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER/));
  });

  it('names both when neither is set up', async () => {
    const page = await freshPage();
    page.show({ sms: false, email: false });
    expect(await screen.findByText(SMS_LINE)).toBeTruthy();
    expect(screen.getByText(EMAIL_LINE)).toBeTruthy();
    expect(screen.getByText(/and SMTP_URL to send them/)).toBeTruthy();
    expect(screen.getByText('Text messages and emails are not being sent')).toBeTruthy();
  });

  it('shows nothing when both are set up', async () => {
    const page = await freshPage();
    const { api } = page.show({ sms: true, email: true });
    await vi.waitFor(() => expect(api.calls('GET', '/api/messaging-status')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('stays dismissed on later visits while the problem is the same', async () => {
    const page = await freshPage();
    const first = page.show({ sms: true, email: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(EMAIL_LINE)).toBeNull();
    first.unmount();
    // A later visit (the page loaded again): still dismissed.
    const reloaded = await freshPage();
    const { api } = reloaded.show({ sms: true, email: false });
    await vi.waitFor(() => expect(api.calls('GET', '/api/messaging-status')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText(EMAIL_LINE)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('is back when the problem changes', async () => {
    const page = await freshPage();
    const first = page.show({ sms: true, email: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    first.unmount();
    // SMS stops too: a new problem.
    const reloaded = await freshPage();
    reloaded.show({ sms: false, email: false });
    expect(await screen.findByText(SMS_LINE)).toBeTruthy();
    expect(screen.getByText(EMAIL_LINE)).toBeTruthy();
  });

  it('is back when a fixed problem returns', async () => {
    const page = await freshPage();
    const first = page.show({ sms: false, email: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    first.unmount();
    const fixed = (await freshPage()).show({ sms: true, email: true });
    await vi.waitFor(() => expect(localStorage.length).toBe(0));
    fixed.unmount();
    (await freshPage()).show({ sms: false, email: true });
    expect(await screen.findByText(SMS_LINE)).toBeTruthy();
  });
});
