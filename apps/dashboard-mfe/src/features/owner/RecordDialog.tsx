import { type FormEvent, type ReactNode } from 'react';
import { Button, Dialog } from '@slotwise/ui';

/** The add / edit dialog of a list card: its form, with Cancel and the save button below. */
export function RecordDialog({
  noun,
  editing,
  description,
  open,
  onOpenChange,
  saving,
  onSubmit,
  children,
}: {
  /** What the record is called in the title and buttons: 'Add Service', 'Edit Service'. */
  noun: string;
  /** Editing a record (else adding one). */
  editing: boolean;
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  saving: boolean;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const formId = `${noun.toLowerCase()}-form`;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? `Edit ${noun}` : `Add ${noun}`}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {editing ? 'Save Changes' : `Add ${noun}`}
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
