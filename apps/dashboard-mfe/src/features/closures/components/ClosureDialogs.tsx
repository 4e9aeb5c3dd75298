import { type FormEvent, useState } from 'react';
import { isApiError } from '@slotwise/api-client';
import {
  type AffectedBookingsRequest,
  CreateClosureRequestSchema,
  type FieldErrors,
  SpecialHoursRequestSchema,
  validate,
} from '@slotwise/contracts';
import { InputField, Label, Switch, toast, useForm } from '@slotwise/ui';
import {
  DEFAULT_INTERVAL,
  hasIntervalErrors,
  type Interval,
  IntervalsEditor,
  sortIntervals,
} from '../../hours';
import { FormDialog } from '../../owner';
import { type AffectedGuard } from '../../staff';
import { type ClosureChange, useClosureMutation } from '../api';
import { dayText } from '../closures';

interface AddDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  businessId: number;
  /** The business's calendar day: no date before it is offered. */
  today: string;
  guard: AffectedGuard;
  checking: boolean;
}

/** A failed save: the server's words when it gave some. */
function failed(error: unknown, fallback: string) {
  toast({
    title: 'Error',
    description: (isApiError(error) ? error.serverMessage : null) ?? fallback,
    variant: 'destructive',
  });
}

/**
 * A dialog's save: once the guard has asked about the bookings the change would leave outside the
 * hours, the change goes; then a toast and the dialog closes, or the server's words. `dialog`: the
 * small dialog's own props, which will not close while a save is on its way.
 */
function useGuardedSave({ businessId, guard, checking, open, onOpenChange }: AddDialogProps) {
  const mutation = useClosureMutation(businessId);
  const save = (
    affected: AffectedBookingsRequest,
    change: ClosureChange,
    texts: { confirm: string; title: string; description: string; failure: string },
  ) =>
    guard(
      affected,
      () =>
        mutation.mutate(change, {
          onSuccess: () => {
            toast({ title: texts.title, description: texts.description, variant: 'success' });
            onOpenChange(false);
          },
          onError: (error) => failed(error, texts.failure),
        }),
      texts.confirm,
    );
  const busy = checking || mutation.isPending;
  const dialog = {
    size: 'sm',
    open,
    onOpenChange: (next: boolean) => !busy && onOpenChange(next),
    busy,
  } as const;
  return { save, dialog };
}

const requiredDates = (v: { from: string; to: string }) => ({
  from: v.from ? undefined : 'Choose the first day',
  to: v.to ? undefined : 'Choose the last day',
});

/** Add Closure: closed from one date to another (both included), with an optional reason. */
export function ClosureDialog(props: AddDialogProps) {
  const { today } = props;
  const form = useForm(CreateClosureRequestSchema, { from: today, to: today, reason: '' });
  const { values, field } = form;
  const { save, dialog } = useGuardedSave(props);

  const onSubmit = form.handleSubmit((body) => {
    save(
      { kind: 'closure', from: body.from, to: body.to },
      { kind: 'add-closure', body },
      {
        confirm: 'Close Anyway',
        title: 'Closure Added',
        description: `Customers can't book from ${dayText(body.from)} to ${dayText(body.to)}.`,
        failure: 'Failed to add the closure. Please try again.',
      },
    );
  }, requiredDates);

  return (
    <FormDialog
      formId="closure-form"
      title="Add Closure"
      description="Days the business is closed: a holiday, a renovation, a training day."
      submitLabel="Add Closure"
      onSubmit={onSubmit}
      {...dialog}
    >
      <div className="sw-form-row">
        <InputField
          label="First Day"
          type="date"
          min={today}
          {...field('from')}
          onChange={(e) => {
            const from = e.target.value;
            form.set('from', from);
            // The last day follows a first day moved past it.
            if (from && values.to < from) form.set('to', from);
          }}
        />
        <InputField label="Last Day" type="date" min={values.from || today} {...field('to')} />
      </div>
      <InputField
        label="Reason (optional)"
        placeholder="e.g. Christmas break"
        maxLength={120}
        {...field('reason')}
      />
    </FormDialog>
  );
}

type SpecialField = 'date' | 'intervals' | 'reason';

/** Special Hours: other hours for one date (a late night, a short day), or closed that day. */
export function SpecialHoursDialog(props: AddDialogProps) {
  const { today } = props;
  const [date, setDate] = useState(today);
  const [isOpen, setIsOpen] = useState(true);
  const [intervals, setIntervals] = useState<Interval[]>([DEFAULT_INTERVAL]);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors<SpecialField>>({});
  const { save, dialog } = useGuardedSave(props);
  const hoursInvalid = isOpen && hasIntervalErrors(intervals);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const sent = isOpen ? sortIntervals(intervals) : [];
    const parsed = validate(SpecialHoursRequestSchema, { date, intervals: sent, reason });
    const found = { ...(parsed.errors ?? {}), ...(date ? {} : { date: 'Choose a date' }) };
    setErrors(found);
    if (!parsed.data || hoursInvalid || Object.values(found).some(Boolean)) return;
    const body = parsed.data;
    save(
      { kind: 'special-hours', date: body.date, intervals: body.intervals },
      { kind: 'set-special-hours', body },
      {
        confirm: 'Save Anyway',
        title: 'Special Hours Saved',
        description: `${dayText(body.date)} has its own hours now.`,
        failure: 'Failed to save the special hours. Please try again.',
      },
    );
  };

  return (
    <FormDialog
      formId="special-hours-form"
      title="Add Special Hours"
      description="Other hours for one date, instead of that weekday's. They replace any special hours already set for the date."
      submitLabel="Save Special Hours"
      onSubmit={onSubmit}
      {...dialog}
    >
      <InputField
        label="Date"
        type="date"
        min={today}
        value={date}
        error={errors.date}
        onChange={(e) => {
          setDate(e.target.value);
          setErrors((x) => ({ ...x, date: undefined }));
        }}
      />
      <div className="dash-switch-row">
        <Switch id="special-open" checked={isOpen} onCheckedChange={setIsOpen} />
        <Label htmlFor="special-open">{isOpen ? 'Open on this date' : 'Closed all day'}</Label>
      </div>
      {isOpen && (
        <IntervalsEditor
          id="special-hours"
          name={date ? dayText(date) : 'this date'}
          intervals={intervals}
          onChange={setIntervals}
        />
      )}
      {errors.intervals && !hoursInvalid && <p className="sw-field__error">{errors.intervals}</p>}
      <InputField
        label="Reason (optional)"
        placeholder="e.g. Late-night shopping"
        maxLength={120}
        value={reason}
        error={errors.reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </FormDialog>
  );
}
