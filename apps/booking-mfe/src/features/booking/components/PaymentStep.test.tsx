// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { booked } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { type HeldBooking, confirmedBooking, heldBooking } from '../payment-api';
import PaymentStep from './PaymentStep';

// Stripe.js cannot load in a component test: the form stands in with a button that reports what
// Stripe would (the browser tests use a Stripe.js stand-in and the fake Stripe server).
vi.mock('../../payment', () => ({
  StripePaymentForm: ({ label, onSubmitted }: { label: string; onSubmitted: () => void }) => (
    <button type="button" onClick={onSubmitted}>
      {label}
    </button>
  ),
}));

const SECRET = 'pi_1_secret_2';
const STATUS = 'GET /api/appointments/42/payment-status';

function held(expiresInMs = 600_000): HeldBooking {
  const h = heldBooking({
    response: {
      ...booked,
      appointment: { ...booked.appointment, status: 'pending_payment' },
      payment: {
        kind: 'deposit',
        amount: 2000,
        currency: 'aud',
        clientSecret: SECRET,
        publishableKey: 'pk_test_1',
        expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
        policySummary: 'A $20.00 deposit is taken now.',
      },
    },
    name: 'Alex Citizen',
    phone: '0400 123 456',
  });
  if (!h) throw new Error('held');
  return h;
}

const pending = (status: string) => ({
  body: {
    status,
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
    payment: { kind: 'deposit', amount: 2000, state: 'pending', stripeStatus: null },
  },
});

describe('PaymentStep', () => {
  it('is held until the server (not the browser) says Stripe confirmed it', async () => {
    let answer = 'pending_payment';
    const api = fakeApi({ [STATUS]: () => pending(answer) });
    const onConfirmed = vi.fn();
    const h = held();
    renderWithApp(
      <PaymentStep held={h} focusHeading onConfirmed={onConfirmed} onStartAgain={vi.fn()} />,
      { api },
    );
    expect(screen.getByRole('heading', { name: 'Pay your deposit' })).toBeTruthy();
    expect(screen.getByTestId('hold-remaining').textContent).toMatch(/^(10:00|9:5\d)$/);
    await userEvent.click(screen.getByRole('button', { name: 'Pay $20.00 deposit' }));
    await screen.findByRole('heading', { name: 'Waiting for confirmation' });
    expect(onConfirmed).not.toHaveBeenCalled();
    answer = 'confirmed';
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1), { timeout: 5000 });
    const seen = api.seen.filter((r) => r.path === '/api/appointments/42/payment-status');
    expect(seen[0]?.query).toEqual({ clientSecret: SECRET });
    expect(confirmedBooking(h).response.appointment.status).toBe('confirmed');
  });

  it('says the hold ended when the server freed the slot, and starts again', async () => {
    const onStartAgain = vi.fn();
    renderWithApp(
      <PaymentStep held={held()} focusHeading onConfirmed={vi.fn()} onStartAgain={onStartAgain} />,
      { api: fakeApi({ [STATUS]: pending('expired') }) },
    );
    await screen.findByRole('heading', { name: 'Your hold on this time has ended' });
    await userEvent.click(screen.getByRole('button', { name: 'Choose another time' }));
    expect(onStartAgain).toHaveBeenCalledTimes(1);
  });

  it('ends the hold on the clock while the customer has not paid', async () => {
    renderWithApp(
      <PaymentStep held={held(-1000)} focusHeading onConfirmed={vi.fn()} onStartAgain={vi.fn()} />,
      { api: fakeApi({ [STATUS]: pending('pending_payment') }) },
    );
    await screen.findByRole('heading', { name: 'Your hold on this time has ended' });
  });
});
