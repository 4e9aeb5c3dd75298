import {
  CreateServiceRequestSchema,
  type Service,
  SERVICE_DEFAULTS,
  SERVICE_DURATION_MIN,
  SERVICE_DURATION_STEP,
  parseDollarsToCents,
} from '@slotwise/contracts';
import { InputField, Label, Switch, TextareaField, useForm } from '@slotwise/ui';
import { RecordDialog, type RecordDialogControl, submitRecord } from '../../owner/RecordDialog';

export interface ServiceFormValues {
  name: string;
  description: string | null;
  duration: number;
  price: number;
  isActive: boolean;
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

/** Name, duration and price are required; a blank name says 'Required' under its field. */
function requiredFields(draft: Draft) {
  return {
    name: draft.name.trim() ? undefined : 'Required',
    duration:
      draft.duration === '' || !Number.isFinite(Number(draft.duration)) ? REQUIRED : undefined,
    price: parseDollarsToCents(draft.price) === null ? REQUIRED : undefined,
  };
}

/** Minutes rounded to the nearest step, never below the minimum. */
const stepMinutes = (minutes: number) =>
  Math.max(
    SERVICE_DURATION_MIN,
    Math.round(minutes / SERVICE_DURATION_STEP) * SERVICE_DURATION_STEP,
  );

/** Add Service / Edit Service: the price is typed in dollars and sent in integer cents. */
export function ServiceDialog({ service, onSave, ...dialog }: ServiceDialogProps) {
  const form = useForm(NameSchema, () => ({
    name: service?.name ?? '',
    description: service?.description ?? '',
    duration: String(service?.duration ?? SERVICE_DEFAULTS.duration),
    price: centsToDollars(service?.price ?? SERVICE_DEFAULTS.price),
    isActive: service?.isActive ?? SERVICE_DEFAULTS.isActive,
  }));
  const { values, errors, bind, field } = form;
  // Shown after a submit with a required field missing, until the owner fixes them.
  const missing = !!(errors.duration || errors.price || errors.name === 'Required');

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
        duration: stepMinutes(Number(values.duration)),
        price: cents,
        isActive: values.isActive,
      });
    },
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
          {...bind('duration')}
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
