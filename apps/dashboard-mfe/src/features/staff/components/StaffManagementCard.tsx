import { useState } from 'react';
import { type StaffMember, type SubscriptionPlan, PLANS } from '@slotwise/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  CardBody,
  CardHeader,
  ConfirmDialog,
  EmptyState,
  isApiError,
  PencilIcon,
  PlusIcon,
  Skeleton,
  toast,
  TrashIcon,
  UsersIcon,
} from '@slotwise/ui';
import { useOwnerServices } from '../../services/api';
import { useOwnerStaff, useStaffMutation } from '../api';
import { type StaffFormValues, StaffDialog } from './StaffDialog';

const DESCRIPTIONS: Record<SubscriptionPlan, string> = {
  free: 'Your Free plan includes 1 staff member. Upgrade to Professional for up to 5.',
  professional: 'Manage your team of up to 5 staff members on the Professional plan.',
};

const LIMIT_WARNINGS: Record<SubscriptionPlan, string> = {
  free: "You've reached the staff limit for the free plan. Upgrade to a professional plan to add up to 5 staff members.",
  professional: "You've reached the maximum number of staff members (5) allowed on your plan.",
};

function failure(fallback: string, error: unknown) {
  toast({
    title: 'Error',
    description: (isApiError(error) ? error.serverMessage : null) ?? fallback,
    variant: 'destructive',
  });
}

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
        <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${member.name}`}>
          <PencilIcon />
        </Button>
        <Button variant="ghost" size="icon" onClick={onDelete} aria-label={`Delete ${member.name}`}>
          <TrashIcon />
        </Button>
      </div>
    </li>
  );
}

/** Staff Management card (spec section 2): in Settings → Staff and the dashboard's Staff tab. */
export function StaffManagementCard({
  businessId,
  plan = 'free',
}: {
  businessId: number;
  plan?: SubscriptionPlan;
}) {
  const staff = useOwnerStaff(businessId);
  const services = useOwnerServices(businessId);
  const change = useStaffMutation(businessId);
  const [editing, setEditing] = useState<StaffMember | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StaffMember | null>(null);
  const [dialogKey, setDialogKey] = useState(0);

  const limit = PLANS[plan].maxStaff;
  const count = staff.data?.length ?? 0;
  const atLimit = limit !== null && count >= limit;
  const serviceName = new Map((services.data ?? []).map((s) => [s.id, s.name]));

  const openDialog = (target: StaffMember | 'new') => {
    setDialogKey((k) => k + 1);
    setEditing(target);
  };

  const onSave = (values: StaffFormValues) => {
    const done = (verb: string) => () => {
      toast({
        title: 'Success',
        description: `Staff member has been ${verb} successfully.`,
        variant: 'success',
      });
      setEditing(null);
    };
    if (editing === 'new') {
      change.mutate(
        { kind: 'create', body: { ...values, businessId } },
        {
          onSuccess: done('added'),
          onError: (e) => failure('Failed to add staff member. Please try again.', e),
        },
      );
    } else if (editing) {
      change.mutate(
        { kind: 'update', id: editing.id, body: values },
        {
          onSuccess: done('updated'),
          onError: (e) => failure('Failed to update staff member. Please try again.', e),
        },
      );
    }
  };

  const onConfirmDelete = () => {
    if (!deleting) return;
    change.mutate(
      { kind: 'delete', id: deleting.id },
      {
        onSuccess: () => {
          toast({
            title: 'Success',
            description: 'Staff member has been deleted successfully.',
            variant: 'success',
          });
          setDeleting(null);
        },
        onError: (e) => failure('Failed to delete staff member. Please try again.', e),
      },
    );
  };

  return (
    <Card as="section" className="dash-staff-card">
      <CardBody className="sw-stack">
        <div className="dash-section-head">
          <CardHeader title="Staff Management" description={DESCRIPTIONS[plan]} />
          <Button onClick={() => openDialog('new')} disabled={atLimit || staff.isPending}>
            <PlusIcon />
            Add Staff
          </Button>
        </div>
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
        {staff.isPending ? (
          <div className="sw-stack" aria-busy="true">
            <Skeleton height={72} radius={14} />
          </div>
        ) : staff.isError ? (
          <Alert variant="danger" title="Could not load your staff">
            {staff.error.message}
          </Alert>
        ) : staff.data.length === 0 ? (
          <EmptyState
            className="dash-empty"
            icon={<UsersIcon />}
            title="No Staff Members"
            description="You haven't added any staff members yet."
          />
        ) : (
          <ul className="dash-staff-list">
            {staff.data.map((member) => (
              <StaffRow
                key={member.id}
                member={member}
                serviceNames={member.serviceIds.flatMap((id) => serviceName.get(id) ?? [])}
                onEdit={() => openDialog(member)}
                onDelete={() => setDeleting(member)}
              />
            ))}
          </ul>
        )}
      </CardBody>
      <StaffDialog
        key={dialogKey}
        open={editing !== null}
        onOpenChange={(open) => !open && !change.isPending && setEditing(null)}
        member={editing === 'new' ? null : editing}
        services={services.data ?? []}
        saving={change.isPending}
        onSave={onSave}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Are you sure?"
        message={`This removes ${deleting?.name ?? 'this staff member'} from your team. This action cannot be undone.`}
        onConfirm={onConfirmDelete}
        busy={change.isPending}
      />
    </Card>
  );
}
