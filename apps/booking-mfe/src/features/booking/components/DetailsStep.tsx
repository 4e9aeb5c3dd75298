import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  type Service,
  type StaffMember,
  APPOINTMENT_NOTES_MAX,
  BookingFormSchema,
  formatCalendarDay,
  formatPrice,
  isPlausiblePhoneNumber,
  isTypedAustralianMobile,
  PaymentMessages,
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
  cx,
  toast,
  useForm,
} from '@slotwise/ui';
import { buildAppointmentRequest } from '../build-request';
import { type BookingSubmission } from '../submission';
import { useWizard } from '../WizardProvider';
import { StepHeading } from './StepHeading';

// No public read says whether this business can send SMS (GET /api/messaging-status is the
// owner's), so the hint promises no text: the confirmation screen says whether one is coming.
const PHONE_HINT =
  'For your booking. The next screen says whether a confirmation SMS with your links is on its way.';
const NOT_A_MOBILE_HINT =
  "We can only text Australian mobiles: you won't get an SMS with your links; add your email to get them by email.";
const NOT_A_MOBILE_WITH_EMAIL_HINT =
  'We can only text Australian mobiles: your confirmation and links will come by email.';
const EMAIL_HINT = "We'll also email your confirmation with a calendar invite.";

/** From this many characters on, the notes counter warns that the limit is near. */
const NOTES_NEAR_LIMIT = APPOINTMENT_NOTES_MAX * 0.9;

/** What the phone field says under the number: SMS go to Australian mobiles only. */
function phoneHint(phone: string, email: string): string {
  if (!isPlausiblePhoneNumber(phone) || isTypedAustralianMobile(phone)) return PHONE_HINT;
  return email.trim() ? NOT_A_MOBILE_WITH_EMAIL_HINT : NOT_A_MOBILE_HINT;
}

interface DetailsStepProps {
  /** Focus the heading on mount (true after the customer has moved between steps). */
  focusHeading: boolean;
  businessId: number;
  service: Service | null;
  staffMember: StaffMember | null;
  submitting: boolean;
  onSubmit: (submission: BookingSubmission) => void;
}

export default function DetailsStep({
  focusHeading,
  businessId,
  service,
  staffMember,
  submitting,
  onSubmit,
}: DetailsStepProps) {
  const {
    date,
    slot,
    form: values,
    bookingError,
    detailsErrors,
    policyAccepted,
    ...wizard
  } = useWizard((w) => w);
  const policy = service?.policySummary ?? null;
  const [policyError, setPolicyError] = useState(false);
  // The values live in the wizard's store, so they survive a trip back for another time.
  const form = useForm(BookingFormSchema, values, { values, onValueChange: wizard.editForm });

  // After a refused submit, focus the first field with a message (once the messages are shown).
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = () =>
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  const [refusedSubmits, setRefusedSubmits] = useState(0);
  useEffect(() => {
    if (refusedSubmits > 0) focusFirstInvalid();
  }, [refusedSubmits]);
  // The API's refusal too, but only when it names more fields than before: fixing one of its
  // fields must not move the focus to another while the customer types.
  const apiRefusals = Object.values(detailsErrors).filter(Boolean).length;
  const shownApiRefusals = useRef(0);
  useEffect(() => {
    if (apiRefusals > shownApiRefusals.current) focusFirstInvalid();
    shownApiRefusals.current = apiRefusals;
  }, [apiRefusals]);
  // The form's own message first; else what the API said about the field on the last submit.
  const errorOf = (field: keyof typeof values) => form.errors[field] ?? detailsErrors[field];
  const notesLength = values.notes.length;

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
    const data = form.check();
    const unaccepted = policy !== null && !policyAccepted;
    setPolicyError(unaccepted);
    if (!data || unaccepted) {
      setRefusedSubmits((n) => n + 1);
      return;
    }
    const request = buildAppointmentRequest(
      { businessId, service, slot, staffId: staffMember?.id ?? null },
      data,
    );
    onSubmit({
      // The exact wording shown is what the customer accepts (the API stores it).
      request: policy !== null ? { ...request, acceptedPolicy: policy } : request,
      name: data.name,
      phone: data.phone,
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
            <dd>{slot ? `${slot.time} ${slot.timeZoneName}` : '—'}</dd>
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
            onClick={wizard.chooseAnotherTime}
          >
            Choose another time
          </Button>
        </Alert>
      )}

      <Card>
        <CardBody>
          <form ref={formRef} className="sw-stack" noValidate onSubmit={handleSubmit}>
            <Field id="bk-name" label="Your Name" error={errorOf('name')}>
              {(control) => (
                <Input
                  {...control}
                  {...form.bind('name')}
                  autoComplete="name"
                  placeholder="Full name"
                />
              )}
            </Field>
            <Field
              id="bk-phone"
              label="Mobile Number"
              error={errorOf('phone')}
              hint={phoneHint(values.phone, values.email)}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.bind('phone')}
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  placeholder="e.g. +61 400 123 456"
                />
              )}
            </Field>
            <Field
              id="bk-email"
              label="Email (optional)"
              error={errorOf('email')}
              hint={EMAIL_HINT}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.bind('email')}
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  placeholder="e.g. alex@example.com"
                />
              )}
            </Field>
            <Field
              id="bk-notes"
              label="Special Notes (Optional)"
              error={errorOf('notes')}
              hint={
                <span
                  className={cx(
                    'bk-notes-count',
                    notesLength >= NOTES_NEAR_LIMIT && 'bk-notes-count--near',
                  )}
                >
                  {notesLength} / {APPOINTMENT_NOTES_MAX}
                  <span className="sw-visually-hidden"> characters</span>
                </span>
              }
            >
              {(control) => (
                <Textarea
                  {...control}
                  {...form.bind('notes')}
                  rows={3}
                  maxLength={APPOINTMENT_NOTES_MAX}
                />
              )}
            </Field>
            {policy !== null && (
              <PolicyAcceptance
                policy={policy}
                newClientsOnly={service?.policyNewClientsOnly === true}
                accepted={policyAccepted}
                error={policyError && !policyAccepted}
                onChange={wizard.acceptPolicy}
              />
            )}
            <div className="bk-step__actions bk-step__actions--split">
              <Button variant="secondary" disabled={submitting} onClick={wizard.backToDateTime}>
                <ArrowLeftIcon width={16} height={16} />
                Back
              </Button>
              <Button type="submit" size="lg" loading={submitting}>
                {submitting
                  ? 'Processing...'
                  : policy !== null
                    ? 'Continue to payment'
                    : 'Book Appointment'}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </section>
  );
}

/** The business's policy in plain words and the box the customer ticks to accept it. */
function PolicyAcceptance({
  policy,
  newClientsOnly,
  accepted,
  error,
  onChange,
}: {
  policy: string;
  newClientsOnly: boolean;
  accepted: boolean;
  error: boolean;
  onChange: (accepted: boolean) => void;
}) {
  return (
    <div className={cx('bk-policy-accept', error && 'bk-policy-accept--error')}>
      <h3 className="bk-panel-title">Booking policy</h3>
      <p className="bk-policy" data-testid="booking-policy">
        {policy}
      </p>
      {newClientsOnly && (
        <p className="bk-policy__note">
          This applies to new clients; if you have booked here before, nothing is taken.
        </p>
      )}
      <label className="bk-policy-accept__check">
        <input
          type="checkbox"
          checked={accepted}
          aria-invalid={error || undefined}
          aria-describedby={error ? 'bk-policy-error' : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>I accept this booking policy</span>
      </label>
      {error && (
        <p id="bk-policy-error" className="sw-field__error" role="alert">
          {PaymentMessages.policyNotAccepted}
        </p>
      )}
    </div>
  );
}
