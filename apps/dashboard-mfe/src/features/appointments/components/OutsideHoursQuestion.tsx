import { useId } from 'react';
import { Button } from '@slotwise/ui';

/**
 * The question the API's OUTSIDE_HOURS answer asks: the owner confirms (the request goes again,
 * confirmed) or goes back to choose another time.
 */
export function OutsideHoursQuestion({
  action,
  busy,
  onConfirm,
  onCancel,
}: {
  action: 'book' | 'move';
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  return (
    <div className="dash-outside" role="group" aria-labelledby={id}>
      <p id={id} className="dash-outside__text" role="alert">
        This time is outside the opening hours. {action === 'book' ? 'Book' : 'Move'} it anyway?
      </p>
      <div className="dash-outside__actions sw-row sw-row--end">
        <Button variant="secondary" size="sm" disabled={busy} onClick={onCancel}>
          Choose another time
        </Button>
        <Button size="sm" autoFocus loading={busy} onClick={onConfirm}>
          {action === 'book' ? 'Book anyway' : 'Move anyway'}
        </Button>
      </div>
    </div>
  );
}
