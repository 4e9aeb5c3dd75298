// The links that depend on who is looking, apart from nav.ts: only the lazily loaded user menu and
// drawer import this, so the permission table stays out of every page's first load.
import { ROLES, type Role, roleCan } from '@slotwise/contracts';
import { type NavItem } from './nav';

/** Linked from the drawer for everyone; signed-in pages of the dashboard remote. */
export const TESTING_TOOLS_LINKS: readonly NavItem[] = [
  { to: '/email-test', label: 'Email Test', needs: 'messages.send' },
  { to: '/sms-test', label: 'SMS Test', needs: 'messages.send' },
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
