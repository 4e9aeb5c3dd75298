// What the customer's cancel answer says about the money once Stripe has answered: never more
// than Stripe did (a refund 'on its way' only once Stripe accepted it, a fee 'charged' only once
// Stripe took it).
import {
  type CancellationOutcome,
  formatPrice,
  type PaymentRecordState,
} from '@slotwise/contracts';

/** The cancel answer after the deposit's refund was asked of Stripe: what Stripe said. */
export function refundResult(
  amount: number,
  state: PaymentRecordState | undefined,
): CancellationOutcome {
  const deposit = formatPrice(amount);
  if (state === 'succeeded' || state === 'pending') {
    return {
      outcome: 'refund',
      amount,
      message: `Stripe has accepted the refund of your ${deposit} deposit: it is on its way back to your card (banks take 5 to 10 business days to show it).`,
    };
  }
  return {
    outcome: 'refund_failed',
    amount,
    message: `We could not refund your ${deposit} deposit automatically, so nothing has been refunded yet. Please contact the business to get it back.`,
  };
}

/** The cancel answer's words on the late fee, from Stripe's answer to the charge. */
export function lateFeeResult(amount: number, state: PaymentRecordState | undefined): string {
  const fee = `${formatPrice(amount)} late-cancellation fee`;
  if (state === 'succeeded') return `A ${fee} was charged to your saved card.`;
  if (state === 'fee_failed') {
    return `Your bank needs your approval for the ${fee}: we have sent you a link to pay it.`;
  }
  if (state === 'pending') return `A ${fee} is being charged to your saved card.`;
  return `Your saved card could not be charged the ${fee}; the business may contact you about it.`;
}
