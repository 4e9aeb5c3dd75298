import { useState } from 'react';
import { isApiError } from '@slotwise/api-client';
import { type AffectedBooking, ErrorCode, type StaffMember } from '@slotwise/contracts';
import { Alert, Button, Dialog, Spinner, cx, toast } from '@slotwise/ui';
import { AffectedBookingItem } from '../../hours';
import { useMessagingStatus } from '../../messages';
import { SelectField } from '../../owner';
import { type UpcomingDecision, useRemoveStaff, useUpcomingOfStaff } from '../api';
import '../staff.css';

type Choice = UpcomingDecision['upcoming'];

/** Bookings the API could not give to the chosen person, and its words about them. */
interface Refusal {
  message: string;
  clashes: Map<number, string>;
}

const CLASH_PATH = /^appointments\.(\d+)$/;

/** The clashing bookings of a STAFF_REASSIGN_CLASH answer, by id, with the API's text for each. */
function clashesOf(error: unknown): Map<number, string> {
  const clashes = new Map<number, string>();
  if (!isApiError(error)) return clashes;
  for (const issue of error.issues ?? []) {
    const id = CLASH_PATH.exec(issue.path)?.[1];
    if (id) clashes.set(Number(id), issue.message);
  }
  return clashes;
}

const plural = (count: number, one: string, many: string) =>
  count === 1 ? `1 ${one}` : `${count} ${many}`;

function BookingList({
  bookings,
  clashes,
  timeZone,
}: {
  bookings: readonly AffectedBooking[];
  clashes: ReadonlyMap<number, string>;
  timeZone: string;
}) {
  return (
    <ul className="dash-affected sw-list" aria-label="Upcoming bookings">
      {bookings.map((b) => {
        const clash = clashes.get(b.id);
        return (
          <AffectedBookingItem
            key={b.id}
            booking={b}
            timeZone={timeZone}
            className={clash ? 'dash-remove-staff__clash' : undefined}
          >
            {clash && <p className="dash-remove-staff__clash-text">{clash}</p>}
          </AffectedBookingItem>
        );
      })}
    </ul>
  );
}

/**
 * Removing a staff member. Their bookings still to come are listed first, and the owner decides:
 * give them all to someone else (the clients keep their times and hear nothing), or cancel them
 * and text the clients. Without upcoming bookings it is the usual "Are you sure?".
 */
export function RemoveStaffDialog({
  member,
  staff,
  businessId,
  timeZone,
  onClose,
}: {
  /** The person being removed; null: the dialog is closed. */
  member: StaffMember | null;
  /** The business's staff: the others who are active can take the bookings. */
  staff: readonly StaffMember[];
  businessId: number;
  timeZone: string;
  onClose: () => void;
}) {
  const upcoming = useUpcomingOfStaff(member?.id ?? null);
  const removal = useRemoveStaff(businessId);
  // The cancel choice promises texts only when this server can send them.
  const messaging = useMessagingStatus();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [to, setTo] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const name = member?.name ?? 'this staff member';
  const others = staff.filter((m) => m.id !== member?.id && m.isActive);
  const bookings = upcoming.data ?? [];
  const count = bookings.length;
  const deciding = count > 0;
  const ready = !deciding || choice === 'cancel' || (choice === 'reassign' && to !== '');
  const busy = removal.isPending;

  const close = () => {
    if (busy) return;
    setChoice(null);
    setTo('');
    setRefusal(null);
    onClose();
  };

  const remove = () => {
    if (!member || !ready) return;
    const decision: UpcomingDecision | undefined = !deciding
      ? undefined
      : choice === 'reassign'
        ? { upcoming: 'reassign', to: Number(to) }
        : { upcoming: 'cancel' };
    const takerName = others.find((m) => String(m.id) === to)?.name;
    setRefusal(null);
    removal.mutate(
      { id: member.id, decision },
      {
        onSuccess: () => {
          const bookingsText = plural(count, 'upcoming booking', 'upcoming bookings');
          toast({
            title: 'Success',
            description:
              decision?.upcoming === 'reassign'
                ? `Staff member has been deleted successfully. Their ${bookingsText} ${count === 1 ? 'is' : 'are'} now with ${takerName}.`
                : decision?.upcoming === 'cancel'
                  ? `Staff member has been deleted successfully. Their ${bookingsText} ${count === 1 ? 'was' : 'were'} cancelled and a cancellation SMS to each client is queued.`
                  : 'Staff member has been deleted successfully.',
            variant: 'success',
          });
          setChoice(null);
          setTo('');
          onClose();
        },
        onError: (error) => {
          const code = isApiError(error) ? error.code : null;
          const message = (isApiError(error) ? error.serverMessage : null) ?? null;
          if (code === ErrorCode.STAFF_HAS_BOOKINGS) {
            // Bookings came in since the list was read: show them and let the owner decide.
            void upcoming.refetch();
            setRefusal({
              message: message ?? 'This staff member has upcoming bookings.',
              clashes: new Map(),
            });
          } else if (
            code === ErrorCode.STAFF_REASSIGN_CLASH ||
            code === ErrorCode.VALIDATION_FAILED
          ) {
            setRefusal({ message: message ?? 'Nothing was changed.', clashes: clashesOf(error) });
          } else {
            toast({
              title: 'Error',
              description: message ?? 'Failed to delete staff member. Please try again.',
              variant: 'destructive',
            });
          }
        },
      },
    );
  };

  const confirmLabel = !deciding
    ? 'Delete'
    : choice === 'reassign'
      ? 'Reassign and Delete'
      : choice === 'cancel'
        ? 'Cancel Bookings and Delete'
        : 'Delete';

  let title: string;
  let description: string;
  if (upcoming.isPending && member) {
    title = 'Are you sure?';
    description = `Checking ${name}'s upcoming bookings…`;
  } else if (deciding) {
    title = `${name} has ${plural(count, 'upcoming booking', 'upcoming bookings')}`;
    description = `Reassign or cancel ${count === 1 ? 'it' : 'them'} before removing ${name} from your team. This action cannot be undone.`;
  } else {
    title = 'Are you sure?';
    description = `This removes ${name} from your team. This action cannot be undone.`;
  }

  const option = (value: Choice, label: string, hint: string, disabled = false) => (
    <label
      className={cx(
        'dash-choice',
        choice === value && 'dash-choice--on',
        disabled && 'dash-choice--off',
      )}
    >
      <input
        type="radio"
        name="upcoming-bookings"
        value={value}
        checked={choice === value}
        disabled={disabled || busy}
        aria-label={label}
        aria-describedby={`remove-staff-${value}-hint`}
        onChange={() => {
          setChoice(value);
          setRefusal(null);
        }}
      />
      <span>
        <span className="dash-choice__label">{label}</span>
        <span className="dash-choice__hint" id={`remove-staff-${value}-hint`}>
          {hint}
        </span>
      </span>
    </label>
  );

  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => !open && close()}
      title={title}
      description={description}
      size={deciding ? 'md' : 'sm'}
      className="dash-remove-staff"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            onClick={remove}
            loading={busy}
            disabled={!ready || upcoming.isPending}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {upcoming.isPending && member ? (
        <p className="dash-muted dash-small" role="status">
          <Spinner /> Checking upcoming bookings…
        </p>
      ) : upcoming.isError ? (
        <Alert variant="warning" title="Could not check upcoming bookings">
          If {name} has any, you will be asked what to do with them.
        </Alert>
      ) : null}
      {refusal && (
        <Alert variant="danger" title="Nothing was changed">
          {refusal.message}
        </Alert>
      )}
      {deciding && (
        <div className="sw-stack">
          <BookingList
            bookings={bookings}
            clashes={refusal?.clashes ?? new Map()}
            timeZone={timeZone}
          />
          <fieldset className="dash-fieldset">
            <legend className="sw-label">What happens to these bookings?</legend>
            <div className="dash-choices">
              {option(
                'reassign',
                'Reassign to another staff member',
                others.length > 0
                  ? 'The clients keep their times and get no message.'
                  : 'Add or activate another staff member first.',
                others.length === 0,
              )}
              {option(
                'cancel',
                'Cancel them and text the clients',
                messaging.data?.sms === false
                  ? 'SMS is not set up on this server: the clients will not be texted.'
                  : 'Each client with a mobile number gets an SMS that the booking was cancelled.',
              )}
            </div>
          </fieldset>
          {choice === 'reassign' && (
            <SelectField
              id="remove-staff-to"
              label="Reassign to"
              value={to}
              choices={[
                { value: '', label: 'Choose a staff member' },
                ...others.map((m) => ({ value: String(m.id), label: m.name })),
              ]}
              disabled={busy}
              onChange={(value) => {
                setTo(value);
                setRefusal(null);
              }}
            />
          )}
        </div>
      )}
    </Dialog>
  );
}
