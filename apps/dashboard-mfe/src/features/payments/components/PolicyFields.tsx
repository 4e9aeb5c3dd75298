import { type PaymentPolicyKind, formatPrice, paymentPolicySummary } from '@slotwise/contracts';
import { Field, Input } from '@slotwise/ui';
import { SelectField } from '../../owner';
import {
  type AmountDraft,
  type PolicyDraft,
  type PolicyIssues,
  draftPolicy,
} from '../policy-draft';

const KINDS: readonly { value: PaymentPolicyKind; label: string; hint: string }[] = [
  { value: 'none', label: 'No protection', hint: 'Clients book without paying anything.' },
  { value: 'deposit', label: 'Deposit', hint: 'Taken when booking; kept for a late cancellation.' },
  {
    value: 'card_on_file',
    label: 'Card on file',
    hint: 'Saved when booking; charged only for a late cancellation or a no-show.',
  },
];

const AMOUNT_TYPES = [
  { value: 'percent', label: '% of the price' },
  { value: 'flat', label: 'Dollar amount' },
] as const;
const FEE_TYPES = [{ value: 'none', label: 'No fee' }, ...AMOUNT_TYPES] as const;

function AmountFields({
  id,
  label,
  amount,
  allowNone,
  error,
  onChange,
}: {
  id: string;
  label: string;
  amount: AmountDraft;
  allowNone: boolean;
  error: string | undefined;
  onChange: (amount: AmountDraft) => void;
}) {
  return (
    <div className="pay-amount">
      <SelectField
        id={`${id}-type`}
        label={label}
        value={amount.type}
        choices={allowNone ? FEE_TYPES : AMOUNT_TYPES}
        onChange={(type) => onChange({ type: type as AmountDraft['type'], value: '' })}
      />
      {amount.type !== 'none' && (
        <Field
          id={`${id}-value`}
          label={amount.type === 'flat' ? `${label} ($)` : `${label} (%)`}
          error={error}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              value={amount.value}
              placeholder={amount.type === 'flat' ? 'e.g. 20.00' : 'e.g. 50'}
              onChange={(e) => onChange({ ...amount, value: e.target.value })}
            />
          )}
        </Field>
      )}
    </div>
  );
}

/** The fields of one policy (the business's or a service's own). */
export function PolicyFields({
  id,
  draft,
  issues,
  examplePrice,
  onChange,
}: {
  id: string;
  draft: PolicyDraft;
  issues: PolicyIssues;
  /** A price to show the client's wording for (a service's, or the first service's). */
  examplePrice: number | null;
  onChange: (draft: PolicyDraft) => void;
}) {
  const set = <K extends keyof PolicyDraft>(key: K, value: PolicyDraft[K]) =>
    onChange({ ...draft, [key]: value });
  const checked = draftPolicy(draft);
  const preview =
    checked.ok && examplePrice !== null ? paymentPolicySummary(checked.policy, examplePrice) : null;
  return (
    <div className="sw-stack">
      <fieldset className="dash-fieldset pay-kinds">
        <legend>What clients are asked for</legend>
        {KINDS.map((k) => (
          <label key={k.value} className="pay-kind">
            <input
              type="radio"
              name={`${id}-kind`}
              value={k.value}
              checked={draft.kind === k.value}
              onChange={() => set('kind', k.value)}
            />
            <span>
              <strong>{k.label}</strong>
              <span className="dash-muted"> — {k.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {draft.kind !== 'none' && (
        <div className="pay-grid">
          {draft.kind === 'deposit' && (
            <AmountFields
              id={`${id}-deposit`}
              label="Deposit"
              amount={draft.deposit}
              allowNone={false}
              error={issues.deposit}
              onChange={(a) => set('deposit', a)}
            />
          )}
          <Field
            id={`${id}-hours`}
            label="Free cancellation notice (hours)"
            error={issues.freeCancellationHours}
            hint="Cancelling at least this long before is free."
          >
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                value={draft.freeCancellationHours}
                onChange={(e) => set('freeCancellationHours', e.target.value)}
              />
            )}
          </Field>
          {draft.kind === 'card_on_file' && (
            <>
              <AmountFields
                id={`${id}-late`}
                label="Late cancellation fee"
                amount={draft.lateCancellationFee}
                allowNone
                error={issues.lateCancellationFee}
                onChange={(a) => set('lateCancellationFee', a)}
              />
              <AmountFields
                id={`${id}-noshow`}
                label="No-show fee"
                amount={draft.noShowFee}
                allowNone
                error={issues.noShowFee}
                onChange={(a) => set('noShowFee', a)}
              />
            </>
          )}
          <label className="pay-check">
            <input
              type="checkbox"
              checked={draft.newClientsOnly}
              onChange={(e) => set('newClientsOnly', e.target.checked)}
            />
            New clients only
          </label>
        </div>
      )}
      {preview && examplePrice !== null && (
        <p className="pay-preview" data-testid={`${id}-preview`}>
          <span className="dash-muted">
            Clients see, for a {formatPrice(examplePrice)} service:{' '}
          </span>
          {preview}
        </p>
      )}
    </div>
  );
}
