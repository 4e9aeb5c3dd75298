import { useState } from 'react';
import { isApiError } from '@slotwise/api-client';
import { toast } from '@slotwise/ui';
import { type RecordChange } from './api';
import { type RecordDialogControl } from './RecordDialog';

interface ToastText {
  title: string;
  description: string;
}

/** What a list card says after each change, and the fallback texts of its failures. */
export interface RecordTexts {
  added: ToastText;
  updated: ToastText;
  deleted: ToastText;
  addFailed: string;
  updateFailed: string;
  deleteFailed: string;
}

/** The slice of a record mutation (useRecordMutation) the editor drives. */
interface RecordMutation<Values> {
  mutate: (
    change: RecordChange<Values & { businessId: number }, Values>,
    options: { onSuccess: () => void; onError: (error: Error) => void },
  ) => void;
  isPending: boolean;
}

/** A failed change: the server's message when it gave one (a plan's limit, say), else ours. */
function failure(fallback: string, error: unknown) {
  toast({
    title: 'Error',
    description: (isApiError(error) ? error.serverMessage : null) ?? fallback,
    variant: 'destructive',
  });
}

/**
 * The add / edit / delete flow of a list card (services, staff): which record the dialog edits,
 * which one the delete question is about, the saves and their toasts.
 */
export function useRecordEditor<T extends { id: number }, Values>(
  mutation: RecordMutation<Values>,
  businessId: number,
  texts: RecordTexts,
) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  // A fresh form every time the dialog opens.
  const [dialogKey, setDialogKey] = useState(0);

  const edit = (target: T | 'new') => {
    setDialogKey((k) => k + 1);
    setEditing(target);
  };

  const save = (values: Values) => {
    const saved = (text: ToastText) => () => {
      toast({ ...text, variant: 'success' });
      setEditing(null);
    };
    if (editing === 'new') {
      mutation.mutate(
        { kind: 'create', body: { ...values, businessId } },
        { onSuccess: saved(texts.added), onError: (e) => failure(texts.addFailed, e) },
      );
    } else if (editing) {
      mutation.mutate(
        { kind: 'update', id: editing.id, body: values },
        { onSuccess: saved(texts.updated), onError: (e) => failure(texts.updateFailed, e) },
      );
    }
  };

  const confirmDelete = () => {
    if (!deleting) return;
    mutation.mutate(
      { kind: 'delete', id: deleting.id },
      {
        onSuccess: () => {
          toast({ ...texts.deleted, variant: 'success' });
          setDeleting(null);
        },
        onError: (e) => failure(texts.deleteFailed, e),
      },
    );
  };

  return {
    /** The record in the dialog: null when it is closed, 'new' when adding. */
    editing,
    deleting,
    edit,
    askDelete: setDeleting,
    /** The dialog's key: a new one each time it opens, so its form starts afresh. */
    dialogKey,
    /** Props of the add/edit dialog. */
    dialog: {
      open: editing !== null,
      onOpenChange: (open: boolean) => !open && !mutation.isPending && setEditing(null),
      saving: mutation.isPending,
      onSave: save,
    } satisfies RecordDialogControl<Values>,
    /** Props of the delete question (ConfirmDialog). */
    confirm: {
      open: deleting !== null,
      onOpenChange: (open: boolean) => !open && setDeleting(null),
      onConfirm: confirmDelete,
      busy: mutation.isPending,
    },
  };
}
