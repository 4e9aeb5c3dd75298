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

export type InputFieldProps = FieldFrameProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby'>;

/** A labelled text input with its hint and error: `<InputField label="Email" {...form.bind('email')} />`. */
export function InputField({ label, error, hint, fieldClassName, ...input }: InputFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={fieldClassName}>
      {(control) => <Input {...control} {...input} />}
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
