import { type FormEvent, type ReactNode } from 'react';
import { type FieldErrors } from '@slotwise/contracts';
import { Button, Dialog, type FormValues, toast, type UseForm } from '@slotwise/ui';

/** What the list card's editor (useRecordEditor) tells its add / edit dialog. */
export interface RecordDialogControl<Values> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  saving: boolean;
  onSave: (values: Values) => void;
}

/**
 * A record form's onSubmit: the form's check with its required-field rule (and `rules`, further
 * per-field checks), then `save` with the checked data. Only a missing required field also shows
 * the `missing` toast; other refusals (a duration off the 15-minute steps, a name too long for the
 * API) are left to the messages under the fields.
 */
export function submitRecord<V extends FormValues, Out>(
  form: Pick<UseForm<V, Out>, 'check' | 'values'>,
  required: (values: V) => FieldErrors<keyof V & string>,
  missing: { title: string; description: string },
  save: (data: Out) => void,
  rules?: (values: V) => FieldErrors<keyof V & string>,
) {
  const errors = (values: V): FieldErrors<keyof V & string> => {
    const needed = required(values);
    const ruled: FieldErrors<keyof V & string> = rules?.(values) ?? {};
    const fields = new Set([...Object.keys(ruled), ...Object.keys(needed)]) as Set<
      keyof V & string
    >;
    return Object.fromEntries([...fields].map((f) => [f, needed[f] ?? ruled[f]])) as FieldErrors<
      keyof V & string
    >;
  };
  return (event: FormEvent) => {
    event.preventDefault();
    const data = form.check(errors);
    if (data !== null) save(data);
    else if (Object.values(required(form.values)).some(Boolean)) {
      toast({ ...missing, variant: 'destructive' });
    }
  };
}

/**
 * A dialog around one form: Cancel and the form's submit button below it (the button submits the
 * form from outside it, so Enter in a field and the button do the same).
 */
export function FormDialog({
  formId,
  submitLabel,
  busy,
  onSubmit,
  children,
  ...dialog
}: {
  formId: string;
  title: string;
  description: string;
  size?: 'sm' | 'md';
  submitLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      {...dialog}
      footer={
        <>
          <Button variant="secondary" onClick={() => dialog.onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="sw-stack" noValidate onSubmit={onSubmit}>
        {children}
      </form>
    </Dialog>
  );
}

/** The add / edit dialog of a list card: its form, with Cancel and the save button below. */
export function RecordDialog({
  noun,
  editing,
  saving,
  ...form
}: Omit<RecordDialogControl<never>, 'onSave'> & {
  /** What the record is called in the title and buttons: 'Add Service', 'Edit Service'. */
  noun: string;
  /** Editing a record (else adding one). */
  editing: boolean;
  description: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <FormDialog
      {...form}
      formId={`${noun.toLowerCase()}-form`}
      title={editing ? `Edit ${noun}` : `Add ${noun}`}
      submitLabel={editing ? 'Save Changes' : `Add ${noun}`}
      busy={saving}
    />
  );
}
