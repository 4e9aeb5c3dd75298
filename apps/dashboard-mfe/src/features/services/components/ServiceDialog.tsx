import {
  BUFFER_CHOICES,
  CreateServiceRequestSchema,
  type Service,
  SERVICE_DEFAULTS,
  SERVICE_DURATION_MIN,
  SERVICE_DURATION_STEP,
  parseDollarsToCents,
} from '@slotwise/contracts';
import { InputField, Label, Switch, TextareaField, useForm } from '@slotwise/ui';
import {
  type Choice,
  RecordDialog,
  type RecordDialogControl,
  SelectField,
  submitRecord,
} from '../../owner';

export interface ServiceFormValues {
  name: string;
  description: string | null;
  duration: number;
  price: number;
  isActive: boolean;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
}

interface ServiceDialogProps extends RecordDialogControl<ServiceFormValues> {
  /** The service being edited, or null to add one. */
  service: Service | null;
}

const REQUIRED = 'Validation Error: Please fill in all required fields.';

const centsToDollars = (cents: number) => (cents / 100).toFixed(2);

/** The name is checked by the contract's rule; duration and price are typed as text here. */
const NameSchema = CreateServiceRequestSchema.pick({ name: true });

type Draft = { name: string; description: string; duration: string; price: string };

const BUFFERS: Choice[] = BUFFER_CHOICES.map((m) => ({
  value: String(m),
  label: m === 0 ? 'None' : `${m} minutes`,
}));

/** The two buffers, kept free around each booking. */
const BUFFER_FIELDS = [
  {
    key: 'bufferBeforeMinutes',
    id: 'service-buffer-before',
    label: 'Buffer before',
    hint: 'Set-up time kept free before each booking.',
  },
  {
    key: 'bufferAfterMinutes',
    id: 'service-buffer-after',
    label: 'Buffer after',
    hint: 'Clean-up time kept free after each booking.',
  },
] as const;

/** Name, duration and price are required; a blank name says 'Required' under its field. */
function requiredFields(draft: Draft) {
  return {
    name: draft.name.trim() ? undefined : 'Required',
    duration:
      draft.duration === '' || !Number.isFinite(Number(draft.duration)) ? REQUIRED : undefined,
    price: parseDollarsToCents(draft.price) === null ? REQUIRED : undefined,
  };
}

const DurationSchema = CreateServiceRequestSchema.shape.duration;

/**
 * The contract's rules for the duration (steps of 5 minutes, 12 hours at most): a duration the
 * API would refuse gets its message beside the field, never a rounded value.
 */
function durationRule(draft: Draft) {
  if (draft.duration === '') return {};
  const rule = DurationSchema.safeParse(Number(draft.duration));
  return { duration: rule.success ? undefined : rule.error.issues[0]?.message };
}

/** Add Service / Edit Service: the price is typed in dollars and sent in integer cents. */
export function ServiceDialog({ service, onSave, ...dialog }: ServiceDialogProps) {
  const form = useForm(NameSchema, () => ({
    name: service?.name ?? '',
    description: service?.description ?? '',
    duration: String(service?.duration ?? SERVICE_DEFAULTS.duration),
    price: centsToDollars(service?.price ?? SERVICE_DEFAULTS.price),
    isActive: service?.isActive ?? SERVICE_DEFAULTS.isActive,
    bufferBeforeMinutes: String(
      service?.bufferBeforeMinutes ?? SERVICE_DEFAULTS.bufferBeforeMinutes,
    ),
    bufferAfterMinutes: String(service?.bufferAfterMinutes ?? SERVICE_DEFAULTS.bufferAfterMinutes),
  }));
  const { values, errors, bind, field } = form;
  // Shown after a submit with a required field missing, until the owner fixes them.
  const missing = errors.duration === REQUIRED || !!errors.price || errors.name === 'Required';

  const onSubmit = submitRecord(
    form,
    requiredFields,
    { title: 'Validation Error', description: REQUIRED },
    (checked) => {
      const cents = parseDollarsToCents(values.price);
      // The required-field rule has already refused a price that does not parse.
      if (cents === null) return;
      onSave({
        name: checked.name,
        description: values.description.trim() || null,
        duration: Number(values.duration),
        price: cents,
        isActive: values.isActive,
        bufferBeforeMinutes: Number(values.bufferBeforeMinutes),
        bufferAfterMinutes: Number(values.bufferAfterMinutes),
      });
    },
    durationRule,
  );

  return (
    <RecordDialog
      noun="Service"
      editing={service !== null}
      description={
        service ? 'Update the details of this service.' : 'Add a service customers can book.'
      }
      {...dialog}
      onSubmit={onSubmit}
    >
      {missing && (
        <p className="sw-field__error" role="alert">
          {REQUIRED}
        </p>
      )}
      <InputField
        label="Service Name"
        placeholder="e.g. Haircut & Style"
        required
        {...field('name')}
      />
      <TextareaField
        label="Description"
        rows={3}
        placeholder="What's included, who it suits…"
        {...bind('description')}
      />
      <div className="sw-form-row">
        <InputField
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          min={SERVICE_DURATION_MIN}
          step={SERVICE_DURATION_STEP}
          {...field('duration')}
          // Anything but digits is ignored as it is typed.
          onChange={(e) => {
            if (/^\d*$/.test(e.target.value)) form.set('duration', e.target.value);
          }}
          required
        />
        <InputField
          label="Price (AUD)"
          inputMode="decimal"
          {...bind('price')}
          onBlur={() => {
            const cents = parseDollarsToCents(values.price);
            if (cents !== null) form.set('price', centsToDollars(cents));
          }}
          required
        />
      </div>
      <div className="sw-form-row">
        {BUFFER_FIELDS.map(({ key, id, label, hint }) => (
          <SelectField
            key={key}
            id={id}
            label={label}
            hint={hint}
            value={values[key]}
            choices={BUFFERS}
            onChange={(v) => form.set(key, v)}
          />
        ))}
      </div>
      <div className="dash-switch-row">
        <Switch
          id="service-active"
          checked={values.isActive}
          onCheckedChange={(on) => form.set('isActive', on)}
        />
        <Label htmlFor="service-active">Active (customers can book it)</Label>
      </div>
    </RecordDialog>
  );
}
