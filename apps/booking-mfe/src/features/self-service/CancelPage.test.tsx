// @vitest-environment happy-dom
import { StrictMode } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ErrorCode, SelfServiceMessages } from '@slotwise/contracts';
import { type Handler, type Reply, errorReply, fakeApi } from '../../testing/fake-api';
import { rescheduleDetails } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import CancelPage from './CancelPage';

const TOKEN = 't'.repeat(43);

const cancelled: Reply = {
  body: {
    message: 'Your appointment has been cancelled.',
    appointmentDetails: {
      service: "Women's Cut",
      date: '2027-03-04T22:30:00.000Z',
      business: 'Harbour Hair Studio',
      timeZone: 'Australia/Sydney',
    },
  },
};

function renderCancel(
  token: string | null,
  {
    details = { body: rescheduleDetails },
    cancel = cancelled,
  }: { details?: Reply; cancel?: Reply | Handler },
) {
  const api = fakeApi({
    'GET /api/cancel-appointment/details': details,
    'POST /api/cancel-appointment': cancel,
  });
  const url = token ? `/cancel?token=${token}` : '/cancel';
  // StrictMode mounts the page twice, as in development: still nothing is cancelled on load.
  const view = renderWithApp(
    <StrictMode>
      <CancelPage />
    </StrictMode>,
    { api, url },
  );
  return { ...view, api };
}

const cancels = (api: ReturnType<typeof fakeApi>) =>
  api.seen.filter((r) => r.method === 'POST' || r.path === '/api/cancel-appointment');

const cancelButton = () => screen.findByRole('button', { name: 'Cancel Appointment' });

describe('CancelPage', () => {
  it('shows the booking on load and cancels nothing until the button is clicked', async () => {
    const { api } = renderCancel(TOKEN, {});
    expect(screen.getByText('Loading your appointment…')).toBeTruthy();
    await cancelButton();
    const summary = screen.getByTestId('cancel-booking').textContent;
    expect(summary).toContain("Women's Cut");
    expect(summary).toContain('5 Mar 2027 at 9:30 AM AEDT');
    expect(summary).toContain('Harbour Hair Studio');
    expect(summary).toContain('Mia Nguyen');
    expect(cancels(api)).toHaveLength(0);
    expect(api.seen.every((r) => r.path === '/api/cancel-appointment/details')).toBe(true);
    expect(api.seen[0]).toMatchObject({
      method: 'GET',
      query: { token: TOKEN },
      headers: { 'Cache-Control': 'no-cache, no-store, must-revalidate' },
    });
    expect(document.title).toContain('Cancel Appointment');
  });

  it('cancels once on the click, with the token in the body, and says what was cancelled', async () => {
    let answer: (reply: Reply) => void = () => {};
    const { api } = renderCancel(TOKEN, {
      cancel: () => new Promise<Reply>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    await user.click(await cancelButton());
    const busy = await screen.findByRole('button', { name: 'Cancelling...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    answer(cancelled);
    expect(await screen.findByText('Appointment Cancelled')).toBeTruthy();
    expect(screen.getByText('Your appointment has been cancelled.')).toBeTruthy();
    expect(screen.getByTestId('cancelled-appointment').textContent).toContain(
      '5 Mar 2027 at 9:30 AM AEDT',
    );
    expect(cancels(api)).toHaveLength(1);
    expect(cancels(api)[0]).toMatchObject({
      method: 'POST',
      path: '/api/cancel-appointment',
      body: { token: TOKEN },
    });
  });

  it('says a refund Stripe did not accept apart from the success, never as on its way', async () => {
    const message =
      'We could not refund your $20.00 deposit automatically, so nothing has been refunded yet. Please contact the business to get it back.';
    renderCancel(TOKEN, {
      cancel: {
        body: {
          ...(cancelled.body as object),
          cancellation: { outcome: 'refund_failed', amount: 2000, message },
        },
      },
    });
    await userEvent.setup().click(await cancelButton());
    const success = (await screen.findByText('Appointment Cancelled')).closest('[role]');
    const problem = screen.getByText('Your deposit could not be refunded').closest('[role]');
    expect(problem).toBeTruthy();
    expect(problem).not.toBe(success);
    expect(screen.getByTestId('cancelled-outcome').textContent).toBe(message);
    expect(success?.textContent).not.toContain('refund');
  });

  it('says so when the booking is already cancelled or the link has expired', async () => {
    const { api } = renderCancel(TOKEN, {
      details: errorReply(409, SelfServiceMessages.alreadyCancelled, ErrorCode.ALREADY_CANCELLED),
    });
    expect(await screen.findByText(SelfServiceMessages.alreadyCancelled)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel Appointment' })).toBeNull();
    expect(cancels(api)).toHaveLength(0);
  });

  it('shows the server’s reason with the Cancellation Failed toast when the cancel fails', async () => {
    const view = renderCancel(TOKEN, {
      cancel: errorReply(409, SelfServiceMessages.bookingBusy, ErrorCode.BOOKING_BUSY),
    });
    const user = userEvent.setup();
    await user.click(await cancelButton());
    expect(await screen.findByText(SelfServiceMessages.bookingBusy)).toBeTruthy();
    expect(view.toasts()).toEqual([`Cancellation Failed: ${SelfServiceMessages.bookingBusy}`]);
    // The button stays, to try again.
    expect(await cancelButton()).toBeTruthy();
  });

  it('falls back to the generic texts without a reason or without an answer', async () => {
    const noReason = renderCancel('v'.repeat(43), { details: { status: 502, body: '' } });
    expect(await screen.findByText(SelfServiceMessages.cancelFailed)).toBeTruthy();
    noReason.unmount();
    renderCancel('w'.repeat(43), { details: { status: 0 } });
    expect(await screen.findByText(SelfServiceMessages.unexpected)).toBeTruthy();
  });

  it('explains a link without a token and calls nothing', () => {
    const { api } = renderCancel(null, {});
    expect(screen.getByText('Invalid cancellation link. No token provided.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toBeTruthy();
    expect(api.seen).toHaveLength(0);
  });
});
