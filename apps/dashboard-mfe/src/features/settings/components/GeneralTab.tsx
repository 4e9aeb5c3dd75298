import { useState } from 'react';
import {
  type Business,
  type FieldErrors,
  UpdateBusinessRequestSchema,
  validate,
} from '@slotwise/contracts';
import {
  Button,
  Card,
  CardBody,
  CardHeader,
  Field,
  Input,
  Textarea,
  isApiError,
  toast,
} from '@slotwise/ui';
import { useUpdateBusiness } from '../../owner/api';

type FieldName = 'name' | 'logo' | 'description' | 'phone' | 'email' | 'address' | 'website';

function initialValues(business: Business): Record<FieldName, string> {
  return {
    name: business.name,
    logo: business.logo ?? '',
    description: business.description ?? '',
    phone: business.phone ?? '',
    email: business.email ?? '',
    address: business.address ?? '',
    website: business.website ?? '',
  };
}

/** Settings → General: the business profile customers see on the booking page. */
export function GeneralTab({ business }: { business: Business }) {
  const [values, setValues] = useState(() => initialValues(business));
  const [errors, setErrors] = useState<FieldErrors<FieldName>>({});
  const update = useUpdateBusiness(business.id);

  const edit =
    (field: FieldName) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setValues((v) => ({ ...v, [field]: e.target.value }));
      if (errors[field]) setErrors((x) => ({ ...x, [field]: undefined }));
    };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = validate(UpdateBusinessRequestSchema, values);
    if (parsed.errors || !values.name.trim()) {
      const next: FieldErrors<FieldName> = {};
      if (!values.name.trim()) next.name = 'Business Name is required';
      // The required-name text wins over the schema's for the same field.
      setErrors({ ...parsed.errors, ...next });
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: () =>
        toast({
          title: 'Business updated',
          description: 'Your business profile has been updated successfully',
          variant: 'success',
        }),
      onError: (error) =>
        toast({
          title: 'Error',
          description:
            (isApiError(error)
              ? (error.serverMessage ??
                (error.statusText ? `Failed to update business: ${error.statusText}` : null))
              : null) ?? 'Failed to update business settings. Please try again.',
          variant: 'destructive',
        }),
    });
  };

  return (
    <Card as="section">
      <CardBody className="sw-stack">
        <CardHeader
          title="Business Information"
          description="Shown to customers on your booking page."
        />
        <form className="sw-stack" noValidate onSubmit={onSubmit}>
          <Field label="Business Name" error={errors.name}>
            {(control) => (
              <Input
                {...control}
                name="name"
                required
                autoComplete="organization"
                value={values.name}
                onChange={edit('name')}
              />
            )}
          </Field>
          <Field label="Logo URL" error={errors.logo}>
            {(control) => (
              <Input
                {...control}
                name="logo"
                type="url"
                inputMode="url"
                placeholder="https://"
                value={values.logo}
                onChange={edit('logo')}
              />
            )}
          </Field>
          <Field label="Business Description" error={errors.description}>
            {(control) => (
              <Textarea
                {...control}
                name="description"
                rows={4}
                value={values.description}
                onChange={edit('description')}
              />
            )}
          </Field>
          <div className="dash-form-row">
            <Field label="Phone Number" error={errors.phone}>
              {(control) => (
                <Input
                  {...control}
                  name="phone"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  value={values.phone}
                  onChange={edit('phone')}
                />
              )}
            </Field>
            <Field label="Email Address" error={errors.email}>
              {(control) => (
                <Input
                  {...control}
                  name="email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  value={values.email}
                  onChange={edit('email')}
                />
              )}
            </Field>
          </div>
          <Field label="Business Address" error={errors.address}>
            {(control) => (
              <Input
                {...control}
                name="address"
                autoComplete="street-address"
                value={values.address}
                onChange={edit('address')}
              />
            )}
          </Field>
          <Field label="Website URL" error={errors.website}>
            {(control) => (
              <Input
                {...control}
                name="website"
                type="url"
                inputMode="url"
                placeholder="https://"
                value={values.website}
                onChange={edit('website')}
              />
            )}
          </Field>
          <div className="dash-actions">
            <Button type="submit" loading={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
