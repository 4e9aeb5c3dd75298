import { describe, expect, it } from 'vitest';
import { lateFeeResult, refundResult } from './cancel-results.js';

describe('the cancel answer says what Stripe did', () => {
  it('calls a refund on its way only once Stripe accepted it', () => {
    for (const state of ['succeeded', 'pending'] as const) {
      expect(refundResult(2000, state)).toMatchObject({ outcome: 'refund', amount: 2000 });
      expect(refundResult(2000, state).message).toMatch(/accepted the refund of your \$20\.00/);
    }
    for (const state of ['failed', undefined] as const) {
      const result = refundResult(2000, state);
      expect(result.outcome).toBe('refund_failed');
      expect(result.message).not.toMatch(/on its way|accepted/);
      expect(result.message).toMatch(/could not refund your \$20\.00 deposit/);
    }
  });

  it('calls a late fee charged only once Stripe took it', () => {
    expect(lateFeeResult(5500, 'succeeded')).toBe(
      'A $55.00 late-cancellation fee was charged to your saved card.',
    );
    expect(lateFeeResult(5500, 'fee_failed')).toMatch(/bank needs your approval.*link to pay/);
    expect(lateFeeResult(5500, 'pending')).toMatch(/is being charged/);
    for (const state of ['failed', undefined] as const) {
      expect(lateFeeResult(5500, state)).toMatch(/could not be charged/);
    }
  });
});
