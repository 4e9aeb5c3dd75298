import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@slotwise/ui';
import { OWNER_LINKS } from './nav';
import { UserAvatar } from './UserAvatar';

interface UserMenuProps {
  email: string;
  onSignOut: () => void;
}

/** The signed-in owner's menu in the header. Loaded lazily: visitors never download it. */
export default function UserMenu({ email, onSignOut }: UserMenuProps) {
  const navigate = useNavigate();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className="shell-user__trigger" aria-label={`Account menu for ${email}`}>
        <UserAvatar email={email} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="shell-user__menu">
        <DropdownMenuLabel className="shell-user__identity">
          <span className="shell-user__email">{email}</span>
          <span className="shell-user__role">Business Owner</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {OWNER_LINKS.map((link) => (
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
