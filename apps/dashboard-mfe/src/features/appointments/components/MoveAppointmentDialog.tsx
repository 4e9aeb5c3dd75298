import { type FormEvent, useId, useMemo, useState } from 'react';
import { type OwnerAppointment, timeZoneAbbreviation } from '@slotwise/contracts';
import { Alert, Button, Dialog, InputField, Skeleton, cx } from '@slotwise/ui';
import { SelectField } from '../../owner';
import { useOwnerStaff } from '../../staff';
import { useFreeTimes } from '../api';
import { customerName } from '../appointments';
import {
  type MoveTarget,
  type StaffChoice,
  clockOf,
  minutesOf,
  slotInstant,
  startOf,
  withOwnSlot,
} from '../diary';
import { useMoveFlow } from '../useMoveFlow';
import { OutsideHoursQuestion } from './OutsideHoursQuestion';
import '../appointments.css';

/** The staff select's value for 'no staff member' (the business takes the booking). */
const NOBODY = 'none';

/**
 * Move: a new date, time and staff member for the appointment. The day's free times for that
 * person (what the public booking page offers) are quick picks; any time may be typed.
 */
export function MoveAppointmentDialog({
  appointment: a,
  businessId,
  timeZone,
  onClose,
}: {
  appointment: OwnerAppointment;
  businessId: number;
  timeZone: string;
  /** After a move (`moved`) or when the owner gives up. */
  onClose: (moved: boolean) => void;
}) {
  const start = startOf(a, timeZone);
  const [day, setDay] = useState(start.day);
  const [time, setTime] = useState(clockOf(start.minutes));
  // The instant of a quick pick: on the night the clocks go back one clock time is two instants.
  const [exact, setExact] = useState<string | null>(null);
  const [staff, setStaff] = useState(a.staffMemberId === null ? NOBODY : String(a.staffMemberId));
  const [notify, setNotify] = useState(true);
  const [checked, setChecked] = useState<{ day?: string; time?: string }>({});
  const flow = useMoveFlow(businessId, timeZone, () => onClose(true));
  const team = useOwnerStaff(businessId);
  const members = useMemo(() => (team.data ?? []).filter((m) => m.isActive), [team.data]);
  const staffId = staff === NOBODY ? null : Number(staff);
  const free = useFreeTimes(businessId, day, a.service.id, staffId);
  const freeTimes = free.data ? withOwnSlot(free.data, a, day, staffId, timeZone) : [];
  const timesId = useId();

  const choices = [
    ...members.map((m) => ({ value: String(m.id), label: m.name })),
    // A booking with someone no longer in the team stays with them unless moved to another.
    ...(a.staff && !members.some((m) => m.id === a.staffMemberId)
      ? [{ value: String(a.staff.id), label: a.staff.name }]
      : []),
    { value: NOBODY, label: 'No staff member' },
  ];
  const staffChoice = (): StaffChoice => {
    if (staffId === null) return { kind: 'none' };
    if (staffId === a.staffMemberId) return { kind: 'keep' };
    return {
      kind: 'member',
      id: staffId,
      name: members.find((m) => m.id === staffId)?.name ?? '',
    };
  };

  const submit = (outsideHours = false) => {
    const minutes = minutesOf(time);
    const problems = {
      day: /^\d{4}-\d{2}-\d{2}$/.test(day) ? undefined : 'Choose a date',
      time: minutes === null ? 'Enter a time' : undefined,
    };
    setChecked(problems);
    if (problems.day || problems.time || minutes === null) return;
    const target: MoveTarget = {
      date: exact ?? slotInstant(day, minutes, timeZone),
      staff: staffChoice(),
    };
    flow.send(a, target, notify, outsideHours);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  // The zone's abbreviation at the chosen time (AEST and AEDT change on a Sunday in April and October).
  const typed = minutesOf(time);
  const shownAt =
    typed !== null && /^\d{4}-\d{2}-\d{2}$/.test(day) ? slotInstant(day, typed, timeZone) : a.date;

  const change = (set: () => void) => {
    set();
    setExact(null);
    flow.clearErrors();
    flow.cancelOutside();
    setChecked({});
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !flow.busy && onClose(false)}
      title="Move appointment"
      description={`${customerName(a)}, ${a.service.name}`}
      footer={
        !flow.askOutside && (
          <>
            <Button variant="secondary" disabled={flow.busy} onClick={() => onClose(false)}>
              Cancel
            </Button>
            <Button type="submit" form="move-appointment-form" loading={flow.busy}>
              Move Appointment
            </Button>
          </>
        )
      }
    >
      <form id="move-appointment-form" className="sw-stack" noValidate onSubmit={onSubmit}>
        <div className="sw-form-row">
          <InputField
            label="Date"
            type="date"
            value={day}
            error={checked.day}
            onChange={(e) => change(() => setDay(e.target.value))}
          />
          {choices.length > 1 && (
            <SelectField
              id="move-staff"
              label="Staff member"
              value={staff}
              choices={choices}
              error={flow.errors.staffId}
              onChange={(v) => change(() => setStaff(v))}
            />
          )}
        </div>
        <div className="sw-field">
          <p id={timesId} className="sw-label">
            Free times
          </p>
          {free.isPending && /^\d{4}-\d{2}-\d{2}$/.test(day) ? (
            <Skeleton height={36} />
          ) : freeTimes.length === 0 ? (
            <p className="dash-muted dash-quick__none">
              No free times on this day{staffId !== null ? ' for this staff member' : ''}. Type a
              time below.
            </p>
          ) : (
            <div className="dash-quick" role="group" aria-labelledby={timesId}>
              {freeTimes.map((t) => {
                const value = clockOf(startOf({ ...a, date: t.start }, timeZone).minutes);
                const on = exact ? exact === t.start : value === time;
                return (
                  <button
                    key={t.start}
                    type="button"
                    className={cx('dash-quick__time', on && 'dash-quick__time--on')}
                    aria-pressed={on}
                    onClick={() => {
                      change(() => setTime(value));
                      setExact(t.start);
                    }}
                  >
                    {t.time}
                  </button>
                );
              })}
            </div>
          )}
        </div>
        <InputField
          label="Time"
          type="time"
          step={300}
          value={time}
          error={checked.time ?? flow.errors.time}
          hint={`Any time in steps of 5 minutes, ${timeZoneAbbreviation(shownAt, timeZone)}.`}
          onChange={(e) => change(() => setTime(e.target.value))}
        />
        <label className="sw-check">
          <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
          Send the client an SMS with the new time and their links
        </label>
        {flow.errors.form && <Alert variant="danger">{flow.errors.form}</Alert>}
        {flow.refusal && (
          <OutsideHoursQuestion
            action="move"
            refusal={flow.refusal}
            busy={flow.busy}
            onConfirm={() => submit(true)}
            onCancel={flow.cancelOutside}
          />
        )}
      </form>
    </Dialog>
  );
}
