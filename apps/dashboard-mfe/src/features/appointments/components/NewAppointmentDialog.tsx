import { useMemo, useState } from 'react';
import {
  type Business,
  type CustomerSummary,
  type OwnerAppointment,
  timeZoneAbbreviation,
} from '@slotwise/contracts';
import { Alert, Button, Dialog, InputField, Skeleton, TextareaField, toast } from '@slotwise/ui';
import { useMessagingStatus } from '../../messages';
import { SelectField, ToggleGroup } from '../../owner';
import { useOwnerServices } from '../../services';
import { useOwnerStaff } from '../../staff';
import { useCreateAppointment } from '../api';
import { customerName, formatWhen } from '../appointments';
import {
  type NewAppointmentField,
  type NewAppointmentValues,
  clockOf,
  minutesOf,
  newAppointmentRequest,
  newClientFrom,
  slotInstant,
  smsOutcome,
} from '../diary';
import { ClientPicker } from './ClientPicker';
import { OutsideHoursQuestion } from './OutsideHoursQuestion';
import { useDiaryRefusal } from '../useDiaryRefusal';
import '../appointments.css';

/** Where the dialog starts: the day, the time (minutes after midnight) and staff member clicked. */
export interface NewAppointmentPrefill {
  day: string;
  minutes: number;
  /** null: any available staff member. */
  staffId: number | null;
}

const CLIENT_MODES = [
  { value: 'existing', label: 'Existing client' },
  { value: 'new', label: 'New client' },
] as const;

const FORM_ID = 'new-appointment-form';

/**
 * New appointment: the owner books a phone or walk-in client, existing or new, at any time of
 * their choosing. A time outside the hours is booked only once the owner confirms it.
 */
export function NewAppointmentDialog({
  business,
  prefill,
  onClose,
  onBooked,
}: {
  business: Business;
  prefill: NewAppointmentPrefill;
  onClose: () => void;
  onBooked?: (appointment: OwnerAppointment) => void;
}) {
  const tz = business.timeZone;
  const services = useOwnerServices(business.id);
  const team = useOwnerStaff(business.id);
  const messaging = useMessagingStatus();
  const create = useCreateAppointment(business.id);
  const active = useMemo(() => (services.data ?? []).filter((s) => s.isActive), [services.data]);
  const [values, setValues] = useState<NewAppointmentValues>(() => ({
    serviceId: '',
    staffId: prefill.staffId === null ? '' : String(prefill.staffId),
    day: prefill.day,
    time: clockOf(prefill.minutes),
    client: 'existing',
    customerId: null,
    firstName: '',
    lastName: '',
    phone: '',
    email: '',
    notes: '',
    notify: true,
  }));
  const [picked, setPicked] = useState<CustomerSummary | null>(null);
  const { refusal, askOutside, setAskOutside, errors, setErrors, refused } = useDiaryRefusal();
  // With one active service there is nothing to choose.
  const serviceId = values.serviceId || (active.length === 1 ? String(active[0]!.id) : '');
  const current = { ...values, serviceId };

  const set = <K extends keyof NewAppointmentValues>(
    field: K,
    value: NewAppointmentValues[K],
    clears: NewAppointmentField | null = field as NewAppointmentField,
  ) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, ...(clears ? { [clears]: undefined } : {}), form: undefined }));
    setAskOutside(false);
  };
  const field = (name: NewAppointmentField & keyof NewAppointmentValues) => ({
    name,
    value: current[name] as string,
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(name, e.target.value),
  });

  const members = (team.data ?? []).filter((m) => m.isActive);
  const offering = members.filter(
    (m) =>
      !serviceId || m.serviceIds.includes(Number(serviceId)) || String(m.id) === values.staffId,
  );
  const staffChoices = [
    { value: '', label: 'Any available' },
    ...offering.map((m) => ({ value: String(m.id), label: m.name })),
  ];

  const submit = (outsideHours = false) => {
    const request = newAppointmentRequest(current, tz);
    if (!request.body) {
      setErrors(request.errors);
      return;
    }
    const body = { ...request.body, outsideHours };
    create.mutate(body, {
      onSuccess: (booked) => {
        const outcome = smsOutcome({
          notify: values.notify,
          start: booked.date,
          sms: messaging.data?.sms,
        });
        toast({
          title: 'Appointment Booked',
          description: `${customerName(booked)}, ${booked.service.name}: ${formatWhen(booked.date, tz)}. ${outcome}`,
          variant: 'success',
        });
        onBooked?.(booked);
        onClose();
      },
      onError: refused,
    });
  };

  // The zone's abbreviation at the chosen time (AEST and AEDT change on a Sunday in April and October).
  const minutes = minutesOf(values.time);
  const when =
    /^\d{4}-\d{2}-\d{2}$/.test(values.day) && minutes !== null
      ? slotInstant(values.day, minutes, tz)
      : `${prefill.day}T12:00:00Z`;

  let body: React.ReactNode;
  if (services.isPending || team.isPending) {
    body = <Skeleton height={240} />;
  } else if (active.length === 0) {
    body = (
      <Alert variant="info">
        Add an active service first (Settings → Services): every appointment is for a service.
      </Alert>
    );
  } else {
    body = (
      <form
        id={FORM_ID}
        className="sw-stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="sw-form-row">
          <SelectField
            id="new-appointment-service"
            label="Service"
            value={serviceId}
            choices={[
              ...(serviceId ? [] : [{ value: '', label: 'Choose a service' }]),
              ...active.map((s) => ({
                value: String(s.id),
                label: `${s.name} (${s.duration} min)`,
              })),
            ]}
            error={errors.serviceId}
            onChange={(v) => set('serviceId', v)}
          />
          {members.length > 0 && (
            <SelectField
              id="new-appointment-staff"
              label="Staff member"
              value={values.staffId}
              choices={staffChoices}
              error={errors.staffId}
              onChange={(v) => set('staffId', v)}
            />
          )}
        </div>
        <div className="sw-form-row">
          <InputField label="Date" type="date" {...field('day')} />
          <InputField
            label="Time"
            type="time"
            step={300}
            hint={`Any time in steps of 5 minutes, ${timeZoneAbbreviation(when, tz)}.`}
            {...field('time')}
          />
        </div>
        <ToggleGroup
          label="Client"
          options={CLIENT_MODES}
          value={values.client}
          onChange={(mode) => set('client', mode, 'client')}
        />
        {values.client === 'existing' ? (
          <ClientPicker
            businessId={business.id}
            selected={picked}
            error={errors.client}
            onSelect={(c) => {
              setPicked(c);
              set('customerId', c?.id ?? null, 'client');
            }}
            onNewClient={(typed) => {
              setValues((v) => ({ ...v, client: 'new', ...newClientFrom(typed) }));
              setErrors({});
            }}
          />
        ) : (
          <>
            <div className="sw-form-row">
              <InputField label="First name" autoComplete="off" {...field('firstName')} />
              <InputField label="Last name" autoComplete="off" {...field('lastName')} />
            </div>
            <div className="sw-form-row">
              <InputField
                label="Mobile number"
                hint="Optional for a walk-in: without it, no text messages are sent."
                kind="tel"
                autoComplete="off"
                {...field('phone')}
              />
              <InputField
                label="Email (optional)"
                kind="email"
                autoComplete="off"
                {...field('email')}
              />
            </div>
            {errors.client && <p className="sw-field__error">{errors.client}</p>}
          </>
        )}
        <TextareaField label="Notes (optional)" rows={2} maxLength={1000} {...field('notes')} />
        <label className="sw-check">
          <input
            type="checkbox"
            checked={values.notify}
            onChange={(e) => set('notify', e.target.checked, null)}
          />
          Send the client an SMS confirmation with their links
        </label>
        {errors.form && <Alert variant="danger">{errors.form}</Alert>}
        {refusal && (
          <OutsideHoursQuestion
            action="book"
            refusal={refusal}
            busy={create.isPending}
            onConfirm={() => submit(true)}
            onCancel={() => setAskOutside(false)}
          />
        )}
      </form>
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !create.isPending && onClose()}
      title="New appointment"
      description="Book a phone or walk-in client."
      footer={
        !askOutside && (
          <>
            <Button variant="secondary" disabled={create.isPending} onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              form={FORM_ID}
              loading={create.isPending}
              disabled={active.length === 0}
            >
              Book Appointment
            </Button>
          </>
        )
      }
    >
      {body}
    </Dialog>
  );
}
