import { type FormEvent, useState } from 'react';
import { isApiError } from '@slotwise/api-client';
import {
  type AffectedBookingsRequest,
  type CreateTimeOffRequest,
  HOURS_TIME_CHOICES,
  formatClockTime,
  todayInZone,
} from '@slotwise/contracts';
import { Button, Dialog, InputField, PlusIcon, Skeleton, TrashIcon, toast } from '@slotwise/ui';
import { type Choice, SelectField, ToggleGroup, zoneLabel } from '../../owner';
import { useTimeOff, useTimeOffMutation } from '../api';
import {
  type TimeOffForm,
  type TimeOffErrors,
  emptyTimeOffForm,
  timeOffErrors,
  timeOffLabel,
  timeOffRequest,
  upcomingTimeOff,
} from '../time-off';

/** Asks about the bookings a change leaves outside the hours, then goes on (useAffectedBookings). */
export type AffectedGuard = (
  change: AffectedBookingsRequest,
  proceed: () => void,
  confirmLabel?: string,
) => void;

const TIME_CHOICES: Choice[] = HOURS_TIME_CHOICES.map((t) => ({
  value: t,
  label: t === '24:00' ? 'Midnight (end of day)' : formatClockTime(t),
}));

const KINDS = [
  { value: 'days', label: 'Whole days' },
  { value: 'part', label: 'Part of a day' },
] as const;

/**
 * The Add Time Off form in a dialog: whole days or part of one, in the business's zone. `onSave`
 * gets the time off as `POST /api/staff/{id}/time-off` takes it, and `close` once it is saved
 * (the staff dialog adds it; a staff member's My hours asks for it).
 */
export function TimeOffDialog({
  open,
  onOpenChange,
  staffName,
  timeZone,
  busy,
  onSave,
  title = 'Add Time Off',
  submitLabel = 'Add Time Off',
  description = `When ${staffName} can't be booked.`,
  reasonLabel = 'Reason (optional)',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  staffName: string;
  timeZone: string;
  busy: boolean;
  onSave: (body: CreateTimeOffRequest, close: () => void) => void;
  title?: string;
  submitLabel?: string;
  description?: string;
  reasonLabel?: string;
}) {
  const today = todayInZone(timeZone);
  const [form, setForm] = useState<TimeOffForm>(() => emptyTimeOffForm(today));
  const [errors, setErrors] = useState<TimeOffErrors>({});

  const set = <K extends keyof TimeOffForm>(field: K, value: TimeOffForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog's portal sits inside the staff form in React's tree: keep its submit to itself.
    event.stopPropagation();
    const found = timeOffErrors(form);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    onSave(timeOffRequest(form, timeZone), () => onOpenChange(false));
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={title}
      description={`${description} Times are in your business's time zone (${zoneLabel(timeZone)}).`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="time-off-form" loading={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id="time-off-form" className="sw-stack" noValidate onSubmit={onSubmit}>
        <ToggleGroup
          label="Time off for"
          options={KINDS}
          value={form.kind}
          onChange={(kind) => set('kind', kind)}
        />
        {form.kind === 'days' ? (
          <div className="sw-form-row">
            <InputField
              label="First Day"
              type="date"
              min={today}
              value={form.from}
              error={errors.from}
              onChange={(e) => {
                const from = e.target.value;
                set('from', from);
                // The last day follows a first day moved past it.
                if (from && form.to < from) set('to', from);
              }}
            />
            <InputField
              label="Last Day"
              type="date"
              min={form.from || today}
              value={form.to}
              error={errors.to}
              onChange={(e) => set('to', e.target.value)}
            />
          </div>
        ) : (
          <>
            <InputField
              label="Date"
              type="date"
              min={today}
              value={form.date}
              error={errors.date}
              onChange={(e) => set('date', e.target.value)}
            />
            <div className="sw-form-row">
              <SelectField
                id="time-off-start"
                label="Start Time"
                value={form.startTime}
                choices={TIME_CHOICES.filter((c) => c.value !== '24:00')}
                onChange={(v) => set('startTime', v)}
              />
              <SelectField
                id="time-off-end"
                label="End Time"
                value={form.endTime}
                choices={TIME_CHOICES.filter((c) => c.value !== '00:00')}
                error={errors.endTime}
                onChange={(v) => set('endTime', v)}
              />
            </div>
          </>
        )}
        <InputField
          label={reasonLabel}
          placeholder="e.g. Annual leave"
          maxLength={120}
          value={form.reason}
          error={errors.reason}
          onChange={(e) => set('reason', e.target.value)}
        />
      </form>
    </Dialog>
  );
}

/** The staff dialog's 'Time off': upcoming leave with delete, and Add Time Off. */
export function TimeOffSection({
  staffId,
  staffName,
  timeZone,
  guard,
  checking,
}: {
  staffId: number;
  staffName: string;
  timeZone: string;
  guard: AffectedGuard;
  checking: boolean;
}) {
  const list = useTimeOff(staffId);
  const mutation = useTimeOffMutation(staffId);
  const [adding, setAdding] = useState(false);
  // A fresh form each time the dialog opens.
  const [dialogKey, setDialogKey] = useState(0);
  const upcoming = list.data ? upcomingTimeOff(list.data) : [];

  const remove = (id: number, label: string) =>
    mutation.mutate(
      { kind: 'remove', id },
      {
        onSuccess: () =>
          toast({ title: 'Time Off Removed', description: label, variant: 'success' }),
        onError: () =>
          toast({
            title: 'Error',
            description: 'Failed to remove time off. Please try again.',
            variant: 'destructive',
          }),
      },
    );

  return (
    <section className="dash-time-off" aria-labelledby="time-off-title">
      <div className="dash-time-off__head sw-row sw-row--spread">
        <h3 id="time-off-title" className="sw-label">
          Time off
        </h3>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setDialogKey((k) => k + 1);
            setAdding(true);
          }}
        >
          <PlusIcon />
          Add Time Off
        </Button>
      </div>
      {list.isPending ? (
        <Skeleton height={44} radius={10} />
      ) : list.isError ? (
        <p className="sw-field__error">Could not load the time off: {list.error.message}</p>
      ) : upcoming.length === 0 ? (
        <p className="dash-muted dash-small">No upcoming time off.</p>
      ) : (
        <ul className="dash-time-off__list sw-list">
          {upcoming.map((entry) => {
            const label = timeOffLabel(entry, timeZone);
            return (
              <li key={entry.id} className="dash-time-off__item" data-time-off={entry.id}>
                <div className="dash-time-off__text">
                  <span>{label}</span>
                  {entry.reason && <span className="dash-muted"> · {entry.reason}</span>}
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete time off ${label}`}
                  disabled={mutation.isPending}
                  onClick={() => remove(entry.id, label)}
                >
                  <TrashIcon />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <TimeOffDialog
        key={dialogKey}
        open={adding}
        onOpenChange={setAdding}
        staffName={staffName}
        timeZone={timeZone}
        busy={checking || mutation.isPending}
        onSave={(body, close) =>
          guard(
            { kind: 'time-off', staffId, start: body.start, end: body.end },
            () =>
              mutation.mutate(
                { kind: 'add', body },
                {
                  onSuccess: () => {
                    toast({
                      title: 'Time Off Added',
                      description: `${staffName} can't be booked then.`,
                      variant: 'success',
                    });
                    close();
                  },
                  onError: (error) =>
                    toast({
                      title: 'Error',
                      description:
                        (isApiError(error) ? error.serverMessage : null) ??
                        'Failed to add time off. Please try again.',
                      variant: 'destructive',
                    }),
                },
              ),
            'Add Anyway',
          )
        }
      />
    </section>
  );
}
