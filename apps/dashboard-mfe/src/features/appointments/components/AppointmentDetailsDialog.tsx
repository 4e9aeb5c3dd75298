import { useEffect, useId, useRef, useState } from 'react';
import {
  type AppointmentStatus,
  type OwnerAppointment,
  formatPhoneForDisplay,
  formatPrice,
  formatTime,
  formatLongDate,
  historyLine,
  timeZoneAbbreviation,
} from '@slotwise/contracts';
import { Badge, Button, ConfirmDialog, Dialog, Textarea, toast } from '@slotwise/ui';
import { PaymentRecordList } from '../../payments';
import { reminderBlockedReason, sendFailureDetail, useCustomerReminders } from '../../messages';
import { useAppointmentMutation } from '../api';
import { customerName, endOf, hasStarted, statusText } from '../appointments';
import { serverMessage } from '../diary';
import { MoveAppointmentDialog } from './MoveAppointmentDialog';
import { StatusBadge } from './StatusBadge';
import '../appointments.css';

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

/**
 * Whether the customer confirmed by replying Y to the SMS request, and every reply they sent about
 * this appointment (decision record 020).
 */
function CustomerAnswerDetails({
  appointment: a,
  timeZone,
}: {
  appointment: OwnerAppointment;
  timeZone: string;
}) {
  const at = (iso: string) =>
    `${formatLongDate(iso, timeZone)}, ${formatTime(iso, timeZone)} ${timeZoneAbbreviation(iso, timeZone)}`;
  const replies = a.smsReplies ?? [];
  return (
    <>
      {a.customerConfirmedAt ? (
        <p data-customer-confirmed="">
          <Badge variant="success">✓ Confirmed by the client</Badge>{' '}
          <span className="dash-muted">by SMS, {at(a.customerConfirmedAt)}</span>
        </p>
      ) : (
        <p className="dash-muted">Not confirmed by the client by SMS yet.</p>
      )}
      {replies.length > 0 && (
        <ul className="dash-detail__replies" aria-label="SMS replies">
          {replies.map((r) => (
            <li key={r.receivedAt + r.body} data-sms-reply={r.action}>
              <q>{r.body}</q>{' '}
              <span className="dash-muted">
                {at(r.receivedAt)}
                {r.action === 'confirmed' && ' · confirmed the booking'}
                {r.action === 'cancelled' && ' · cancelled the booking'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const enabled = (on: boolean) => (on ? 'Enabled' : 'Disabled');

/** Notes the owner may keep on an appointment (the API keeps at most 1,000 characters). */
export const NOTES_MAX = 1000;

/** The NOTES section: the notes as an editable text, saved with PATCH { notes }. */
function NotesEditor({
  appointment,
  businessId,
}: {
  appointment: OwnerAppointment;
  businessId: number;
}) {
  const mutation = useAppointmentMutation(businessId);
  const saved = appointment.notes ?? '';
  // null: reading; text: editing (the textarea only appears on request, so opening the dialog
  // on a phone does not focus it and raise the keyboard).
  const [draft, setDraft] = useState<string | null>(null);
  const id = useId();
  const dirty = draft !== null && draft.trim() !== saved;

  const save = () => {
    if (draft === null) return;
    mutation.mutate(
      { kind: 'update', id: appointment.id, body: { notes: draft.trim() ? draft.trim() : null } },
      {
        onSuccess: () => {
          setDraft(null);
          toast({
            title: 'Notes Saved',
            description: 'The appointment notes have been updated',
            variant: 'success',
          });
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: sendFailureDetail(error) ?? 'Failed to save notes',
            variant: 'destructive',
          }),
      },
    );
  };

  if (draft === null) {
    return (
      <div className="dash-notes">
        <p className={saved ? 'dash-notes__text' : 'dash-muted'}>{saved || 'No notes'}</p>
        <div className="dash-notes__bar sw-row sw-row--end">
          <Button variant="secondary" size="sm" onClick={() => setDraft(saved)}>
            {saved ? 'Edit Notes' : 'Add Notes'}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="dash-notes">
      <label htmlFor={id} className="sw-visually-hidden">
        Notes
      </label>
      <Textarea
        id={id}
        rows={3}
        maxLength={NOTES_MAX}
        autoFocus
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
      />
      <div className="dash-notes__bar sw-row sw-row--end">
        <span className="dash-muted dash-notes__count" aria-live="polite">
          {draft.length} / {NOTES_MAX}
        </span>
        <Button
          variant="ghost"
          size="sm"
          disabled={mutation.isPending}
          onClick={() => setDraft(null)}
        >
          Discard
        </Button>
        <Button size="sm" disabled={!dirty} loading={mutation.isPending} onClick={save}>
          Save Notes
        </Button>
      </div>
    </div>
  );
}

/** What marking a no-show did about its fee, from the records the answer carries. */
export function feeOutcome(a: OwnerAppointment): { text: string; failed: boolean } | null {
  if (a.status !== 'no_show') return null;
  const fee = a.payments?.find((p) => p.kind === 'no_show_fee');
  if (!fee) return null;
  const amount = formatPrice(fee.amount);
  switch (fee.state) {
    case 'succeeded':
      return { text: `No-show fee of ${amount} charged.`, failed: false };
    case 'fee_failed':
      return {
        text: `No-show fee of ${amount} failed: the card needs the client's approval, so a pay link was sent to them.`,
        failed: true,
      };
    case 'pending':
      return {
        text: `No-show fee of ${amount} sent to Stripe; waiting for its answer.`,
        failed: false,
      };
    default:
      return {
        text: `No-show fee of ${amount}: ${fee.failureMessage ?? fee.state}.`,
        failed: true,
      };
  }
}

/** The statuses the dialog's buttons set directly (Cancel asks first). */
const STATUS_BUTTONS = [
  { status: 'confirmed', label: 'Confirm', afterStart: false },
  { status: 'completed', label: 'Complete', afterStart: true },
  { status: 'no_show', label: 'No-show', afterStart: true },
] as const;

export const NOT_STARTED_HINT =
  'Complete and No-show can be chosen once the appointment has started.';
export const CANCELLED_NOT_MOVABLE =
  'A cancelled appointment cannot be moved. Book a new one instead.';

/** Whether the appointment has started; turns true at its start while the dialog stays open. */
function useStarted(a: OwnerAppointment | null): boolean {
  const [, tick] = useState(0);
  const start = a ? Date.parse(a.date) : NaN;
  const started = a ? hasStarted(a) : false;
  useEffect(() => {
    const wait = start - Date.now();
    // A timer longer than a day is not worth keeping (the lists refresh every minute anyway).
    if (started || !(wait > 0 && wait < 86_400_000)) return;
    const timer = setTimeout(() => tick((n) => n + 1), wait + 50);
    return () => clearTimeout(timer);
  }, [start, started]);
  return started;
}

/**
 * The Appointment Details dialog: service, date and time, customer, notification preferences and
 * notes; Confirm, Complete and Cancel; reminders by email and SMS.
 */
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
  const reminders = useCustomerReminders('dialog');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [moving, setMoving] = useState(false);
  const a = appointment;
  const status = a?.status.toLowerCase();
  const started = useStarted(a);
  const hintId = useId();

  // A second click before the buttons re-render disabled must not send a second change (the API
  // charges a no-show fee once anyway, by its idempotency key).
  const inFlight = useRef(false);
  const once = (run: (done: () => void) => void) => {
    if (inFlight.current) return;
    inFlight.current = true;
    run(() => {
      inFlight.current = false;
    });
  };

  const setStatus = (next: AppointmentStatus) => {
    if (!a) return;
    once((done) =>
      mutation.mutate(
        { kind: 'update', id: a.id, body: { status: next } },
        {
          onSettled: done,
          onSuccess: (updated) => {
            const fee = feeOutcome(updated);
            toast({
              title: 'Appointment Updated',
              description: fee
                ? `Status changed to ${statusText(updated.status)}. ${fee.text}`
                : `Status changed to ${statusText(updated.status)}`,
              variant: fee?.failed ? 'destructive' : 'success',
            });
          },
          // The server's reason (a taken slot on re-confirming, not started yet) is what helps.
          onError: (error) =>
            toast({
              title: 'Error',
              description: serverMessage(error, 'Failed to update appointment status'),
              variant: 'destructive',
            }),
        },
      ),
    );
  };

  const cancel = () => {
    if (!a) return;
    once((done) =>
      mutation.mutate(
        { kind: 'cancel', id: a.id },
        {
          onSettled: done,
          onSuccess: () => {
            setConfirmCancel(false);
            toast({
              title: 'Appointment Cancelled',
              description: 'The appointment has been cancelled',
              variant: 'success',
            });
            onClose();
          },
          onError: (error) => {
            setConfirmCancel(false);
            toast({
              title: 'Error',
              description: serverMessage(error, 'Failed to cancel appointment'),
              variant: 'destructive',
            });
          },
        },
      ),
    );
  };

  const end = a ? endOf(a) : null;
  const deposit = a?.payments?.find((p) => p.kind === 'deposit' && p.state === 'succeeded');
  const refundNote = deposit
    ? `The ${formatPrice(deposit.amount)} deposit will be refunded in full.`
    : null;
  const blocked = a ? reminderBlockedReason(a) : null;
  return (
    <>
      <Dialog
        open={!!a && !confirmCancel && !moving}
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
              {STATUS_BUTTONS.map((b) => {
                const early = b.afterStart && !started;
                return (
                  <Button
                    key={b.status}
                    variant="secondary"
                    disabled={status === b.status || mutation.isPending || early}
                    title={early ? NOT_STARTED_HINT : undefined}
                    aria-describedby={early ? hintId : undefined}
                    onClick={() => setStatus(b.status)}
                  >
                    {b.label}
                  </Button>
                );
              })}
              <Button
                variant="secondary"
                disabled={status === 'cancelled' || mutation.isPending}
                title={status === 'cancelled' ? CANCELLED_NOT_MOVABLE : undefined}
                onClick={() => setMoving(true)}
              >
                Move
              </Button>
              <Button
                variant="destructive"
                disabled={status === 'cancelled' || mutation.isPending}
                onClick={() => setConfirmCancel(true)}
              >
                Cancel
              </Button>
              {reminders.map((channel) => (
                <Button
                  key={channel.label}
                  variant="secondary"
                  disabled={!channel.reachable(a) || !!blocked}
                  loading={channel.busy(a)}
                  title={channel.reachable(a) ? (blocked ?? undefined) : channel.unreachable}
                  onClick={() => channel.send(a)}
                >
                  Send {channel.label}
                </Button>
              ))}
              {!started && status !== 'cancelled' && (
                <p id={hintId} className="dash-muted dash-detail__hint">
                  {NOT_STARTED_HINT}
                </p>
              )}
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
              <p>{a.customer.phone ? formatPhoneForDisplay(a.customer.phone) : 'No phone'}</p>
            </Section>
            <Section title="CUSTOMER'S ANSWER">
              <CustomerAnswerDetails appointment={a} timeZone={timeZone} />
            </Section>
            <Section title="NOTIFICATION PREFERENCES">
              <p>Email: {enabled(a.customer.notificationPreferences.email)}</p>
              <p>SMS: {enabled(a.customer.notificationPreferences.sms)}</p>
            </Section>
            <Section title="PAYMENTS">
              <PaymentRecordList
                businessId={businessId}
                timeZone={timeZone}
                appointmentId={a.id}
                known={a.payments}
              />
            </Section>
            <Section title="NOTES">
              <NotesEditor key={a.id} appointment={a} businessId={businessId} />
            </Section>
            <Section title="HISTORY">
              {a.history.length === 0 ? (
                <p className="dash-muted">No changes recorded</p>
              ) : (
                <ol className="dash-history" aria-label="Appointment history">
                  {a.history.map((h) => (
                    <li key={h.id}>{historyLine(h, timeZone)}</li>
                  ))}
                </ol>
              )}
            </Section>
          </div>
        )}
      </Dialog>
      {a && moving && (
        <MoveAppointmentDialog
          key={a.id}
          appointment={a}
          businessId={businessId}
          timeZone={timeZone}
          onClose={() => setMoving(false)}
        />
      )}
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel appointment"
        message={refundNote ? `${CANCEL_QUESTION} ${refundNote}` : CANCEL_QUESTION}
        confirmLabel="Cancel Appointment"
        onConfirm={cancel}
        busy={mutation.isPending}
      />
    </>
  );
}
