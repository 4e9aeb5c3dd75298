// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentRecord } from '@slotwise/contracts';
import { PaymentRecordRow } from './PaymentRecordList';

const TZ = 'Australia/Sydney';

const deposit: PaymentRecord = {
  id: 1,
  appointmentId: 7,
  customerId: 2,
  kind: 'deposit',
  amount: 2000,
  currency: 'aud',
  state: 'succeeded',
  stripeStatus: 'succeeded',
  stripeId: 'pi_1',
  failureMessage: null,
  card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
  dispute: null,
  createdAt: '2027-01-04T22:20:00.000Z',
  updatedAt: '2027-01-04T22:20:00.000Z',
  appointment: {
    date: '2027-01-05T22:00:00.000Z',
    serviceName: 'Cut',
    customerName: 'Zara Quinn',
  },
};

const row = (record: PaymentRecord) =>
  render(
    <ul>
      <PaymentRecordRow record={record} timeZone={TZ} showAppointment />
    </ul>,
  );

afterEach(cleanup);

describe('a payment record', () => {
  it('says why a paid deposit was kept: a late cancellation or a no-show, and nothing otherwise', () => {
    row({ ...deposit, kept: 'late_cancellation' });
    const kept = screen.getByTestId('payment-record');
    expect(kept.querySelector('.pay-record__kept')?.textContent).toBe('Kept — cancelled late');
    // A note, not a problem: not in the failure's style.
    expect(kept.querySelector('.pay-record__note')).toBeNull();
    expect(kept.textContent).toContain('Succeeded');
    cleanup();
    row({ ...deposit, kept: 'no_show' });
    expect(
      screen.getByTestId('payment-record').querySelector('.pay-record__kept')?.textContent,
    ).toBe('Kept — no-show');
    cleanup();
    row(deposit);
    expect(screen.getByTestId('payment-record').querySelector('.pay-record__kept')).toBeNull();
  });

  it('names the card a charge was paid with, and a saved card by itself', () => {
    row(deposit);
    expect(screen.getByTestId('payment-record').textContent).toContain('Visa •••• 4242 · ');
    cleanup();
    row({
      ...deposit,
      kind: 'card_saved',
      amount: 0,
      card: { ...deposit.card!, brand: 'mastercard', last4: '4444' },
    });
    expect(
      screen.getByTestId('payment-record').querySelector('.pay-record__amount')?.textContent,
    ).toBe('Mastercard •••• 4444');
  });

  it('shows an open dispute with its due date in the business’s zone and a link to Stripe', () => {
    row({
      ...deposit,
      state: 'disputed',
      dispute: {
        id: 'dp_1',
        amount: 2000,
        reason: 'fraudulent',
        status: 'needs_response',
        // 13:30 UTC on the 24th is the 25th in Sydney.
        evidenceDueBy: '2027-01-24T13:30:00.000Z',
        dashboardUrl: 'https://dashboard.stripe.com/test/disputes/dp_1',
      },
    });
    const line = screen.getByTestId('payment-dispute');
    expect(line.textContent).toBe('Disputed — respond by 25 Jan 2027 · Open in Stripe');
    expect(screen.getByRole('link', { name: 'Open in Stripe' }).getAttribute('href')).toBe(
      'https://dashboard.stripe.com/test/disputes/dp_1',
    );
    expect(screen.getByText('Disputed')).toBeTruthy();
  });

  it('says nothing of a card or dispute Stripe has not described', () => {
    row({ ...deposit, card: null });
    expect(screen.getByTestId('payment-record').textContent).not.toContain('••••');
    expect(screen.queryByTestId('payment-dispute')).toBeNull();
  });
});
