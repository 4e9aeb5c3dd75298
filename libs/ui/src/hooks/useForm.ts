import {
  type ChangeEvent,
  type FormEvent,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { type FieldErrors, validate } from '@slotwise/contracts';

/** The slice of a zod schema a form needs (so a form pulls in no zod of its own). */
type FormSchema<T> = Parameters<typeof validate<string, T>>[0];

export type FormValues = Record<string, string | boolean | number | readonly unknown[] | null>;

export interface UseFormOptions<V extends FormValues> {
  /** Controlled mode: the values live elsewhere (a store that outlives the form). */
  values?: V;
  onValueChange?: <K extends keyof V & string>(field: K, value: V[K]) => void;
}

export interface FormBinding<V extends FormValues, K extends keyof V & string> {
  name: K;
  value: V[K];
  onChange: (
    event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
  ) => void;
}

/** A binding plus the field's error: the props of an InputField or TextareaField. */
export type FieldBinding<V extends FormValues, K extends keyof V & string> = FormBinding<V, K> & {
  error: string | undefined;
};

export interface UseForm<V extends FormValues, Out> {
  values: V;
  errors: FieldErrors<keyof V & string>;
  /** Sets one value and clears that field's error (the owner is fixing it). */
  set: <K extends keyof V & string>(field: K, value: V[K]) => void;
  /** `value`, `name` and `onChange` for a text input, textarea or select bound to a field. */
  bind: <K extends keyof V & string>(field: K) => FormBinding<V, K>;
  /** `bind` plus the field's error, for a labelled field: `<InputField {...form.field('email')} />`. */
  field: <K extends keyof V & string>(field: K) => FieldBinding<V, K>;
  /** Replaces every value (and clears the errors), e.g. when a dialog opens on another record. */
  reset: (values: V) => void;
  /** Errors set by the caller, e.g. from the server's `issues` or a rule the schema lacks. */
  setErrors: (errors: FieldErrors<keyof V & string>) => void;
  /**
   * Runs the schema on the values: the parsed data, or null with each field's first message
   * shown. `extra` adds rules the schema does not know; its messages win for the same field.
   */
  check: (extra?: (values: V) => FieldErrors<keyof V & string>) => Out | null;
  /** A form's onSubmit: prevents the page reload, checks, and calls `submit` with valid data. */
  handleSubmit: (
    submit: (data: Out) => void | Promise<void>,
    extra?: (values: V) => FieldErrors<keyof V & string>,
  ) => (event: FormEvent) => void;
}

/**
 * One form's values and per-field errors, checked with a schema from the contracts, so a form
 * shows the same texts the API would answer. Values are strings (inputs), booleans (switches) or
 * lists (multi-choice); the schema turns them into what the API takes.
 */
export function useForm<V extends FormValues, Out>(
  schema: FormSchema<Out>,
  initial: V | (() => V),
  options: UseFormOptions<V> = {},
): UseForm<V, Out> {
  const [own, setOwn] = useState<V>(initial);
  const [errors, setErrorsState] = useState<FieldErrors<keyof V & string>>({});
  const values = options.values ?? own;
  // Handlers read the newest values and options without being recreated on every keystroke.
  const latest = useRef({ values, options });
  useLayoutEffect(() => {
    latest.current = { values, options };
  });

  const set = useCallback(<K extends keyof V & string>(field: K, value: V[K]) => {
    const { onValueChange } = latest.current.options;
    if (onValueChange) onValueChange(field, value);
    else setOwn((v) => ({ ...v, [field]: value }));
    setErrorsState((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }, []);

  const bind = <K extends keyof V & string>(field: K): FormBinding<V, K> => ({
    name: field,
    value: values[field],
    onChange: (event) => set(field, event.target.value as V[K]),
  });

  const field = <K extends keyof V & string>(name: K): FieldBinding<V, K> => ({
    ...bind(name),
    error: errors[name],
  });

  const reset = useCallback((next: V) => {
    setOwn(next);
    setErrorsState({});
  }, []);

  const check = useCallback(
    (extra?: (values: V) => FieldErrors<keyof V & string>): Out | null => {
      const current = latest.current.values;
      const parsed = validate(schema, current);
      // Only the extra rules' actual messages win: a rule that passes (undefined) for a field must
      // not hide the schema's message for it.
      const more = Object.entries(extra?.(current) ?? {}).filter(([, message]) => message);
      const found = {
        ...(parsed.errors ?? {}),
        ...Object.fromEntries(more),
      } as FieldErrors<keyof V & string>;
      const failed = Object.values(found).some(Boolean);
      setErrorsState(failed ? found : {});
      return failed || !parsed.data ? null : parsed.data;
    },
    [schema],
  );

  const handleSubmit =
    (
      submit: (data: Out) => void | Promise<void>,
      extra?: (values: V) => FieldErrors<keyof V & string>,
    ) =>
    (event: FormEvent) => {
      event.preventDefault();
      const data = check(extra);
      if (data !== null) void submit(data);
    };

  return {
    values,
    errors,
    set,
    bind,
    field,
    reset,
    setErrors: setErrorsState,
    check,
    handleSubmit,
  };
}
