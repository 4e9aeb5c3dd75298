import '../team.css';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  type Invitation,
  type Member,
  PERMISSION_LABELS,
  PERMISSIONS,
  ROLE_LABELS,
  ROLE_PERMISSIONS,
  ROLES,
  type Role,
} from '@slotwise/contracts';
import {
  Badge,
  Button,
  Card,
  CardBody,
  ConfirmDialog,
  EmptyState,
  InputField,
  QueryState,
  SkeletonList,
  Switch,
  toast,
} from '@slotwise/ui';
import {
  type Choice,
  SectionHead,
  SelectField,
  useOwner,
  useOwnerBusiness,
  useUpdateBusiness,
} from '../../owner';
import { useOwnerStaff } from '../../staff';
import {
  useInvitationAction,
  useInvitations,
  useInvite,
  useMemberChange,
  useMembers,
  useRole,
} from '../api';

const ROLE_CHOICES: Choice[] = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
const INVITE_ROLES: Choice[] = ROLE_CHOICES.filter((c) => c.value !== 'owner');

const failed = (title: string) => (error: Error) =>
  toast({ title, description: error.message, variant: 'destructive' });

function MemberRow({
  member,
  businessId,
  canManage,
  canOwn,
  isMe,
}: {
  member: Member;
  businessId: number;
  canManage: boolean;
  canOwn: boolean;
  isMe: boolean;
}) {
  const change = useMemberChange(businessId);
  const [removing, setRemoving] = useState(false);
  // Only the owner changes an owner or hands ownership over; nobody removes the owner.
  const editable = canManage && !isMe && (member.role !== 'owner' || canOwn);
  const choices = canOwn ? ROLE_CHOICES : INVITE_ROLES;
  return (
    <li className="team-row" data-member={member.email}>
      <div className="team-row__main">
        <p className="team-row__name">
          {member.email}
          {isMe && <Badge>You</Badge>}
        </p>
        {member.staffMemberName && (
          <p className="team-row__meta">Staff record: {member.staffMemberName}</p>
        )}
      </div>
      {editable && member.role !== 'owner' ? (
        <div className="team-row__actions">
          <SelectField
            id={`role-${member.id}`}
            label={`Role of ${member.email}`}
            hideLabel
            value={member.role}
            choices={choices}
            disabled={change.isPending}
            onChange={(role) =>
              change.mutate(
                { id: member.id, role: role as Role },
                {
                  onSuccess: () =>
                    toast({
                      title:
                        role === 'owner'
                          ? `${member.email} is now the owner`
                          : `${member.email} is now ${ROLE_LABELS[role as Role].toLowerCase()}`,
                      variant: 'success',
                    }),
                  onError: failed('Role not changed'),
                },
              )
            }
          />
          <Button variant="ghost" size="sm" onClick={() => setRemoving(true)}>
            Remove
          </Button>
        </div>
      ) : (
        <Badge variant={member.role === 'owner' ? 'primary' : 'neutral'}>
          {ROLE_LABELS[member.role]}
        </Badge>
      )}
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title={`Remove ${member.email}?`}
        message="They lose access to this business at once. Their appointments stay."
        confirmLabel="Remove"
        busy={change.isPending}
        onConfirm={() =>
          change.mutate(
            { id: member.id, role: null },
            {
              onSuccess: () => {
                setRemoving(false);
                toast({ title: `${member.email} removed`, variant: 'success' });
              },
              onError: failed('Member not removed'),
            },
          )
        }
      />
    </li>
  );
}

function InvitationRow({
  invitation,
  businessId,
  canManage,
}: {
  invitation: Invitation;
  businessId: number;
  canManage: boolean;
}) {
  const action = useInvitationAction(businessId);
  const open = invitation.status === 'pending' || invitation.status === 'expired';
  return (
    <li className="team-row" data-invitation={invitation.email}>
      <div className="team-row__main">
        <p className="team-row__name">{invitation.email}</p>
        <p className="team-row__meta">
          {ROLE_LABELS[invitation.role]} ·{' '}
          <span data-invitation-status={invitation.status}>{invitation.status}</span>
        </p>
      </div>
      {canManage && open && (
        <div className="team-row__actions">
          <Button
            variant="secondary"
            size="sm"
            disabled={action.isPending}
            onClick={() =>
              action.mutate(
                { id: invitation.id, action: 'resend' },
                {
                  onSuccess: () =>
                    toast({
                      title: `Invitation sent again to ${invitation.email}`,
                      variant: 'success',
                    }),
                  onError: failed('Invitation not sent'),
                },
              )
            }
          >
            Resend
          </Button>
          {invitation.status === 'pending' && (
            <Button
              variant="ghost"
              size="sm"
              disabled={action.isPending}
              onClick={() =>
                action.mutate(
                  { id: invitation.id, action: 'revoke' },
                  {
                    onSuccess: () => toast({ title: 'Invitation revoked', variant: 'success' }),
                    onError: failed('Invitation not revoked'),
                  },
                )
              }
            >
              Revoke
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/** The invite form; `?invite=<staff id>` (a staff member's card) starts it for that person. */
function InviteForm({ businessId }: { businessId: number }) {
  const [params] = useSearchParams();
  const staff = useOwnerStaff(businessId);
  const fromCard = Number(params.get('invite')) || null;
  const card = staff.data?.find((s) => s.id === fromCard);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('staff');
  const [staffId, setStaffId] = useState<string>('');
  const [seeded, setSeeded] = useState<number | null>(null);
  if (card && seeded !== card.id) {
    setSeeded(card.id);
    setEmail(card.email ?? '');
    setStaffId(String(card.id));
  }
  const invite = useInvite(businessId);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    invite.mutate(
      {
        email,
        role: role as 'manager' | 'staff',
        ...(staffId ? { staffMemberId: Number(staffId) } : {}),
      },
      {
        onSuccess: (sent) => {
          toast({ title: `Invitation sent to ${sent.email}`, variant: 'success' });
          setEmail('');
          setStaffId('');
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  const staffChoices: Choice[] = [
    { value: '', label: 'No staff record' },
    ...(staff.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
  ];
  return (
    <form className="team-invite" onSubmit={submit} aria-label="Invite someone">
      <InputField
        label="Email"
        kind="email"
        name="invite-email"
        autoComplete="off"
        value={email}
        error={error}
        onChange={(e) => setEmail(e.target.value)}
      />
      <SelectField
        id="invite-role"
        label="Role"
        value={role}
        choices={INVITE_ROLES}
        onChange={setRole}
      />
      <SelectField
        id="invite-staff"
        label="Staff record"
        value={staffId}
        choices={staffChoices}
        hint="Their own appointments are this staff member's."
        onChange={setStaffId}
      />
      <Button type="submit" loading={invite.isPending}>
        Send invitation
      </Button>
    </form>
  );
}

/** What each role may do, from the contracts' one table (the API's guard reads the same). */
function PermissionTable() {
  return (
    <div className="team-perms" role="region" aria-label="What each role may do" tabIndex={0}>
      <table>
        <thead>
          <tr>
            <th scope="col">Permission</th>
            {ROLES.map((r) => (
              <th scope="col" key={r}>
                {ROLE_LABELS[r]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PERMISSIONS.map((p) => (
            <tr key={p}>
              <th scope="row">{PERMISSION_LABELS[p]}</th>
              {ROLES.map((r) => (
                <td key={r}>
                  {ROLE_PERMISSIONS[r].includes(p) ? (
                    <span aria-label="Yes">✓</span>
                  ) : (
                    <span aria-label="No">–</span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const LOADING = <SkeletonList count={2} height={56} radius={12} />;

/** The owner's choice: staff may see everyone's appointments, read-only. */
function WholeDiarySwitch() {
  const business = useOwnerBusiness().data;
  const update = useUpdateBusiness(business?.id ?? 0);
  if (!business) return null;
  return (
    <div className="team-switch">
      <Switch
        id="staff-whole-diary"
        checked={business.staffSeeWholeDiary === true}
        disabled={update.isPending}
        onCheckedChange={(on) =>
          update.mutate(
            { staffSeeWholeDiary: on },
            {
              onSuccess: () =>
                toast({
                  title: on
                    ? 'Staff now see the whole diary'
                    : 'Staff now see their own diary only',
                  variant: 'success',
                }),
              onError: failed('Setting not saved'),
            },
          )
        }
      />
      <label htmlFor="staff-whole-diary">
        Staff see everyone&rsquo;s appointments (read-only; they change only their own)
      </label>
    </div>
  );
}

/** Settings → Team: members and roles, invitations, and the permission table. */
export function TeamTab({ businessId }: { businessId: number }) {
  const { session } = useOwner();
  const { can } = useRole(businessId);
  const members = useMembers(businessId);
  const invitations = useInvitations(businessId);
  const canManage = can('team.manage');
  return (
    <div className="sw-stack team-tab">
      <Card as="section">
        <CardBody className="sw-stack">
          <SectionHead
            title="Team"
            description="Everyone who signs in to this business, and their role."
          />
          {can('business.edit') && <WholeDiarySwitch />}
          <QueryState query={members} loading={LOADING} errorTitle="Could not load the team">
            {(list) => (
              <ul className="team-list" aria-label="Members">
                {list.map((m) => (
                  <MemberRow
                    key={m.id}
                    member={m}
                    businessId={businessId}
                    canManage={canManage}
                    canOwn={can('ownership')}
                    isMe={m.userId === session.user.id}
                  />
                ))}
              </ul>
            )}
          </QueryState>
        </CardBody>
      </Card>
      <Card as="section">
        <CardBody className="sw-stack">
          <SectionHead
            title="Invitations"
            description="An emailed link that works once, for 7 days. Invitations are free; the plan counts staff records."
          />
          {canManage && <InviteForm businessId={businessId} />}
          <QueryState
            query={invitations}
            loading={LOADING}
            errorTitle="Could not load the invitations"
          >
            {(list) =>
              list.length === 0 ? (
                <EmptyState title="No invitations yet" description="Invite your team by email." />
              ) : (
                <ul className="team-list" aria-label="Invitations">
                  {list.map((i) => (
                    <InvitationRow
                      key={i.id}
                      invitation={i}
                      businessId={businessId}
                      canManage={canManage}
                    />
                  ))}
                </ul>
              )
            }
          </QueryState>
        </CardBody>
      </Card>
      <Card as="section">
        <CardBody className="sw-stack">
          <SectionHead title="Roles" description="What each role may do." />
          <PermissionTable />
        </CardBody>
      </Card>
    </div>
  );
}
