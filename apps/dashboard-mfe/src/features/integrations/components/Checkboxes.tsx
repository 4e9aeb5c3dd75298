/** A group of checkboxes for a list of values (events, scopes), wrapping on narrow screens. */
export function Checkboxes<T extends string>({
  legend,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  options: readonly T[];
  value: readonly T[];
  onChange: (next: T[]) => void;
  error?: string;
}) {
  return (
    <fieldset className="integrations-checks">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option}>
          <input
            type="checkbox"
            checked={value.includes(option)}
            onChange={(e) =>
              onChange(e.target.checked ? [...value, option] : value.filter((v) => v !== option))
            }
          />
          <code>{option}</code>
        </label>
      ))}
      {error ? (
        <p className="integrations-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
