import { useState } from 'react';
import {
  type AppointmentStatus,
  type OwnerAppointment,
  formatPrice,
  formatTime,
  formatLongDate,
  timeZoneAbbreviation,
} from '@slotwise/contracts';
import { Button, ConfirmDialog, Dialog, toast } from '@slotwise/ui';
import { useAppointmentMutation } from '../api';
import { customerName, endOf } from '../appointments';
import { StatusBadge } from './StatusBadge';

export const CANCEL_QUESTION =
  'Are you sure you want to cancel this appointment? This action cannot be undone.';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="dash-detail">
      <h3 className="dash-detail__title">{title}</h3>
      <div className="dash-detail__body">{children}</div>
    </section>
  );
}

const enabled = (on: boolean) => (on ? 'Enabled' : 'Disabled');

/** Spec section 2, Appointment Details dialog. Email and SMS arrive with the messages issue. */
export function AppointmentDetailsDialog({
  appointment,
  businessId,
  timeZone,
  onClose,
}: {
  appointment: OwnerAppointment | null;
  businessId: number;
  timeZone: string;
  onClose: () => void;
}) {
  const mutation = useAppointmentMutation(businessId);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const a = appointment;
  const status = a?.status.toLowerCase();

  const setStatus = (next: AppointmentStatus) => {
    if (!a) return;
    mutation.mutate(
      { kind: 'update', id: a.id, body: { status: next } },
      {
        onSuccess: (updated) =>
          toast({
            title: 'Appointment Updated',
            description: `Status changed to ${updated.status}`,
            variant: 'success',
          }),
        onError: () =>
          toast({
            title: 'Error',
            description: 'Failed to update appointment status',
            variant: 'destructive',
          }),
      },
    );
  };

  const cancel = () => {
    if (!a) return;
    mutation.mutate(
      { kind: 'cancel', id: a.id },
      {
        onSuccess: () => {
          setConfirmCancel(false);
          toast({
            title: 'Appointment Cancelled',
            description: 'The appointment has been cancelled',
            variant: 'success',
          });
          onClose();
        },
        onError: () => {
          setConfirmCancel(false);
          toast({
            title: 'Error',
            description: 'Failed to cancel appointment',
            variant: 'destructive',
          });
        },
      },
    );
  };

  const end = a ? endOf(a) : null;
  return (
    <>
      <Dialog
        open={!!a && !confirmCancel}
        onOpenChange={(open) => !open && onClose()}
        title={
          <span className="dash-detail__heading">
            Appointment Details {a && <StatusBadge status={a.status} />}
          </span>
        }
        description="View and manage appointment information"
        footer={
          a && (
            <div className="dash-detail__actions">
              <Button
                variant="secondary"
                disabled={status === 'confirmed' || mutation.isPending}
                onClick={() => setStatus('confirmed')}
              >
                Confirm
              </Button>
              <Button
                variant="secondary"
                disabled={status === 'completed' || mutation.isPending}
                onClick={() => setStatus('completed')}
              >
                Complete
              </Button>
              <Button
                variant="destructive"
                disabled={status === 'cancelled' || mutation.isPending}
                onClick={() => setConfirmCancel(true)}
              >
                Cancel
              </Button>
            </div>
          )
        }
      >
        {a && (
          <div className="dash-details">
            <Section title="SERVICE">
              <p className="dash-detail__strong">{a.service.name}</p>
              <p>
                {a.service.duration ? `${a.service.duration} min` : 'N/A'} ·{' '}
                {formatPrice(a.service.price)}
              </p>
              {a.service.description && <p className="dash-muted">{a.service.description}</p>}
            </Section>
            <Section title="DATE & TIME">
              <p className="dash-detail__strong">{formatLongDate(a.date, timeZone)}</p>
              <p>
                {formatTime(a.date, timeZone)} – {end ? formatTime(end, timeZone) : 'N/A'}{' '}
                {timeZoneAbbreviation(a.date, timeZone)}
              </p>
              {a.staff && (
                <p className="dash-muted">
                  With {a.staff.name}
                  {a.staff.position ? ` (${a.staff.position})` : ''}
                </p>
              )}
            </Section>
            <Section title="CUSTOMER">
              <p className="dash-detail__strong">{customerName(a)}</p>
              <p>{a.customer.email ?? 'No email'}</p>
              <p>{a.customer.phone ?? 'No phone'}</p>
            </Section>
            <Section title="NOTIFICATION PREFERENCES">
              <p>Email: {enabled(a.customer.notificationPreferences.email)}</p>
              <p>SMS: {enabled(a.customer.notificationPreferences.sms)}</p>
            </Section>
            <Section title="NOTES">
              <p className={a.notes ? undefined : 'dash-muted'}>{a.notes ?? 'No notes'}</p>
            </Section>
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel appointment"
        message={CANCEL_QUESTION}
        confirmLabel="Cancel Appointment"
        onConfirm={cancel}
        busy={mutation.isPending}
      />
    </>
  );
}
