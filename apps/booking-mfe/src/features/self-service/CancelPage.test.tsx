// @vitest-environment happy-dom
import { StrictMode } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorCode, SelfServiceMessages } from '@slotwise/contracts';
import { type Reply, errorReply, fakeApi } from '../../testing/fake-api';
import { renderWithApp } from '../../testing/render';
import CancelPage from './CancelPage';

function renderCancel(token: string | null, reply: Reply) {
  const api = fakeApi({ 'GET /api/cancel-appointment': reply });
  const url = token ? `/cancel?token=${token}` : '/cancel';
  // StrictMode mounts the page twice, as in development: the link must still be used once.
  const view = renderWithApp(
    <StrictMode>
      <CancelPage />
    </StrictMode>,
    { api, url },
  );
  return { ...view, api };
}

describe('CancelPage', () => {
  it('cancels once and shows what was cancelled, in the business’s zone', async () => {
    const { api } = renderCancel('t'.repeat(43), {
      body: {
        message: 'Your appointment has been cancelled.',
        appointmentDetails: {
          service: "Women's Cut",
          date: '2027-03-04T22:30:00.000Z',
          business: 'Harbour Hair Studio',
          timeZone: 'Australia/Sydney',
        },
      },
    });
    expect(screen.getByText('Cancelling your appointment…')).toBeTruthy();
    expect(await screen.findByText('Appointment Cancelled')).toBeTruthy();
    expect(screen.getByText('Your appointment has been cancelled.')).toBeTruthy();
    const details = screen.getByTestId('cancelled-appointment').textContent;
    expect(details).toContain("Women's Cut");
    expect(details).toContain('5 Mar 2027 at 9:30 AM AEDT');
    expect(details).toContain('Harbour Hair Studio');
    expect(api.seen).toHaveLength(1);
    expect(api.seen[0]).toMatchObject({
      query: { token: 't'.repeat(43) },
      headers: { 'Cache-Control': 'no-cache, no-store, must-revalidate' },
    });
    expect(document.title).toContain('Cancel Appointment');
  });

  it('shows the server’s reason with the Cancellation Failed toast', async () => {
    const view = renderCancel(
      'u'.repeat(43),
      errorReply(409, SelfServiceMessages.alreadyCancelled, ErrorCode.ALREADY_CANCELLED),
    );
    expect(await screen.findByText('This appointment has already been cancelled.')).toBeTruthy();
    expect(view.toasts()).toEqual([
      'Cancellation Failed: This appointment has already been cancelled.',
    ]);
  });

  it('falls back to the generic texts without a reason or without an answer', async () => {
    const noReason = renderCancel('v'.repeat(43), { status: 502, body: '' });
    expect(await screen.findByText(SelfServiceMessages.cancelFailed)).toBeTruthy();
    noReason.unmount();
    renderCancel('w'.repeat(43), { status: 0 });
    expect(await screen.findByText(SelfServiceMessages.unexpected)).toBeTruthy();
  });

  it('explains a link without a token and calls nothing', () => {
    const { api } = renderCancel(null, {});
    expect(screen.getByText('Invalid cancellation link. No token provided.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toBeTruthy();
    expect(api.seen).toHaveLength(0);
  });
});
