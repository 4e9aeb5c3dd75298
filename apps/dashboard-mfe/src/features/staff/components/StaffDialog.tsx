import {
  CreateStaffRequestSchema,
  type Service,
  type StaffMember,
  splitFullName,
} from '@slotwise/contracts';
import { InputField, TextareaField, toast, useForm } from '@slotwise/ui';
import { RecordDialog } from '../../owner/RecordDialog';

export interface StaffFormValues {
  firstName: string;
  lastName: string;
  title: string | null;
  email: string | null;
  phone: string | null;
  bio: string | null;
  profileImage: string | null;
  serviceIds: number[];
}

interface StaffDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  member: StaffMember | null;
  services: readonly Service[];
  saving: boolean;
  onSave: (values: StaffFormValues) => void;
}

/** The dialog checks the names only; the API checks the rest and says why in the error toast. */
const NamesSchema = CreateStaffRequestSchema.pick({ firstName: true, lastName: true });

/** A blank name shows 'Required' under its field. */
function blankNames(values: { firstName: string; lastName: string }) {
  return {
    firstName: values.firstName.trim() ? undefined : 'Required',
    lastName: values.lastName.trim() ? undefined : 'Required',
  };
}

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim());

function initialValues(member: StaffMember | null) {
  // Editing shows the full name split at the first space.
  const names = member ? splitFullName(member.name) : { firstName: '', lastName: '' };
  return {
    firstName: names.firstName,
    lastName: names.lastName,
    title: member?.position ?? '',
    email: member?.email ?? '',
    phone: member?.phone ?? '',
    bio: member?.bio ?? '',
    profileImage: member?.avatar ?? '',
    serviceIds: member?.serviceIds ?? ([] as readonly number[]),
  };
}

/** Add Staff / Edit Staff: first and last name required, the rest optional. */
export function StaffDialog({
  open,
  onOpenChange,
  member,
  services,
  saving,
  onSave,
}: StaffDialogProps) {
  const form = useForm(NamesSchema, () => initialValues(member));
  const { values, errors, bind } = form;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const names = form.check(blankNames);
    if (!names) {
      // A name the API would refuse (too long) says so under its field, without this toast.
      if (Object.values(blankNames(values)).some(Boolean)) {
        toast({
          title: 'Missing information',
          description: 'First name and last name are required.',
          variant: 'destructive',
        });
      }
      return;
    }
    onSave({
      firstName: names.firstName,
      lastName: names.lastName,
      title: blankToNull(values.title),
      email: blankToNull(values.email),
      phone: blankToNull(values.phone),
      bio: blankToNull(values.bio),
      profileImage: blankToNull(values.profileImage),
      serviceIds: [...values.serviceIds],
    });
  };

  return (
    <RecordDialog
      noun="Staff"
      editing={member !== null}
      description={
        member ? "Update this team member's details." : 'Add a team member customers can book.'
      }
      open={open}
      onOpenChange={onOpenChange}
      saving={saving}
      onSubmit={onSubmit}
    >
      <div className="dash-form-row">
        <InputField
          label="First Name"
          error={errors.firstName}
          autoComplete="off"
          {...bind('firstName')}
          required
        />
        <InputField
          label="Last Name"
          error={errors.lastName}
          autoComplete="off"
          {...bind('lastName')}
          required
        />
      </div>
      <InputField label="Title" placeholder="e.g. Senior Stylist" {...bind('title')} />
      <div className="dash-form-row">
        <InputField label="Email" type="email" inputMode="email" {...bind('email')} />
        <InputField label="Phone" type="tel" inputMode="tel" {...bind('phone')} />
      </div>
      <TextareaField label="Bio" rows={3} className="dash-textarea-3" {...bind('bio')} />
      <InputField
        label="Profile Image URL"
        type="url"
        inputMode="url"
        placeholder="https://"
        {...bind('profileImage')}
      />
      <fieldset className="dash-fieldset">
        <legend className="sw-label">Services offered</legend>
        {services.length === 0 ? (
          <p className="dash-muted">Add services first to choose what this person offers.</p>
        ) : (
          services.map((service) => (
            <label key={service.id} className="sw-check">
              <input
                type="checkbox"
                checked={values.serviceIds.includes(service.id)}
                onChange={(e) =>
                  form.set(
                    'serviceIds',
                    e.target.checked
                      ? [...values.serviceIds, service.id]
                      : values.serviceIds.filter((id) => id !== service.id),
                  )
                }
              />
              {service.name}
              {!service.isActive && <span className="dash-muted"> (inactive)</span>}
            </label>
          ))
        )}
      </fieldset>
    </RecordDialog>
  );
}
