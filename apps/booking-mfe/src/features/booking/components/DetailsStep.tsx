import { type Dispatch, type FormEvent, useState } from 'react';
import {
  type AvailableTime,
  type Service,
  type StaffMember,
  BookingFormSchema,
  formatCalendarDay,
  formatPrice,
  validate,
} from '@slotwise/contracts';
import {
  Alert,
  ArrowLeftIcon,
  Button,
  Card,
  CardBody,
  Field,
  Input,
  Textarea,
  toast,
} from '@slotwise/ui';
import { buildAppointmentRequest } from '../build-request';
import { type BookingSubmission } from '../submission';
import { type BookingFormValues, type WizardAction } from '../wizard';
import { StepHeading } from './StepHeading';

interface DetailsStepProps {
  /** Focus the heading on mount (true after the customer has moved between steps). */
  focusHeading: boolean;
  businessId: number;
  timeZone: string;
  service: Service | null;
  staffMember: StaffMember | null;
  date: string | null;
  slot: AvailableTime | null;
  form: BookingFormValues;
  bookingError: string | null;
  submitting: boolean;
  dispatch: Dispatch<WizardAction>;
  onSubmit: (submission: BookingSubmission) => void;
}

type FieldErrors = Partial<Record<keyof BookingFormValues, string>>;

export default function DetailsStep({
  focusHeading,
  businessId,
  service,
  staffMember,
  date,
  slot,
  form,
  bookingError,
  submitting,
  dispatch,
  onSubmit,
}: DetailsStepProps) {
  const [errors, setErrors] = useState<FieldErrors>({});

  const edit = (field: keyof BookingFormValues) => (value: string) => {
    dispatch({ type: 'editForm', field, value });
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!service || !date || !slot) {
      toast({
        title: 'Please complete all fields',
        description: 'Choose a service, date, and time before booking.',
        variant: 'destructive',
      });
      return;
    }
    const parsed = validate(BookingFormSchema, form);
    if (parsed.errors) {
      const next = parsed.errors;
      setErrors(next);
      const firstInvalid = (['name', 'phone', 'notes'] as const).find((f) => next[f]);
      if (firstInvalid) document.getElementById(`bk-${firstInvalid}`)?.focus();
      return;
    }
    setErrors({});
    onSubmit({
      request: buildAppointmentRequest(
        { businessId, service, slot, staffId: staffMember?.id ?? null },
        parsed.data,
      ),
      name: parsed.data.name,
      phone: parsed.data.phone,
      serviceName: service.name,
    });
  };

  return (
    <section className="bk-step" aria-labelledby="bk-step-title">
      <StepHeading id="bk-step-title" className="bk-step__title" focus={focusHeading}>
        Enter Your Details
      </StepHeading>

      <Card className="bk-summary">
        <CardBody>
          <h3 className="bk-panel-title">Booking Summary</h3>
          <dl className="sw-summary">
            <dt>Service</dt>
            <dd>{service?.name ?? '—'}</dd>
            {staffMember && (
              <>
                <dt>Staff</dt>
                <dd>{staffMember.name}</dd>
              </>
            )}
            <dt>Date</dt>
            <dd>{date ? formatCalendarDay(date) : '—'}</dd>
            <dt>Time</dt>
            <dd>{slot?.time ?? '—'}</dd>
            <dt>Price</dt>
            <dd>{service ? formatPrice(service.price) : '—'}</dd>
            <dt>Duration</dt>
            <dd>{service ? `${service.duration} min` : '—'}</dd>
          </dl>
        </CardBody>
      </Card>

      {bookingError && (
        <Alert variant="danger" title={bookingError}>
          <p>Someone else has just taken this time. Please choose another one.</p>
          <Button
            size="sm"
            variant="secondary"
            className="bk-alert-action"
            onClick={() => dispatch({ type: 'chooseAnotherTime' })}
          >
            Choose another time
          </Button>
        </Alert>
      )}

      <Card>
        <CardBody>
          <form className="sw-stack" noValidate onSubmit={handleSubmit}>
            <Field id="bk-name" label="Your Name" error={errors.name}>
              {(control) => (
                <Input
                  {...control}
                  name="name"
                  autoComplete="name"
                  placeholder="Full name"
                  value={form.name}
                  onChange={(e) => edit('name')(e.target.value)}
                />
              )}
            </Field>
            <Field
              id="bk-phone"
              label="Mobile Number"
              error={errors.phone}
              hint="We'll text your confirmation and a link to cancel or reschedule."
            >
              {(control) => (
                <Input
                  {...control}
                  type="tel"
                  name="phone"
                  autoComplete="tel"
                  inputMode="tel"
                  placeholder="e.g. +61 400 123 456"
                  value={form.phone}
                  onChange={(e) => edit('phone')(e.target.value)}
                />
              )}
            </Field>
            <Field id="bk-notes" label="Special Notes (Optional)" error={errors.notes}>
              {(control) => (
                <Textarea
                  {...control}
                  name="notes"
                  rows={3}
                  value={form.notes}
                  onChange={(e) => edit('notes')(e.target.value)}
                />
              )}
            </Field>
            <div className="bk-step__actions bk-step__actions--split">
              <Button
                variant="secondary"
                disabled={submitting}
                onClick={() => dispatch({ type: 'backToDateTime' })}
              >
                <ArrowLeftIcon width={16} height={16} />
                Back
              </Button>
              <Button type="submit" size="lg" loading={submitting}>
                {submitting ? 'Processing...' : 'Book Appointment'}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </section>
  );
}
