import { fireEvent, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { toast } from '@slotwise/ui';

/** The toasts shown so far, as 'title: description' (or the title alone). */
export function toasts(): string[] {
  return vi
    .mocked(toast)
    .mock.calls.map(([t]) =>
      t.description === undefined ? t.title : `${t.title}: ${t.description}`,
    );
}

/** The open dialog (the only one, or the one named) and its controls. */
export function openDialog(name?: string) {
  const dialog = name ? screen.getByRole('dialog', { name }) : screen.getByRole('dialog');
  const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
  return {
    dialog,
    field,
    type: (label: string, value: string) => fireEvent.change(field(label), { target: { value } }),
    button: (label: string) =>
      within(dialog).getByRole('button', { name: label }) as HTMLButtonElement,
  };
}
