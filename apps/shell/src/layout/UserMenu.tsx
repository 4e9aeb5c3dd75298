import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@slotwise/ui';
import { useCurrentMembership } from '../session/current-membership';
import { MEMBER_LINKS, linksFor } from './member-nav';
import { MemberIdentity } from './MemberIdentity';
import { UserAvatar } from './UserAvatar';

interface UserMenuProps {
  email: string;
  onSignOut: () => void;
}

/** The signed-in member's menu in the header. Loaded lazily: visitors never download it. */
export default function UserMenu({ email, onSignOut }: UserMenuProps) {
  const navigate = useNavigate();
  // Asked here, not in the header: visitors' first load carries none of the role logic.
  const membership = useCurrentMembership();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className="shell-user__trigger" aria-label={`Account menu for ${email}`}>
        <UserAvatar email={email} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="shell-user__menu">
        <DropdownMenuLabel className="shell-user__identity">
          <MemberIdentity as="span" email={email} membership={membership} />
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {linksFor(MEMBER_LINKS, membership?.role).map((link) => (
          <DropdownMenuItem key={link.to} onSelect={() => void navigate(link.to)}>
            {link.label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>Log out</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
