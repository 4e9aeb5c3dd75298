import * as RadixDialog from '@radix-ui/react-dialog';
import { type ReactNode } from 'react';
import { cx } from '../cx';
import { Button } from '../components/Button';
import { CloseIcon } from '../components/icons';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read out with the title; keep it short. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom (Cancel / Save). */
  footer?: ReactNode;
  size?: 'sm' | 'md';
  className?: string;
}

/** A modal dialog (Radix: focus trap, Escape, return focus, aria wiring) in the product's look. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  className,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="sw-dialog__overlay" />
        <RadixDialog.Content
          className={cx('sw-dialog', `sw-dialog--${size}`, className)}
          // Without a description Radix warns unless aria-describedby is set explicitly.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="sw-dialog__header">
            <RadixDialog.Title className="sw-dialog__title">{title}</RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="sw-dialog__description">
                {description}
              </RadixDialog.Description>
            )}
          </div>
          {children && <div className="sw-dialog__body">{children}</div>}
          {footer && <div className="sw-dialog__footer">{footer}</div>}
          <RadixDialog.Close asChild>
            <button type="button" className="sw-close-button sw-dialog__close" aria-label="Close">
              <CloseIcon />
            </button>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  onConfirm: () => void;
  /** Disables the buttons and shows a spinner on the confirm button. */
  busy?: boolean;
}

/** A destructive yes/no question (delete a service, remove a staff member). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel = 'Delete',
  onConfirm,
  busy = false,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={title}
      description={message}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
