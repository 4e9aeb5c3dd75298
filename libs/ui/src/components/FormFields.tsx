import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { Field, Input, Textarea } from './Field';

interface FieldFrameProps {
  label: ReactNode;
  /** Shown under the control, which is marked invalid. */
  error?: string | null;
  hint?: ReactNode;
  /** Class of the field's wrapper (the control takes `className`). */
  fieldClassName?: string;
}

/**
 * What an email, phone or web-address input always says: its type, the phone keyboard to show,
 * and for a web address the 'https://' hint.
 */
const INPUT_KINDS = {
  email: { type: 'email', inputMode: 'email' },
  tel: { type: 'tel', inputMode: 'tel' },
  url: { type: 'url', inputMode: 'url', placeholder: 'https://' },
} as const;

export type InputFieldProps = FieldFrameProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby'> & {
    /** An email, phone or web-address input (props given as well win over the kind's). */
    kind?: keyof typeof INPUT_KINDS;
  };

/** A labelled text input with its hint and error: `<InputField label="Email" {...form.field('email')} />`. */
export function InputField({
  label,
  error,
  hint,
  fieldClassName,
  kind,
  ...input
}: InputFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={fieldClassName}>
      {(control) => <Input {...control} {...(kind && INPUT_KINDS[kind])} {...input} />}
    </Field>
  );
}

export type TextareaFieldProps = FieldFrameProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'aria-invalid' | 'aria-describedby'>;

/** A labelled textarea with its hint and error. */
export function TextareaField({
  label,
  error,
  hint,
  fieldClassName,
  ...textarea
}: TextareaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={fieldClassName}>
      {(control) => <Textarea {...control} {...textarea} />}
    </Field>
  );
}
