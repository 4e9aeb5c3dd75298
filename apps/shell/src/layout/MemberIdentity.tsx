import { ROLE_LABELS, type Role } from '@slotwise/contracts';
import { type CurrentMembership } from '../session/current-membership';

/**
 * The role as the user menu names it: the spec's 'Business Owner' for owners (their screens are
 * unchanged), the contracts' labels ('Manager', 'Staff') for the others.
 */
export function menuRoleLabel(role: Role): string {
  return role === 'owner' ? 'Business Owner' : ROLE_LABELS[role];
}

interface MemberIdentityProps {
  as: 'span' | 'p';
  email: string;
  membership: CurrentMembership | undefined;
}

/** Email, role and business name, as the user menu and the drawer show them. */
export function MemberIdentity({ as: Tag, email, membership }: MemberIdentityProps) {
  return (
    <>
      <Tag className="shell-user__email">{email}</Tag>
      {membership && <Tag className="shell-user__role">{menuRoleLabel(membership.role)}</Tag>}
      {membership?.businessName && (
        <Tag className="shell-user__business">{membership.businessName}</Tag>
      )}
    </>
  );
}
