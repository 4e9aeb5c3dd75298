import { AffectedBookingsDialog, useAffectedBookings, useWeeklyHours } from '../../hours';
import { type ReactNode, useState } from 'react';
import { isApiError } from '@slotwise/api-client';
import {
  CreateStaffRequestSchema,
  type Service,
  type StaffMember,
  splitFullName,
} from '@slotwise/contracts';
import { InputField, Skeleton, TextareaField, toast, useForm } from '@slotwise/ui';
import { RecordDialog, type RecordDialogControl, submitRecord } from '../../owner';
import { useSaveStaffHours, useStaffHours } from '../api';
import {
  type StaffHoursDraft,
  staffDraft,
  staffHoursChanged,
  staffHoursInvalid,
  toStaffRequest,
} from '../staff-hours';
import { StaffHoursSection } from './StaffHoursSection';
import { TimeOffSection } from './TimeOffSection';

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
  businessId: number;
  /** The business's zone: time off and affected bookings are in its local time. */
  timeZone: string;
}

/** What editing adds to the dialog: the hours and time off, saved before the details. */
interface Schedule {
  section: ReactNode;
  /** Saves the hours when changed (after the affected-bookings question), then `saveDetails`. */
  beforeSave: (saveDetails: () => void) => void;
  busy: boolean;
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

function StaffDetailsDialog({
  member,
  services,
  onSave,
  schedule,
  saving,
  ...dialog
}: Omit<StaffDialogProps, 'businessId' | 'timeZone'> & { schedule?: Schedule }) {
  const form = useForm(NamesSchema, () => initialValues(member));
  const { values, bind, field } = form;

  const onSubmit = submitRecord(
    form,
    blankNames,
    { title: 'Missing information', description: 'First name and last name are required.' },
    (names) => {
      const details = {
        firstName: names.firstName,
        lastName: names.lastName,
        title: blankToNull(values.title),
        email: blankToNull(values.email),
        phone: blankToNull(values.phone),
        bio: blankToNull(values.bio),
        profileImage: blankToNull(values.profileImage),
        serviceIds: [...values.serviceIds],
      };
      if (schedule) schedule.beforeSave(() => onSave(details));
      else onSave(details);
    },
  );

  return (
    <RecordDialog
      noun="Staff"
      editing={member !== null}
      description={
        member
          ? "Update this team member's details, working hours and time off."
          : 'Add a team member customers can book.'
      }
      {...dialog}
      saving={saving || (schedule?.busy ?? false)}
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
      {schedule ? (
        schedule.section
      ) : (
        <p className="dash-muted dash-small">
          Working hours and time off can be set once the team member is added.
        </p>
      )}
    </RecordDialog>
  );
}

/** Edit Staff: the details, plus the person's working hours and time off. */
function EditStaffDialog({
  member,
  businessId,
  timeZone,
  ...props
}: StaffDialogProps & { member: StaffMember }) {
  const saved = useStaffHours(member.id);
  const businessHours = useWeeklyHours(businessId);
  const saveHours = useSaveStaffHours(member.id);
  const affected = useAffectedBookings(businessId, timeZone);
  const [edited, setEdited] = useState<StaffHoursDraft | null>(null);
  const draft = edited ?? (saved.data ? staffDraft(saved.data) : null);

  const beforeSave = (saveDetails: () => void) => {
    if (!draft || !saved.data || !staffHoursChanged(draft, saved.data)) {
      saveDetails();
      return;
    }
    if (staffHoursInvalid(draft)) {
      toast({
        title: 'Check the working hours',
        description: 'Fix the highlighted hours to save.',
        variant: 'destructive',
      });
      return;
    }
    const days = toStaffRequest(draft);
    affected.guard({ kind: 'staff-hours', staffId: member.id, days }, () =>
      saveHours.mutate(days, {
        onSuccess: saveDetails,
        onError: (error) =>
          toast({
            title: 'Error',
            description:
              (isApiError(error) ? error.serverMessage : null) ??
              'Failed to save the working hours. Please try again.',
            variant: 'destructive',
          }),
      }),
    );
  };

  const section = (
    <>
      {saved.isPending ? (
        <div className="sw-stack" aria-busy="true">
          <span className="sw-label">Working hours</span>
          <Skeleton height={88} radius={10} />
        </div>
      ) : saved.isError || !draft ? (
        <p className="sw-field__error">
          Could not load the working hours: {saved.error?.message ?? 'please try again.'}
        </p>
      ) : (
        <StaffHoursSection
          staffName={member.name}
          draft={draft}
          businessHours={businessHours.data}
          onChange={setEdited}
        />
      )}
      <TimeOffSection
        staffId={member.id}
        staffName={member.name}
        timeZone={timeZone}
        guard={affected.guard}
        checking={affected.checking}
      />
      <AffectedBookingsDialog {...affected.dialog} />
    </>
  );

  return (
    <StaffDetailsDialog
      {...props}
      member={member}
      schedule={{
        section,
        beforeSave,
        busy: saveHours.isPending || affected.checking,
      }}
    />
  );
}

/** Add Staff / Edit Staff: first and last name required, the rest optional. */
export function StaffDialog(props: StaffDialogProps) {
  const { member, businessId: _businessId, timeZone: _timeZone, ...details } = props;
  return member ? (
    <EditStaffDialog {...props} member={member} />
  ) : (
    <StaffDetailsDialog {...details} member={null} />
  );
}
