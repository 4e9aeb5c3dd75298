import { describe, expect, it } from 'vitest';
import { ApiError } from '@slotwise/api-client';
import { ErrorCode, SubscriptionMessages } from '@slotwise/contracts';
import { setupFailure } from './setup-failure';

const apiError = (status: number, code: ErrorCode | null, message: string) =>
  new ApiError({ message, status, code, serverMessage: message });

describe("the Subscribe page's set-up failures", () => {
  it('treats an owner already on Professional as no failure', () => {
    expect(
      setupFailure(
        apiError(409, ErrorCode.SUBSCRIPTION_CONFLICT, SubscriptionMessages.alreadySubscribed),
      ),
    ).toEqual({ kind: 'already-subscribed' });
  });

  it('shows the other subscription conflicts as a failed set-up, with their text on the page', () => {
    expect(
      setupFailure(
        apiError(409, ErrorCode.SUBSCRIPTION_CONFLICT, SubscriptionMessages.paymentOutstanding),
      ),
    ).toEqual({
      kind: 'failed',
      toast: SubscriptionMessages.initFailed,
      detail: SubscriptionMessages.paymentOutstanding,
    });
  });

  it('shows a server without payments configured as it says it', () => {
    for (const message of [SubscriptionMessages.notConfigured, SubscriptionMessages.noPriceId]) {
      expect(setupFailure(apiError(503, ErrorCode.PAYMENTS_NOT_CONFIGURED, message))).toEqual({
        kind: 'failed',
        toast: message,
        detail: message,
      });
    }
  });

  it('falls back to the set-up texts for anything else', () => {
    expect(setupFailure(new Error(SubscriptionMessages.noPriceId))).toMatchObject({
      toast: SubscriptionMessages.noPriceId,
    });
    expect(
      setupFailure(apiError(502, ErrorCode.PAYMENT_PROVIDER_ERROR, 'No such product ID: prod_x')),
    ).toMatchObject({ toast: SubscriptionMessages.invalidProduct });
    expect(setupFailure(apiError(500, ErrorCode.INTERNAL, 'Internal server error'))).toEqual({
      kind: 'failed',
      toast: SubscriptionMessages.initFailed,
      detail: 'Internal server error',
    });
    // A message that merely reads like the conflict is not taken for it without the code.
    expect(setupFailure(new Error(SubscriptionMessages.alreadySubscribed)).kind).toBe('failed');
  });
});
