import { type AppointmentStatus } from '@slotwise/contracts';
import { Badge } from '@slotwise/ui';
import { STATUS_BADGE, statusLabel } from '../appointments';

export function StatusBadge({ status }: { status: string }) {
  const variant = STATUS_BADGE[status.toLowerCase() as AppointmentStatus] ?? 'neutral';
  return (
    <Badge variant={variant} data-status={status.toLowerCase()}>
      {statusLabel(status)}
    </Badge>
  );
}
