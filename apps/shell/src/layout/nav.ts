import { type Permission, ROLES, type Role, roleCan } from '@slotwise/contracts';

export interface NavItem {
  to: string;
  label: string;
  /**
   * The permission (contracts' table) the page needs: a signed-in member whose role lacks it does
   * not see the link. Navigation only: the API's guard still refuses what the page would call.
   */
  needs?: Permission;
}

export const HEADER_LINKS: readonly NavItem[] = [
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/partners', label: 'Our Partners' },
  { to: '/support', label: 'Support' },
];

/** Linked from the drawer for everyone; signed-in pages of the dashboard remote. */
export const TESTING_TOOLS_LINKS: readonly NavItem[] = [
  { to: '/email-test', label: 'Email Test', needs: 'messages.send' },
  { to: '/sms-test', label: 'SMS Test', needs: 'messages.send' },
];

export const FOOTER_LINKS: readonly NavItem[] = [
  { to: '/about', label: 'About' },
  { to: '/features', label: 'Features' },
  { to: '/partners', label: 'Partners' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/support', label: 'Support' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
];

/** A signed-in member's pages (user menu and drawer), each shown to the roles that may use it. */
export const MEMBER_LINKS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', needs: 'business.view' },
  { to: '/reports', label: 'Reports', needs: 'reports.view' },
  { to: '/payments', label: 'Payments', needs: 'payments.manage' },
  { to: '/settings', label: 'Settings', needs: 'business.view' },
];

/**
 * Who is looking: a visitor (every link shows; signed-in pages send them to sign in), a member
 * with their role in the chosen business, or `undefined` while that role loads (only the links
 * every role may follow, so nothing flashes that the role turns out not to allow).
 */
export type NavViewer = Role | 'visitor' | undefined;

export function linksFor(links: readonly NavItem[], viewer: NavViewer): NavItem[] {
  return links.filter(({ needs }) => {
    if (!needs || viewer === 'visitor') return true;
    if (viewer === undefined) return ROLES.every((role) => roleCan(role, needs));
    return roleCan(viewer, needs);
  });
}
