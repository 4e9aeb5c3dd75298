import { type HTMLAttributes, type ReactNode, useState } from 'react';
import { isApiError } from '@slotwise/api-client';
import { PASSWORD_MIN_LENGTH } from '@slotwise/contracts';
import { Alert, Button, Field, Input, toast, useForm } from '@slotwise/ui';

export interface FieldSpec<K extends string> {
  name: K;
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  hint?: ReactNode;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
}

/** What a link to /forgot-password may carry: the address typed so far, to start from. */
export interface ForgotPasswordState {
  email?: string;
}

export const EMAIL: FieldSpec<'email'> = {
  name: 'email',
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
  inputMode: 'email',
  placeholder: 'you@business.com.au',
};

/**
 * Choosing a password, typed twice: 'Password' (registering) or 'New Password' (a reset). The
 * hint quotes the rule's own number, so the hint and the check never disagree.
 */
export function newPasswordFields(label: string): FieldSpec<'password' | 'confirmPassword'>[] {
  return [
    {
      name: 'password',
      label,
      type: 'password',
      autoComplete: 'new-password',
      hint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
    },
    {
      name: 'confirmPassword',
      label: 'Confirm Password',
      type: 'password',
      autoComplete: 'new-password',
    },
  ];
}

interface AuthFormProps<K extends string, Out> {
  /** The form's accessible name. */
  label: string;
  schema: Parameters<typeof useForm<Record<K, string>, Out>>[0];
  fields: readonly FieldSpec<K>[];
  /** Values to start from (empty otherwise). */
  initial?: Partial<Record<K, string>>;
  /** Shown under the fields, above the button (e.g. the "Forgot password?" link). */
  footer?: (values: Record<K, string>) => ReactNode;
  submitText: string;
  busyText: string;
  /** The toast title and the text shown when the server gives no message of its own. */
  failure: { title: string; fallback: string };
  /** Calls the API with the checked values; throws when refused. */
  onSubmit: (data: Out) => Promise<void>;
}

/**
 * The forms of the sign-in pages (sign in, register, forgot and reset password): checked with the
 * contracts' schema, one request, the server's refusal in an alert and a toast.
 */
export function AuthForm<K extends string, Out>({
  label,
  schema,
  fields,
  initial,
  footer,
  submitText,
  busyText,
  failure,
  onSubmit,
}: AuthFormProps<K, Out>) {
  const form = useForm(
    schema,
    () =>
      Object.fromEntries(fields.map((f) => [f.name, initial?.[f.name] ?? ''])) as Record<K, string>,
  );
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = form.handleSubmit(async (data) => {
    setMessage(null);
    setBusy(true);
    try {
      // Success moves on (another page, tab or view), so the button stays busy until then.
      await onSubmit(data);
    } catch (error) {
      const text = (isApiError(error) ? error.serverMessage : null) ?? failure.fallback;
      setMessage(text);
      toast({ title: failure.title, description: text, variant: 'destructive' });
      setBusy(false);
    }
  });

  return (
    <form className="sw-stack" noValidate onSubmit={submit} aria-label={label}>
      {message && <Alert variant="danger">{message}</Alert>}
      {fields.map(({ name, label: fieldLabel, hint, ...input }) => (
        <Field key={name} label={fieldLabel} error={form.errors[name]} hint={hint}>
          {(control) => <Input {...control} {...input} {...form.bind(name)} />}
        </Field>
      ))}
      {footer?.(form.values)}
      <Button type="submit" block loading={busy}>
        {busy ? busyText : submitText}
      </Button>
    </form>
  );
}
