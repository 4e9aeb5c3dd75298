import {
  DEFAULT_TIME_ZONE,
  type StaffMember,
  type SubscriptionPlan,
  PLANS,
} from '@slotwise/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Badge,
  Button,
  buttonClassName,
  EmptyState,
  ListCard,
  PlusIcon,
  RowActions,
  Skeleton,
  UsersIcon,
} from '@slotwise/ui';
import { type RecordTexts, SectionHead, useOwnerBusiness, useRecordEditor } from '../../owner';
import { useOwnerServices } from '../../services';
import { useOwnerStaff, useStaffMutation } from '../api';
import { RemoveStaffDialog } from './RemoveStaffDialog';
import { type StaffFormValues, StaffDialog } from './StaffDialog';

const DESCRIPTIONS: Record<SubscriptionPlan, string> = {
  free: 'Your Free plan includes 1 staff member. Upgrade to Professional for up to 5.',
  professional: 'Manage your team of up to 5 staff members on the Professional plan.',
};

const LIMIT_WARNINGS: Record<SubscriptionPlan, string> = {
  free: "You've reached the staff limit for the free plan. Upgrade to a professional plan to add up to 5 staff members.",
  professional: "You've reached the maximum number of staff members (5) allowed on your plan.",
};

const success = (verb: string) => ({
  title: 'Success',
  description: `Staff member has been ${verb} successfully.`,
});

const TEXTS: RecordTexts = {
  added: success('added'),
  updated: success('updated'),
  deleted: success('deleted'),
  addFailed: 'Failed to add staff member. Please try again.',
  updateFailed: 'Failed to update staff member. Please try again.',
  deleteFailed: 'Failed to delete staff member. Please try again.',
};

function initials(name: string): string {
  return name
    .split(' ')
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

function StaffRow({
  member,
  serviceNames,
  onEdit,
  onDelete,
}: {
  member: StaffMember;
  serviceNames: string[];
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="dash-staff" data-staff={member.name}>
      {member.avatar ? (
        <img className="dash-staff__avatar" src={member.avatar} alt="" loading="lazy" />
      ) : (
        <span className="dash-staff__avatar" aria-hidden="true">
          {initials(member.name)}
        </span>
      )}
      <div className="dash-staff__main">
        <p className="dash-staff__name">
          {member.name}
          {!member.isActive && <Badge>Inactive</Badge>}
        </p>
        {member.position && <p className="dash-staff__title">{member.position}</p>}
        {(member.email || member.phone) && (
          <p className="dash-staff__contact">
            {[member.email, member.phone].filter(Boolean).join(' · ')}
          </p>
        )}
        {serviceNames.length > 0 && (
          <ul className="dash-staff__services" aria-label={`Services ${member.name} offers`}>
            {serviceNames.map((name) => (
              <li key={name}>
                <Badge variant="primary">{name}</Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="dash-staff__actions">
        {/* Invite from the card: Settings → Team opens the invitation for this staff record. */}
        <Link
          to={`/settings?tab=team&invite=${member.id}`}
          className={buttonClassName({ variant: 'ghost', size: 'sm' })}
          aria-label={`Invite ${member.name} to sign in`}
        >
          Invite
        </Link>
        <RowActions label={member.name} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </li>
  );
}

/** The Staff Management card, in Settings → Staff and on the dashboard's Staff tab. */
export function StaffManagementCard({
  businessId,
  plan = 'free',
}: {
  businessId: number;
  plan?: SubscriptionPlan;
}) {
  const staff = useOwnerStaff(businessId);
  const services = useOwnerServices(businessId);
  // The business is already loaded by the page around the card (BusinessGate).
  const timeZone = useOwnerBusiness().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const editor = useRecordEditor<StaffMember, StaffFormValues>(
    useStaffMutation(businessId),
    businessId,
    TEXTS,
  );
  const { editing } = editor;
  // Removal has its own dialog: it decides about the person's upcoming bookings first.
  const [removing, setRemoving] = useState<StaffMember | null>(null);

  const limit = PLANS[plan].maxStaff;
  const count = staff.data?.length ?? 0;
  const atLimit = limit !== null && count >= limit;
  const serviceName = new Map((services.data ?? []).map((s) => [s.id, s.name]));

  return (
    <ListCard
      className="dash-staff-card"
      header={
        <SectionHead title="Staff Management" description={DESCRIPTIONS[plan]}>
          <Button onClick={() => editor.edit('new')} disabled={atLimit || staff.isPending}>
            <PlusIcon />
            Add Staff
          </Button>
        </SectionHead>
      }
      notices={
        <>
          {staff.isSuccess && (
            <p className="dash-count">
              {count} / {limit ?? 'Unlimited'} staff members
            </p>
          )}
          {atLimit && (
            <Alert variant="warning" title="Staff limit reached">
              {LIMIT_WARNINGS[plan]}
            </Alert>
          )}
        </>
      }
      query={staff}
      loading={
        <div className="sw-stack" aria-busy="true">
          <Skeleton height={72} radius={14} />
        </div>
      }
      errorTitle="Could not load your staff"
      empty={
        <EmptyState
          className="dash-empty"
          icon={<UsersIcon />}
          title="No Staff Members"
          description="You haven't added any staff members yet."
        />
      }
      dialogs={
        <>
          <StaffDialog
            key={editor.dialogKey}
            {...editor.dialog}
            member={editing === 'new' ? null : editing}
            services={services.data ?? []}
            businessId={businessId}
            timeZone={timeZone}
          />
          <RemoveStaffDialog
            member={removing}
            staff={staff.data ?? []}
            businessId={businessId}
            timeZone={timeZone}
            onClose={() => setRemoving(null)}
          />
        </>
      }
    >
      {(list) => (
        <ul className="dash-staff-list">
          {list.map((member) => (
            <StaffRow
              key={member.id}
              member={member}
              serviceNames={member.serviceIds.flatMap((id) => serviceName.get(id) ?? [])}
              onEdit={() => editor.edit(member)}
              onDelete={() => setRemoving(member)}
            />
          ))}
        </ul>
      )}
    </ListCard>
  );
}
