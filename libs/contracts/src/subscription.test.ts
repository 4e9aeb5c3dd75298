import { describe, expect, it } from 'vitest';
import {
  isProfessionalActive,
  paymentSetupErrorMessage,
  SubscriptionMessages,
  SubscriptionStatusSchema,
} from './subscription.js';

describe('paymentSetupErrorMessage', () => {
  it('shows configuration errors as they are', () => {
    expect(paymentSetupErrorMessage(SubscriptionMessages.notConfigured)).toBe(
      SubscriptionMessages.notConfigured,
    );
    expect(paymentSetupErrorMessage('No price ID configured')).toBe('No price ID configured');
  });

  it('turns product ID trouble into the invalid configuration message, anything else into the default', () => {
    expect(paymentSetupErrorMessage('No such product ID: prod_x')).toBe(
      SubscriptionMessages.invalidProduct,
    );
    expect(paymentSetupErrorMessage('socket hang up')).toBe(SubscriptionMessages.initFailed);
    expect(paymentSetupErrorMessage(undefined)).toBe(
      'Failed to initialize payment. Please try again.',
    );
  });
});

describe('isProfessionalActive', () => {
  it('needs both the active status and the Professional plan', () => {
    expect(isProfessionalActive({ status: 'active', plan: 'professional' })).toBe(true);
    expect(isProfessionalActive({ status: 'past_due', plan: 'professional' })).toBe(false);
    expect(isProfessionalActive({ status: 'active', plan: 'free' })).toBe(false);
  });

  it('parses a status answer', () => {
    const parsed = SubscriptionStatusSchema.parse({
      status: 'none',
      plan: 'free',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      complimentary: false,
      paused: { staff: [], services: [] },
    });
    expect(parsed.status).toBe('none');
  });
});
