import { useState } from 'react';
import { type OwnerAppointment } from '@slotwise/contracts';
import { Alert, Button, Dialog } from '@slotwise/ui';
import { type MoveTarget, moveQuestion } from '../diary';
import { useMoveFlow } from '../useMoveFlow';
import { OutsideHoursQuestion } from './OutsideHoursQuestion';
import '../appointments.css';

/**
 * The short question after a drag or a keyboard move: 'Move Jack Smith to Tue 5 Jan, 10:30 AM
 * with Mia Rossi?' with the 'Text the client' tick (both calendar grids drop on a time).
 */
export function MoveConfirmDialog({
  appointment,
  target,
  businessId,
  timeZone,
  onClose,
}: {
  appointment: OwnerAppointment;
  target: MoveTarget;
  businessId: number;
  timeZone: string;
  onClose: () => void;
}) {
  const flow = useMoveFlow(businessId, timeZone, onClose);
  const [notify, setNotify] = useState(true);
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
              onClick={() => flow.send(appointment, target, notify)}
            >
              Move
            </Button>
          </>
        )
      }
    >
      <div className="sw-stack">
        {flow.errors.time && <Alert variant="danger">{flow.errors.time}</Alert>}
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
