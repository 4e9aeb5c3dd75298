import { type Permission } from '@slotwise/contracts';

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

export const FOOTER_LINKS: readonly NavItem[] = [
  { to: '/about', label: 'About' },
  { to: '/features', label: 'Features' },
  { to: '/partners', label: 'Partners' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/support', label: 'Support' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
];
