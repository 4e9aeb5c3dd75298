import { useState } from 'react';
import { type Service, type StaffMember, splitFullName } from '@slotwise/contracts';
import { Button, Dialog, Field, Input, Textarea, toast } from '@slotwise/ui';

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

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** Add Staff / Edit Staff (spec section 2, Staff Management card). */
export function StaffDialog({
  open,
  onOpenChange,
  member,
  services,
  saving,
  onSave,
}: StaffDialogProps) {
  // Editing shows the full name split at the first space (spec section 3).
  const names = member ? splitFullName(member.name) : { firstName: '', lastName: '' };
  const [values, setValues] = useState({
    firstName: names.firstName,
    lastName: names.lastName,
    title: member?.position ?? '',
    email: member?.email ?? '',
    phone: member?.phone ?? '',
    bio: member?.bio ?? '',
    profileImage: member?.avatar ?? '',
  });
  const [serviceIds, setServiceIds] = useState<number[]>(member?.serviceIds ?? []);
  const [missing, setMissing] = useState(false);

  const edit =
    (field: keyof typeof values) =>
    (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((v) => ({ ...v, [field]: e.target.value }));

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!values.firstName.trim() || !values.lastName.trim()) {
      setMissing(true);
      toast({
        title: 'Missing information',
        description: 'First name and last name are required.',
        variant: 'destructive',
      });
      return;
    }
    setMissing(false);
    onSave({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      title: blankToNull(values.title),
      email: blankToNull(values.email),
      phone: blankToNull(values.phone),
      bio: blankToNull(values.bio),
      profileImage: blankToNull(values.profileImage),
      serviceIds,
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={member ? 'Edit Staff' : 'Add Staff'}
      description={
        member ? "Update this team member's details." : 'Add a team member customers can book.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="staff-form" loading={saving}>
            {member ? 'Save Changes' : 'Add Staff'}
          </Button>
        </>
      }
    >
      <form id="staff-form" className="sw-stack" noValidate onSubmit={onSubmit}>
        <div className="dash-form-row">
          <Field label="First Name" error={missing && !values.firstName.trim() ? 'Required' : null}>
            {(control) => (
              <Input
                {...control}
                name="firstName"
                autoComplete="off"
                value={values.firstName}
                onChange={edit('firstName')}
                required
              />
            )}
          </Field>
          <Field label="Last Name" error={missing && !values.lastName.trim() ? 'Required' : null}>
            {(control) => (
              <Input
                {...control}
                name="lastName"
                autoComplete="off"
                value={values.lastName}
                onChange={edit('lastName')}
                required
              />
            )}
          </Field>
        </div>
        <Field label="Title">
          {(control) => (
            <Input
              {...control}
              name="title"
              placeholder="e.g. Senior Stylist"
              value={values.title}
              onChange={edit('title')}
            />
          )}
        </Field>
        <div className="dash-form-row">
          <Field label="Email">
            {(control) => (
              <Input
                {...control}
                name="email"
                type="email"
                inputMode="email"
                value={values.email}
                onChange={edit('email')}
              />
            )}
          </Field>
          <Field label="Phone">
            {(control) => (
              <Input
                {...control}
                name="phone"
                type="tel"
                inputMode="tel"
                value={values.phone}
                onChange={edit('phone')}
              />
            )}
          </Field>
        </div>
        <Field label="Bio">
          {(control) => (
            <Textarea
              {...control}
              name="bio"
              rows={3}
              className="dash-textarea-3"
              value={values.bio}
              onChange={edit('bio')}
            />
          )}
        </Field>
        <Field label="Profile Image URL">
          {(control) => (
            <Input
              {...control}
              name="profileImage"
              type="url"
              inputMode="url"
              placeholder="https://"
              value={values.profileImage}
              onChange={edit('profileImage')}
            />
          )}
        </Field>
        <fieldset className="dash-fieldset">
          <legend className="sw-label">Services offered</legend>
          {services.length === 0 ? (
            <p className="dash-muted">Add services first to choose what this person offers.</p>
          ) : (
            services.map((service) => (
              <label key={service.id} className="sw-check">
                <input
                  type="checkbox"
                  checked={serviceIds.includes(service.id)}
                  onChange={(e) =>
                    setServiceIds((ids) =>
                      e.target.checked
                        ? [...ids, service.id]
                        : ids.filter((id) => id !== service.id),
                    )
                  }
                />
                {service.name}
                {!service.isActive && <span className="dash-muted"> (inactive)</span>}
              </label>
            ))
          )}
        </fieldset>
      </form>
    </Dialog>
  );
}
