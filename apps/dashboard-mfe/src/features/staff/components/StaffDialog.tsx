import {
  CreateStaffRequestSchema,
  type Service,
  type StaffMember,
  splitFullName,
} from '@slotwise/contracts';
import { InputField, TextareaField, useForm } from '@slotwise/ui';
import { RecordDialog, type RecordDialogControl, submitRecord } from '../../owner/RecordDialog';

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

interface StaffDialogProps extends RecordDialogControl<StaffFormValues> {
  /** The member being edited, or null to add one. */
  member: StaffMember | null;
  services: readonly Service[];
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
export function StaffDialog({ member, services, onSave, ...dialog }: StaffDialogProps) {
  const form = useForm(NamesSchema, () => initialValues(member));
  const { values, bind, field } = form;

  const onSubmit = submitRecord(
    form,
    blankNames,
    { title: 'Missing information', description: 'First name and last name are required.' },
    (names) =>
      onSave({
        firstName: names.firstName,
        lastName: names.lastName,
        title: blankToNull(values.title),
        email: blankToNull(values.email),
        phone: blankToNull(values.phone),
        bio: blankToNull(values.bio),
        profileImage: blankToNull(values.profileImage),
        serviceIds: [...values.serviceIds],
      }),
  );

  return (
    <RecordDialog
      noun="Staff"
      editing={member !== null}
      description={
        member ? "Update this team member's details." : 'Add a team member customers can book.'
      }
      {...dialog}
      onSubmit={onSubmit}
    >
      <div className="sw-form-row">
        <InputField label="First Name" autoComplete="off" required {...field('firstName')} />
        <InputField label="Last Name" autoComplete="off" required {...field('lastName')} />
      </div>
      <InputField label="Title" placeholder="e.g. Senior Stylist" {...bind('title')} />
      <div className="sw-form-row">
        <InputField label="Email" kind="email" {...bind('email')} />
        <InputField label="Phone" kind="tel" {...bind('phone')} />
      </div>
      <TextareaField label="Bio" rows={3} className="dash-textarea-3" {...bind('bio')} />
      <InputField label="Profile Image URL" kind="url" {...bind('profileImage')} />
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
