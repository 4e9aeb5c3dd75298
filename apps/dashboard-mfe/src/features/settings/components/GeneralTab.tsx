import { isApiError } from '@slotwise/api-client';
import { type Business, UpdateBusinessRequestSchema } from '@slotwise/contracts';
import {
  Card,
  CardBody,
  CardHeader,
  InputField,
  TextareaField,
  toast,
  useForm,
} from '@slotwise/ui';
import { SaveRow, useUpdateBusiness } from '../../owner';

function initialValues(business: Business) {
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

/** The required-name text wins over the schema's for the same field. */
const requireName = (values: { name: string }) =>
  values.name.trim() ? {} : { name: 'Business Name is required' };

/** The toast's text for a failed save: the server's message, else its status text, else ours. */
function updateFailure(error: unknown): string {
  if (isApiError(error)) {
    if (error.serverMessage) return error.serverMessage;
    if (error.statusText) return `Failed to update business: ${error.statusText}`;
  }
  return 'Failed to update business settings. Please try again.';
}

/** Settings → General: the business profile customers see on the booking page. */
export function GeneralTab({ business }: { business: Business }) {
  const form = useForm(UpdateBusinessRequestSchema, () => initialValues(business));
  const { field } = form;
  const update = useUpdateBusiness(business.id);

  const onSubmit = form.handleSubmit((changes) => {
    update.mutate(changes, {
      onSuccess: () =>
        toast({
          title: 'Business updated',
          description: 'Your business profile has been updated successfully',
          variant: 'success',
        }),
      onError: (error) =>
        toast({ title: 'Error', description: updateFailure(error), variant: 'destructive' }),
    });
  }, requireName);

  return (
    <Card as="section">
      <CardBody className="sw-stack">
        <CardHeader
          title="Business Information"
          description="Shown to customers on your booking page."
        />
        <form className="sw-stack" noValidate onSubmit={onSubmit}>
          <InputField
            label="Business Name"
            required
            autoComplete="organization"
            {...field('name')}
          />
          <InputField label="Logo URL" kind="url" {...field('logo')} />
          <TextareaField label="Business Description" rows={4} {...field('description')} />
          <div className="sw-form-row">
            <InputField label="Phone Number" kind="tel" autoComplete="tel" {...field('phone')} />
            <InputField
              label="Email Address"
              kind="email"
              autoComplete="email"
              {...field('email')}
            />
          </div>
          <InputField
            label="Business Address"
            autoComplete="street-address"
            {...field('address')}
          />
          <InputField label="Website URL" kind="url" {...field('website')} />
          <SaveRow label="Save Changes" busy={update.isPending} />
        </form>
      </CardBody>
    </Card>
  );
}
