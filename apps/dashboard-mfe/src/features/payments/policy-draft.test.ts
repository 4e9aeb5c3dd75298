import { describe, expect, it } from 'vitest';
import { NO_POLICY, PAYMENT_POLICY_PRESET_VALUES } from '@slotwise/contracts';
import { dollarsToCents, draftPolicy, policyDraft } from './policy-draft';

describe('policy draft', () => {
  it('round-trips every preset', () => {
    for (const { policy } of Object.values(PAYMENT_POLICY_PRESET_VALUES)) {
      expect(draftPolicy(policyDraft(policy))).toEqual({ ok: true, policy });
    }
  });

  it('reads dollars as cents and refuses what is not an amount', () => {
    expect(dollarsToCents('20')).toBe(2000);
    expect(dollarsToCents('$20.5')).toBe(2050);
    expect(dollarsToCents('0.07')).toBe(7);
    expect(dollarsToCents('20.505')).toBeNaN();
    expect(dollarsToCents('abc')).toBeNaN();
  });

  it('a flat deposit, fees dropped because a deposit keeps itself', () => {
    const draft = {
      ...policyDraft(NO_POLICY),
      kind: 'deposit' as const,
      deposit: { type: 'flat' as const, value: '20' },
      noShowFee: { type: 'percent' as const, value: '100' },
    };
    expect(draftPolicy(draft)).toEqual({
      ok: true,
      policy: { ...NO_POLICY, kind: 'deposit', deposit: { type: 'flat', cents: 2000 } },
    });
  });

  it('says which field is wrong in the owner’s words', () => {
    const draft = {
      ...policyDraft(NO_POLICY),
      kind: 'card_on_file' as const,
      freeCancellationHours: '200',
      noShowFee: { type: 'percent' as const, value: '150' },
      lateCancellationFee: { type: 'flat' as const, value: 'ten' },
    };
    expect(draftPolicy(draft)).toEqual({
      ok: false,
      issues: {
        freeCancellationHours: 'Enter whole hours from 0 to 168.',
        noShowFee: 'Enter a percentage above 0 and up to 100.',
        lateCancellationFee: 'Enter an amount in dollars, e.g. 20 or 20.50.',
      },
    });
  });
});
