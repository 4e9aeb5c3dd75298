import { Button } from '@slotwise/ui';

/**
 * A form's save button on its own row at the end: it submits the form (or calls `onClick`) and
 * says `busyText` while the save is under way.
 */
export function SaveRow({
  label,
  busy,
  busyText = 'Saving…',
  onClick,
  disabled,
}: {
  label: string;
  busy: boolean;
  busyText?: string;
  onClick?: () => void;
  disabled?: boolean;
}) {
  return (
    <div className="dash-actions sw-row sw-row--end">
      <Button
        type={onClick ? 'button' : 'submit'}
        onClick={onClick}
        loading={busy}
        disabled={disabled}
      >
        {busy ? busyText : label}
      </Button>
    </div>
  );
}
