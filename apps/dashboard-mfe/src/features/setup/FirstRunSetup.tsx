import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@slotwise/api-client';
import {
  type AuRegion,
  type AuTimeZone,
  type Availability,
  type Business,
  REGION_TIME_ZONES,
  type Service,
  UpdateBusinessRequestSchema,
  formatPrice,
  parseDollarsToCents,
} from '@slotwise/contracts';
import {
  Button,
  Card,
  CardBody,
  CheckIcon,
  InputField,
  Page,
  PageHeader,
  cx,
  toast,
  useForm,
} from '@slotwise/ui';
import { useSaveWeeklyHours } from '../hours';
import {
  ownerKeys,
  REGION_CHOICES,
  SaveRow,
  SelectField,
  TIME_ZONE_CHOICES,
  useOwner,
  useUpdateBusiness,
} from '../owner';
import { bookingLink, BookingLinkRow, slugError } from '../publishing';
import { useServiceMutation } from '../services';
import {
  CLOSING_BEFORE_OPENING,
  HOURS_PRESETS,
  type HoursPreset,
  TIME_CHOICES,
  markSetupInProgress,
  presetWeek,
  setupProgress,
  suggestedSlug,
} from './setup';
import './setup.css';

const failure = (error: unknown, fallback: string) =>
  toast({
    title: 'Error',
    description: (isApiError(error) ? error.serverMessage : null) ?? fallback,
    variant: 'destructive',
  });

function Step({
  number,
  title,
  done,
  active,
  summary,
  action,
  children,
}: {
  number: number;
  title: string;
  done: boolean;
  active: boolean;
  summary: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li
      className={cx('setup-step', active && 'setup-step--active')}
      aria-current={active ? 'step' : undefined}
    >
      <span className={cx('setup-step__mark', done && !active && 'setup-step__mark--done')}>
        {done && !active ? <CheckIcon width={16} height={16} aria-hidden="true" /> : number}
      </span>
      <div className="setup-step__body">
        <div className="setup-step__head sw-row sw-row--spread">
          <h2 className="setup-step__title">
            {title}
            {done && !active && <span className="sw-visually-hidden"> (done)</span>}
          </h2>
          {!active && action}
        </div>
        {active ? children : summary && <p className="setup-step__summary">{summary}</p>}
      </div>
    </li>
  );
}

/**
 * Step 1: the name customers see, the booking link made from it, where the business is (its state
 * picks its time zone) and the address new bookings are emailed to (the sign-in one to start).
 */
function NameStep({ business }: { business: Business }) {
  const update = useUpdateBusiness(business.id);
  const [linkEdited, setLinkEdited] = useState(false);
  const [region, setRegion] = useState<AuRegion>(business.region);
  const [timeZone, setTimeZone] = useState(business.timeZone);
  const form = useForm(UpdateBusinessRequestSchema, () => ({
    name: '',
    slug: business.slug,
    email: business.email ?? '',
  }));
  const nameField = form.field('name');

  const onSubmit = form.handleSubmit(
    ({ name, slug, email }) => {
      const changes = {
        name,
        ...(slug && slug !== business.slug && { slug }),
        region,
        timeZone: timeZone as AuTimeZone,
        email,
      };
      update.mutate(changes, {
        onError: (error) => {
          const message = slugError(error);
          if (message) form.setErrors({ slug: message });
          else failure(error, 'Failed to save the name. Please try again.');
        },
      });
    },
    (values) => (values.name.trim() ? {} : { name: 'Business Name is required' }),
  );

  return (
    <form className="sw-stack" noValidate onSubmit={onSubmit} aria-label="Name your business">
      <InputField
        label="Business Name"
        required
        autoComplete="organization"
        placeholder="e.g. Harbour Hair Studio"
        {...nameField}
        onChange={(e) => {
          nameField.onChange(e);
          if (!linkEdited) form.set('slug', suggestedSlug(e.target.value, business.slug));
        }}
      />
      <InputField
        label="Booking link"
        hint={`Customers book at ${bookingLink(form.values.slug || '…')}`}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        {...form.field('slug')}
        onChange={(e) => {
          setLinkEdited(true);
          form.set('slug', e.target.value);
        }}
      />
      <div className="sw-form-row">
        <SelectField
          id="setup-region"
          label="State or territory"
          value={region}
          choices={REGION_CHOICES}
          onChange={(value) => {
            // The zone follows the state unless the owner chose another one for it.
            if (timeZone === REGION_TIME_ZONES[region]) {
              setTimeZone(REGION_TIME_ZONES[value as AuRegion]);
            }
            setRegion(value as AuRegion);
          }}
        />
        <SelectField
          id="setup-time-zone"
          label="Time zone"
          hint="Your hours, bookings and messages use it."
          value={timeZone}
          choices={TIME_ZONE_CHOICES}
          onChange={setTimeZone}
        />
      </div>
      <InputField
        label="Email for new bookings"
        kind="email"
        autoComplete="email"
        hint="We email you here when a customer books. Change it any time in Settings."
        {...form.field('email')}
      />
      <SaveRow label="Save and Continue" busy={update.isPending} />
    </form>
  );
}

const DURATIONS = [15, 30, 45, 60, 75, 90, 120, 150, 180, 240].map((m) => ({
  value: String(m),
  label: `${m} minutes`,
}));

/** Step 2: one service to book, with its duration and price. */
function ServiceStep({ business }: { business: Business }) {
  const { session } = useOwner();
  const client = useQueryClient();
  const save = useServiceMutation(business.id);
  const [name, setName] = useState('');
  const [duration, setDuration] = useState('60');
  const [price, setPrice] = useState('');
  const [errors, setErrors] = useState<{ name?: string; price?: string }>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseDollarsToCents(price);
    const found = {
      name: name.trim() ? undefined : 'Enter the name of the service',
      price: cents === null ? 'Enter a price in dollars, e.g. 85 or 85.50' : undefined,
    };
    setErrors(found);
    if (found.name || found.price || cents === null) return;
    save.mutate(
      {
        kind: 'create',
        body: {
          businessId: business.id,
          name: name.trim(),
          duration: Number(duration),
          price: cents,
        },
      },
      {
        // Whether the business is listed changes with its first service.
        onSuccess: () =>
          void client.invalidateQueries({ queryKey: ownerKeys.business(session.user.id) }),
        onError: (error) => failure(error, 'Failed to add the service. Please try again.'),
      },
    );
  };

  return (
    <form className="sw-stack" noValidate onSubmit={onSubmit} aria-label="Add your first service">
      <InputField
        label="Service Name"
        required
        placeholder="e.g. Haircut & Style"
        value={name}
        error={errors.name}
        onChange={(e) => {
          setName(e.target.value);
          setErrors((x) => ({ ...x, name: undefined }));
        }}
      />
      <div className="sw-form-row">
        <SelectField
          id="setup-duration"
          label="Duration"
          value={duration}
          choices={DURATIONS}
          onChange={setDuration}
        />
        <InputField
          label="Price (AUD)"
          required
          inputMode="decimal"
          placeholder="e.g. 85"
          value={price}
          error={errors.price}
          onChange={(e) => {
            setPrice(e.target.value);
            setErrors((x) => ({ ...x, price: undefined }));
          }}
        />
      </div>
      <p className="sw-field__hint">You can add more services, staff and buffers in Settings.</p>
      <SaveRow label="Add Service" busy={save.isPending} />
    </form>
  );
}

/** Step 3: keep the hours the business has, or pick days and times. */
function HoursStep({
  business,
  hasHours,
  onConfirmed,
}: {
  business: Business;
  hasHours: boolean;
  onConfirmed: () => void;
}) {
  const save = useSaveWeeklyHours(business.id);
  // Keeping the hours is recorded too: the business is published only once they are confirmed.
  const keep = useUpdateBusiness(business.id);
  const [choosing, setChoosing] = useState(!hasHours);
  const [preset, setPreset] = useState<HoursPreset>('weekdays');
  const [open, setOpen] = useState('09:00');
  const [close, setClose] = useState('17:00');
  const groupId = useId();
  const invalid = close <= open;

  if (!choosing) {
    return (
      <div className="sw-stack">
        <p className="setup-step__summary">
          Open {business.businessHours ?? 'on the days set in Settings'}.
        </p>
        <div className="dash-actions sw-row sw-row--end">
          <Button variant="secondary" onClick={() => setChoosing(true)}>
            Choose Other Hours
          </Button>
          <Button
            loading={keep.isPending}
            onClick={() =>
              keep.mutate(
                { hoursConfirmed: true },
                {
                  onSuccess: onConfirmed,
                  onError: (error) => failure(error, 'Failed to save the hours. Please try again.'),
                },
              )
            }
          >
            Keep These Hours
          </Button>
        </div>
      </div>
    );
  }

  const onSave = () => {
    if (invalid) return;
    save.mutate(presetWeek(preset, open, close), {
      onSuccess: onConfirmed,
      onError: (error) => failure(error, 'Failed to save the hours. Please try again.'),
    });
  };

  return (
    <div className="sw-stack">
      <fieldset className="dash-fieldset">
        <legend id={groupId}>Open on</legend>
        <div className="setup-choices" role="radiogroup" aria-labelledby={groupId}>
          {HOURS_PRESETS.map((p) => (
            <label key={p.value} className="setup-choice">
              <input
                type="radio"
                name="setup-days"
                value={p.value}
                checked={preset === p.value}
                onChange={() => setPreset(p.value)}
              />
              {p.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="sw-form-row">
        <SelectField
          id="setup-open"
          label="Opening time"
          value={open}
          choices={TIME_CHOICES}
          onChange={setOpen}
        />
        <SelectField
          id="setup-close"
          label="Closing time"
          value={close}
          choices={TIME_CHOICES}
          error={invalid ? CLOSING_BEFORE_OPENING : undefined}
          onChange={setClose}
        />
      </div>
      <p className="sw-field__hint">Breaks, other hours per day and closures are in Settings.</p>
      <SaveRow label="Save Hours" busy={save.isPending} onClick={onSave} disabled={invalid} />
    </div>
  );
}

function Ready({ business, onDone }: { business: Business; onDone: () => void }) {
  const link = bookingLink(business.slug);
  return (
    <Card as="section" aria-labelledby="setup-ready-title" className="setup-ready">
      <CardBody className="sw-stack">
        <h2 id="setup-ready-title" className="setup-ready__title">
          Your booking page is ready
        </h2>
        <p className="dash-muted">
          {business.publishingEnabled === false
            ? 'Your booking page is switched off: turn it on in Settings when you are ready.'
            : 'Customers can book you at this link, and find you in the directory.'}
        </p>
        <BookingLinkRow link={link} />
        <div className="dash-actions sw-row sw-row--end">
          <Button onClick={onDone}>Go to Dashboard</Button>
        </div>
      </CardBody>
    </Card>
  );
}

/**
 * A new owner's first screen: the business's name (and booking link), a first service, and
 * opening hours, each saved through the same calls as Settings; then the booking link to share.
 */
export default function FirstRunSetup({
  business,
  services,
  hours,
  onSkip,
  onDone,
}: {
  business: Business;
  services: readonly Service[];
  hours: readonly Availability[];
  onSkip: () => void;
  onDone: () => void;
}) {
  const progress = setupProgress(business, services, hours);
  // A reload comes back here until the hours are confirmed (see SetupGate).
  useEffect(() => markSetupInProgress(business.id, true), [business.id]);
  // The hours are asked about even when the default week is there: the owner confirms them.
  const [hoursConfirmed, setHoursConfirmed] = useState(false);
  const [changingHours, setChangingHours] = useState(false);
  const current = !progress.name
    ? 'name'
    : !progress.service
      ? 'service'
      : !progress.hours || !hoursConfirmed || changingHours
        ? 'hours'
        : 'done';
  const firstService = services.find((s) => s.isActive);

  return (
    <Page className="dash-page setup-page">
      <PageHeader
        title="Set up your booking page"
        description="Three quick steps, and customers can book you online."
      />
      <ol className="setup-steps">
        <Step
          number={1}
          title="Name your business"
          done={progress.name}
          active={current === 'name'}
          summary={progress.name ? business.name : null}
        >
          <NameStep business={business} />
        </Step>
        <Step
          number={2}
          title="Add your first service"
          done={progress.service}
          active={current === 'service'}
          summary={
            firstService
              ? `${firstService.name} · ${firstService.duration} min · ${formatPrice(firstService.price)}`
              : null
          }
        >
          <ServiceStep business={business} />
        </Step>
        <Step
          number={3}
          title="Set your opening hours"
          done={progress.hours && hoursConfirmed}
          active={current === 'hours'}
          summary={progress.hours && hoursConfirmed ? business.businessHours : null}
          action={
            current === 'done' && (
              <Button variant="ghost" size="sm" onClick={() => setChangingHours(true)}>
                Change
              </Button>
            )
          }
        >
          <HoursStep
            business={business}
            hasHours={progress.hours && !changingHours}
            onConfirmed={() => {
              markSetupInProgress(business.id, false);
              setHoursConfirmed(true);
              setChangingHours(false);
            }}
          />
        </Step>
      </ol>
      {current === 'done' ? (
        <Ready business={business} onDone={onDone} />
      ) : (
        <div className="dash-actions sw-row sw-row--end setup-skip">
          <Button variant="ghost" onClick={onSkip}>
            Skip for now
          </Button>
        </div>
      )}
    </Page>
  );
}
