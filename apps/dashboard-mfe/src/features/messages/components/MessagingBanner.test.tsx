// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type MessagingStatus } from '@slotwise/contracts';

const SMS_LINE =
  'SMS is not set up on this server: customers get no confirmation texts and no cancel or reschedule links.';
const EMAIL_LINE =
  'Email is not set up on this server: you get no new-booking emails and customers get no email confirmations.';

/**
 * The banner as a fresh page load would show it (its dismissal lasts until a reload): its module
 * loaded again, with the rest of the page's modules.
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

  it('can be dismissed for this visit, and is back after a reload', async () => {
    const page = await freshPage();
    const first = page.show({ sms: true, email: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Emails are not being sent')).toBeNull();
    expect(screen.queryByText(EMAIL_LINE)).toBeNull();
    first.unmount();
    // Back to the dashboard from another page: still dismissed.
    const again = page.show({ sms: true, email: false });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText(EMAIL_LINE)).toBeNull();
    again.unmount();
    const reloaded = await freshPage();
    reloaded.show({ sms: true, email: false });
    expect(await screen.findByText(EMAIL_LINE)).toBeTruthy();
  });
});
