import { errorCode, isApiError } from '@slotwise/api-client';
import { ErrorCode, SubscriptionMessages, paymentSetupErrorMessage } from '@slotwise/contracts';

export type SetupFailure =
  /** Already on Professional (a paid or complimentary plan): nothing to pay, and no error. */
  | { kind: 'already-subscribed' }
  /** 'Unable to Process Payment': `toast` under 'Configuration Error', `detail` on the page. */
  | { kind: 'failed'; toast: string; detail: string };

/** What the Subscribe page shows when its set-up (configuration, then subscription) fails. */
export function setupFailure(error: Error): SetupFailure {
  let toast: string;
  switch (errorCode(error)) {
    case ErrorCode.SUBSCRIPTION_CONFLICT:
      // One code for every refused change; only 'already on Professional' is no failure at all.
      if (isApiError(error) && error.serverMessage === SubscriptionMessages.alreadySubscribed) {
        return { kind: 'already-subscribed' };
      }
      toast = paymentSetupErrorMessage(error.message);
      break;
    case ErrorCode.PAYMENTS_NOT_CONFIGURED:
      // 'Configuration error: …' or 'No price ID configured', shown as the server says them.
      toast = error.message || SubscriptionMessages.initFailed;
      break;
    default:
      toast = paymentSetupErrorMessage(error.message);
  }
  return { kind: 'failed', toast, detail: error.message || toast };
}
