import {
  cardLabel,
  type PaymentAmount,
  type PaymentRecord,
  type PaymentRecordKind,
  type PaymentRecordState,
  formatPrice,
} from '@slotwise/contracts';
import { type BadgeVariant } from '@slotwise/ui';

export const KIND_LABELS: Record<PaymentRecordKind, string> = {
  deposit: 'Deposit',
  card_saved: 'Card saved',
  late_cancellation_fee: 'Late cancellation fee',
  no_show_fee: 'No-show fee',
  refund: 'Refund',
};

/** Stripe's state in the owner's words; only 'succeeded' (Stripe said so) reads as paid. */
export const STATE_LABELS: Record<PaymentRecordState, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Waiting for Stripe', variant: 'warning' },
  succeeded: { label: 'Succeeded', variant: 'success' },
  fee_failed: { label: 'Fee failed', variant: 'danger' },
  failed: { label: 'Failed', variant: 'danger' },
  canceled: { label: 'Cancelled', variant: 'neutral' },
  refunded: { label: 'Refunded', variant: 'info' },
  disputed: { label: 'Disputed', variant: 'danger' },
};

/** 'Visa •••• 4242' once Stripe described the card, else null. */
export function recordCard(record: PaymentRecord): string | null {
  return record.card ? cardLabel(record.card) : null;
}

/** '$20.00', '−$20.00' for a refund; a saved card shows the card when Stripe named it. */
export function recordAmount(record: PaymentRecord): string {
  if (record.kind === 'card_saved') return recordCard(record) ?? '';
  const amount = formatPrice(record.amount);
  return record.kind === 'refund' ? `−${amount}` : amount;
}

/** Why a deposit Stripe took stays with the business (from the booking), or null. */
export function keptNote(record: PaymentRecord): string | null {
  if (record.kept === 'late_cancellation') return 'Kept — cancelled late';
  if (record.kept === 'no_show') return 'Kept — no-show';
  return null;
}

/** What a failed fee means for the owner, beside Stripe's message. */
export function recordNote(record: PaymentRecord): string | null {
  if (record.state === 'fee_failed') {
    return 'The card needs the client to approve the charge: a pay link was sent to them.';
  }
  return record.failureMessage;
}

/** '$20.00' or '50%'. */
export function amountText(amount: PaymentAmount | null): string {
  if (!amount) return 'None';
  return amount.type === 'flat' ? formatPrice(amount.cents) : `${amount.percent}%`;
}

/** Stripe's requirement names ('individual.verification.document') in plain words. */
export function requirementText(requirement: string): string {
  const known: Record<string, string> = {
    external_account: 'Bank account for payouts',
    'business_profile.url': 'Business website',
    'business_profile.mcc': 'Business category',
    'tos_acceptance.date': "Accept Stripe's terms",
    'tos_acceptance.ip': "Accept Stripe's terms",
    'individual.verification.document': 'Identity document',
    'individual.dob.day': 'Date of birth',
    'individual.dob.month': 'Date of birth',
    'individual.dob.year': 'Date of birth',
    'individual.address.line1': 'Home address',
    'individual.phone': 'Phone number',
    'individual.email': 'Email address',
    'individual.first_name': 'Legal name',
    'individual.last_name': 'Legal name',
    business_type: 'Business type',
  };
  return (
    known[requirement] ??
    requirement
      .split('.')
      .pop()!
      .replace(/_/g, ' ')
      .replace(/^./, (c) => c.toUpperCase())
  );
}

/** Each requirement once, in plain words. */
export function requirementList(requirements: readonly string[]): string[] {
  return [...new Set(requirements.map(requirementText))];
}
