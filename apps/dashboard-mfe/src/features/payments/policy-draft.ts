import {
  type PaymentAmount,
  type PaymentPolicy,
  type PaymentPolicyKind,
  PaymentPolicySchema,
} from '@slotwise/contracts';

/** An amount as typed: none, dollars ('20.00') or a percentage ('50'). */
export interface AmountDraft {
  type: 'none' | 'flat' | 'percent';
  value: string;
}

/** The policy editor's fields, as strings while typed. */
export interface PolicyDraft {
  kind: PaymentPolicyKind;
  deposit: AmountDraft;
  freeCancellationHours: string;
  lateCancellationFee: AmountDraft;
  noShowFee: AmountDraft;
  newClientsOnly: boolean;
}

const NONE: AmountDraft = { type: 'none', value: '' };

function amountDraft(amount: PaymentAmount | null): AmountDraft {
  if (!amount) return NONE;
  return amount.type === 'flat'
    ? { type: 'flat', value: (amount.cents / 100).toFixed(2) }
    : { type: 'percent', value: String(amount.percent) };
}

export function policyDraft(policy: PaymentPolicy): PolicyDraft {
  return {
    kind: policy.kind,
    deposit: policy.kind === 'deposit' ? amountDraft(policy.deposit) : { ...NONE, type: 'percent' },
    freeCancellationHours: String(policy.freeCancellationHours),
    lateCancellationFee: amountDraft(policy.lateCancellationFee),
    noShowFee: amountDraft(policy.noShowFee),
    newClientsOnly: policy.newClientsOnly,
  };
}

/** Dollars typed as '20', '20.5' or '$20.00' → cents; NaN when it is not an amount. */
export function dollarsToCents(text: string): number {
  const clean = text.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return NaN;
  return Math.round(Number(clean) * 100);
}

function amountOf(draft: AmountDraft): PaymentAmount | null | undefined {
  if (draft.type === 'none') return null;
  if (draft.type === 'flat') return { type: 'flat', cents: dollarsToCents(draft.value) };
  const percent = draft.value.trim() === '' ? NaN : Number(draft.value.trim().replace(/%$/, ''));
  return { type: 'percent', percent };
}

export type PolicyIssues = Partial<
  Record<'deposit' | 'freeCancellationHours' | 'lateCancellationFee' | 'noShowFee', string>
>;

/**
 * The policy the draft describes, checked with the API's own schema; the fields that do not fit
 * a deposit (fees) or card on file (deposit) are dropped rather than refused.
 */
export function draftPolicy(
  draft: PolicyDraft,
): { ok: true; policy: PaymentPolicy } | { ok: false; issues: PolicyIssues } {
  const candidate = {
    kind: draft.kind,
    deposit: draft.kind === 'deposit' ? (amountOf(draft.deposit) ?? null) : null,
    freeCancellationHours:
      draft.freeCancellationHours.trim() === '' ? NaN : Number(draft.freeCancellationHours),
    lateCancellationFee:
      draft.kind === 'card_on_file' ? (amountOf(draft.lateCancellationFee) ?? null) : null,
    noShowFee: draft.kind === 'card_on_file' ? (amountOf(draft.noShowFee) ?? null) : null,
    newClientsOnly: draft.newClientsOnly,
  };
  const parsed = PaymentPolicySchema.safeParse(candidate);
  if (parsed.success) return { ok: true, policy: parsed.data };
  const issues: PolicyIssues = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof PolicyIssues | undefined;
    if (!field || issues[field]) continue;
    issues[field] = amountMessage(field, issue.message);
  }
  return { ok: false, issues };
}

/** The schema speaks of `cents` and `percent`; the owner typed dollars or a percentage. */
function amountMessage(field: keyof PolicyIssues, message: string): string {
  if (field === 'freeCancellationHours') return 'Enter whole hours from 0 to 168.';
  if (/cents/.test(message)) return 'Enter an amount in dollars, e.g. 20 or 20.50.';
  if (/percent/.test(message)) return 'Enter a percentage above 0 and up to 100.';
  return message;
}
