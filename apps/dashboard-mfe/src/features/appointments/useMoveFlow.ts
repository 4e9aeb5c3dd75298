import { type OwnerAppointment } from '@slotwise/contracts';
import { toast } from '@slotwise/ui';
import { useMessagingStatus } from '../messages';
import { useAppointmentMutation } from './api';
import { customerName, formatWhen } from './appointments';
import { type MoveTarget, moveBody, smsOutcome } from './diary';
import { useDiaryRefusal } from './useDiaryRefusal';

/**
 * Moving an appointment, wherever it starts (a drag, the keys, the Move dialog): the PATCH, the
 * question when the time is outside the hours (then the same move again, confirmed), the server's
 * refusal in its own words, and a toast that tells what became of the client's SMS. Nothing is
 * changed on screen before the server agrees, so a refusal leaves the diary as it was.
 */
export function useMoveFlow(
  businessId: number,
  timeZone: string,
  onMoved: (updated: OwnerAppointment) => void,
) {
  const mutation = useAppointmentMutation(businessId);
  const messaging = useMessagingStatus();
  const { refusal, askOutside, setAskOutside, errors, setErrors, refused } = useDiaryRefusal();

  const send = (a: OwnerAppointment, target: MoveTarget, notify: boolean, outsideHours = false) => {
    setErrors({});
    mutation.mutate(
      { kind: 'update', id: a.id, body: moveBody(target, notify, outsideHours) },
      {
        onSuccess: (updated) => {
          setAskOutside(false);
          const outcome = smsOutcome({
            notify,
            start: updated.date,
            timeChanged: Date.parse(updated.date) !== Date.parse(a.date),
            sms: messaging.data?.sms,
          });
          toast({
            title: 'Appointment Moved',
            description: `${customerName(updated)}: ${formatWhen(updated.date, timeZone)}. ${outcome}`,
            variant: 'success',
          });
          onMoved(updated);
        },
        onError: refused,
      },
    );
  };

  return {
    send,
    /** The server said the time is outside the hours: the owner is asked before it is resent. */
    askOutside,
    /** Every reason the server named, and whether the owner may move anyway. */
    refusal,
    cancelOutside: () => setAskOutside(false),
    errors,
    clearErrors: () => setErrors({}),
    busy: mutation.isPending,
  };
}
