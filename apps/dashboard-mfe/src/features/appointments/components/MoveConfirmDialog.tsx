import { useId, useState } from 'react';
import { type OwnerAppointment } from '@slotwise/contracts';
import { Alert, Button, Dialog, Input, Label } from '@slotwise/ui';
import { type MoveTarget, clockOf, minutesOf, moveQuestion, slotInstant, startOf } from '../diary';
import { useMoveFlow } from '../useMoveFlow';
import { OutsideHoursQuestion } from './OutsideHoursQuestion';
import '../appointments.css';

/**
 * The short question after a drag or a keyboard move: 'Move Jack Smith to Tue 5 Jan, 10:30 AM
 * with Mia Rossi?' with the 'Text the client' tick. A drop on a day of the Week view (which has
 * no time rows) also offers the time.
 */
export function MoveConfirmDialog({
  appointment,
  target: dropped,
  businessId,
  timeZone,
  editableTime = false,
  onClose,
}: {
  appointment: OwnerAppointment;
  target: MoveTarget;
  businessId: number;
  timeZone: string;
  editableTime?: boolean;
  onClose: () => void;
}) {
  const flow = useMoveFlow(businessId, timeZone, onClose);
  const [notify, setNotify] = useState(true);
  const place = startOf({ ...appointment, date: dropped.date }, timeZone);
  const [time, setTime] = useState(clockOf(place.minutes));
  const timeId = useId();
  const minutes = minutesOf(time);
  const target: MoveTarget =
    editableTime && minutes !== null
      ? { ...dropped, date: slotInstant(place.day, minutes, timeZone) }
      : dropped;
  const timeError = flow.errors.time ?? (minutes === null ? 'Enter a time' : undefined);
  const otherError = flow.errors.form ?? flow.errors.staffId;

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !flow.busy && onClose()}
      size="sm"
      title="Move appointment"
      description={moveQuestion(appointment, target, timeZone)}
      footer={
        !flow.askOutside && (
          <>
            <Button variant="secondary" disabled={flow.busy} onClick={onClose}>
              Cancel
            </Button>
            <Button
              autoFocus
              loading={flow.busy}
              disabled={minutes === null}
              onClick={() => flow.send(appointment, target, notify)}
            >
              Move
            </Button>
          </>
        )
      }
    >
      <div className="sw-stack">
        {editableTime && (
          <div className="sw-field">
            <Label htmlFor={timeId}>Time</Label>
            <Input
              id={timeId}
              type="time"
              step={300}
              value={time}
              aria-invalid={timeError ? true : undefined}
              aria-describedby={timeError ? `${timeId}-error` : undefined}
              onChange={(e) => {
                setTime(e.target.value);
                flow.clearErrors();
              }}
            />
            {timeError && (
              <p id={`${timeId}-error`} className="sw-field__error">
                {timeError}
              </p>
            )}
          </div>
        )}
        {!editableTime && flow.errors.time && <Alert variant="danger">{flow.errors.time}</Alert>}
        {otherError && <Alert variant="danger">{otherError}</Alert>}
        <label className="sw-check">
          <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
          Text the client
        </label>
        {flow.refusal && (
          <OutsideHoursQuestion
            action="move"
            refusal={flow.refusal}
            busy={flow.busy}
            onConfirm={() => flow.send(appointment, target, notify, true)}
            onCancel={flow.cancelOutside}
          />
        )}
      </div>
    </Dialog>
  );
}
