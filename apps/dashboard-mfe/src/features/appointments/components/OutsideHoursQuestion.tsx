import { useId } from 'react';
import { BOOKING_REFUSAL_TEXT } from '@slotwise/contracts';
import { Button } from '@slotwise/ui';
import type { DiaryRefusal } from '../diary';

/**
 * Why the API refused the time, every reason listed. Hours reasons only (outside the opening
 * hours, not on shift): the owner may confirm (the request goes again, confirmed). Anything else
 * (on leave, closed, the service not offered, another booking): only another time or person.
 */
export function OutsideHoursQuestion({
  action,
  refusal,
  busy,
  onConfirm,
  onCancel,
}: {
  action: 'book' | 'move';
  refusal: DiaryRefusal;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const verb = action === 'book' ? 'Book' : 'Move';
  const onlyOpeningHours = refusal.reasons.every((r) => r === 'outside_hours');
  return (
    <div className="dash-outside" role="group" aria-labelledby={id}>
      <div id={id} role="alert">
        <p className="dash-outside__text">
          {refusal.confirmable
            ? `This time is outside the ${onlyOpeningHours ? 'opening ' : ''}hours. ${verb} it anyway?`
            : `This time cannot be ${action === 'book' ? 'booked' : 'used'}:`}
        </p>
        <ul className="dash-outside__reasons">
          {refusal.reasons.map((r) => (
            <li key={r}>{BOOKING_REFUSAL_TEXT[r]}</li>
          ))}
        </ul>
      </div>
      <div className="dash-outside__actions sw-row sw-row--end">
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          autoFocus={!refusal.confirmable}
          onClick={onCancel}
        >
          Choose another time
        </Button>
        {refusal.confirmable && (
          <Button size="sm" autoFocus loading={busy} onClick={onConfirm}>
            {verb} anyway
          </Button>
        )}
      </div>
    </div>
  );
}
