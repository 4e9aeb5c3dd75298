import { useState } from 'react';
import {
  type Service,
  SERVICE_DEFAULTS,
  SERVICE_DURATION_MIN,
  SERVICE_DURATION_STEP,
  parseDollarsToCents,
} from '@slotwise/contracts';
import { Button, Dialog, Field, Input, Label, Switch, Textarea, toast } from '@slotwise/ui';

export interface ServiceFormValues {
  name: string;
  description: string | null;
  duration: number;
  price: number;
  isActive: boolean;
}

interface ServiceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The service being edited, or null to add one. */
  service: Service | null;
  saving: boolean;
  onSave: (values: ServiceFormValues) => void;
}

const centsToDollars = (cents: number) => (cents / 100).toFixed(2);

/** Add Service / Edit Service: price typed in dollars and sent in cents (decision 3). */
export function ServiceDialog({ open, onOpenChange, service, saving, onSave }: ServiceDialogProps) {
  const [name, setName] = useState(service?.name ?? '');
  const [description, setDescription] = useState(service?.description ?? '');
  const [duration, setDuration] = useState(String(service?.duration ?? SERVICE_DEFAULTS.duration));
  const [price, setPrice] = useState(centsToDollars(service?.price ?? SERVICE_DEFAULTS.price));
  const [isActive, setIsActive] = useState(service?.isActive ?? SERVICE_DEFAULTS.isActive);
  const [invalid, setInvalid] = useState(false);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const cents = parseDollarsToCents(price);
    const minutes = Number(duration);
    if (name.trim() === '' || cents === null || !Number.isFinite(minutes) || duration === '') {
      setInvalid(true);
      toast({
        title: 'Validation Error',
        description: 'Validation Error: Please fill in all required fields.',
        variant: 'destructive',
      });
      return;
    }
    setInvalid(false);
    onSave({
      name: name.trim(),
      description: description.trim() || null,
      duration: Math.max(
        SERVICE_DURATION_MIN,
        Math.round(minutes / SERVICE_DURATION_STEP) * SERVICE_DURATION_STEP,
      ),
      price: cents,
      isActive,
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={service ? 'Edit Service' : 'Add Service'}
      description={
        service ? 'Update the details of this service.' : 'Add a service customers can book.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="service-form" loading={saving}>
            {service ? 'Save Changes' : 'Add Service'}
          </Button>
        </>
      }
    >
      <form className="sw-stack" noValidate onSubmit={onSubmit} id="service-form">
        {invalid && (
          <p className="sw-field__error" role="alert">
            Validation Error: Please fill in all required fields.
          </p>
        )}
        <Field label="Service Name" error={invalid && !name.trim() ? 'Required' : null}>
          {(control) => (
            <Input
              {...control}
              name="name"
              value={name}
              placeholder="e.g. Haircut & Style"
              onChange={(e) => setName(e.target.value)}
              required
            />
          )}
        </Field>
        <Field label="Description">
          {(control) => (
            <Textarea
              {...control}
              name="description"
              rows={3}
              value={description}
              placeholder="What's included, who it suits…"
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
        <div className="dash-form-row">
          <Field label="Duration (minutes)">
            {(control) => (
              <Input
                {...control}
                name="duration"
                type="number"
                inputMode="numeric"
                min={SERVICE_DURATION_MIN}
                step={SERVICE_DURATION_STEP}
                value={duration}
                // Non-numeric input is ignored (spec section 5).
                onChange={(e) => {
                  if (/^\d*$/.test(e.target.value)) setDuration(e.target.value);
                }}
                required
              />
            )}
          </Field>
          <Field label="Price (AUD)">
            {(control) => (
              <Input
                {...control}
                name="price"
                inputMode="decimal"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
                onBlur={() => {
                  const cents = parseDollarsToCents(price);
                  if (cents !== null) setPrice(centsToDollars(cents));
                }}
                required
              />
            )}
          </Field>
        </div>
        <div className="dash-switch-row">
          <Switch id="service-active" checked={isActive} onCheckedChange={setIsActive} />
          <Label htmlFor="service-active">Active (customers can book it)</Label>
        </div>
      </form>
    </Dialog>
  );
}
