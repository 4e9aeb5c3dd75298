import { describe, expect, it } from 'vitest';
import {
  cardLabel,
  disputeLabel,
  amountForPrice,
  NO_POLICY,
  PAYMENT_POLICY_PRESET_VALUES,
  paymentPolicySummary,
  PaymentPolicySchema,
} from './payments.js';

describe('payment amounts', () => {
  it('round a percentage half up to the cent and cap everything at the price', () => {
    expect(amountForPrice({ type: 'percent', percent: 12.5 }, 999)).toBe(125);
    expect(amountForPrice({ type: 'percent', percent: 50 }, 4501)).toBe(2251);
    expect(amountForPrice({ type: 'percent', percent: 33.33 }, 100)).toBe(33);
    expect(amountForPrice({ type: 'flat', cents: 9000 }, 8500)).toBe(8500);
    expect(amountForPrice(null, 8500)).toBe(0);
  });
});

describe('policy summary', () => {
  it('says what a deposit means in plain words', () => {
    const policy = PaymentPolicySchema.parse({
      kind: 'deposit',
      deposit: { type: 'flat', cents: 2000 },
    });
    expect(paymentPolicySummary(policy, 8500)).toMatch(
      /^A \$20\.00 deposit is taken now\. Cancel at least 24 hours before for a refund/,
    );
  });
  it('names the fees of a card on file, and nothing for no policy', () => {
    const text = paymentPolicySummary(PAYMENT_POLICY_PRESET_VALUES.moderate.policy, 8000);
    expect(text).toContain('$40.00');
    expect(text).toContain('$80.00');
    expect(paymentPolicySummary(NO_POLICY, 8000)).toBeNull();
  });
  it('refuses a deposit without an amount and fees on a deposit policy', () => {
    expect(PaymentPolicySchema.safeParse({ kind: 'deposit' }).success).toBe(false);
    expect(
      PaymentPolicySchema.safeParse({
        kind: 'deposit',
        deposit: { type: 'percent', percent: 20 },
        noShowFee: { type: 'flat', cents: 100 },
      }).success,
    ).toBe(false);
    for (const preset of Object.values(PAYMENT_POLICY_PRESET_VALUES)) {
      expect(PaymentPolicySchema.parse(preset.policy)).toEqual(preset.policy);
    }
  });
});

describe('card and dispute labels', () => {
  it('names the card by brand and last four', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242');
    expect(cardLabel({ brand: 'amex', last4: '0005' })).toBe('American Express •••• 0005');
    expect(cardLabel({ brand: 'something_new', last4: '1111' })).toBe('Card •••• 1111');
  });

  it('gives the evidence due date in the business’s zone', () => {
    // 13:30 UTC on 24 January is already the 25th in Sydney.
    const due = '2027-01-24T13:30:00.000Z';
    expect(disputeLabel({ status: 'needs_response', evidenceDueBy: due }, 'Australia/Sydney')).toBe(
      'Disputed — respond by 25 Jan 2027',
    );
    expect(disputeLabel({ status: 'needs_response', evidenceDueBy: due }, 'UTC')).toBe(
      'Disputed — respond by 24 Jan 2027',
    );
    expect(disputeLabel({ status: 'under_review', evidenceDueBy: null }, 'UTC')).toBe(
      'Disputed — under review',
    );
    expect(disputeLabel({ status: 'won', evidenceDueBy: due }, 'UTC')).toBe('Dispute won');
    expect(disputeLabel({ status: 'lost', evidenceDueBy: null }, 'UTC')).toBe('Dispute lost');
  });
});
