import { Label, cx } from '@slotwise/ui';

export interface Choice {
  value: string;
  label: string;
}

/**
 * A labelled select. `errorId` names an error text shown elsewhere (a row's), `error` shows one
 * under the select; either marks it invalid. A value missing from the choices (saved through the
 * API with other tools) is offered too, so the select never shows something else than is saved.
 */
export function SelectField({
  id,
  label,
  hideLabel = false,
  value,
  choices,
  error,
  errorId,
  hint,
  disabled,
  className,
  onChange,
}: {
  id: string;
  label: string;
  /** The label is read out but not shown (a row under another row's labels). */
  hideLabel?: boolean;
  value: string;
  choices: readonly Choice[];
  error?: string | null;
  errorId?: string;
  hint?: string;
  disabled?: boolean;
  className?: string;
  onChange: (value: string) => void;
}) {
  const ownErrorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, errorId ?? ownErrorId].filter(Boolean).join(' ') || undefined;
  const options = choices.some((c) => c.value === value)
    ? choices
    : [{ value, label: value }, ...choices];
  return (
    <div className={cx('sw-field', className)}>
      <Label htmlFor={id} className={hideLabel ? 'sw-visually-hidden' : undefined}>
        {label}
      </Label>
      <select
        id={id}
        className="sw-select"
        value={value}
        disabled={disabled}
        aria-invalid={error || errorId ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={hintId} className="sw-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={ownErrorId} className="sw-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
