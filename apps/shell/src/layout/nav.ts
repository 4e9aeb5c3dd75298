export interface NavItem {
  to: string;
  label: string;
}

export const HEADER_LINKS: readonly NavItem[] = [
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/partners', label: 'Our Partners' },
  { to: '/support', label: 'Support' },
];

/** Linked from the drawer for everyone; signed-in pages of the dashboard remote. */
export const TESTING_TOOLS_LINKS: readonly NavItem[] = [
  { to: '/email-test', label: 'Email Test' },
  { to: '/sms-test', label: 'SMS Test' },
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

/** The signed-in owner's pages (user menu and drawer). */
export const OWNER_LINKS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/reports', label: 'Reports' },
  { to: '/payments', label: 'Payments' },
  { to: '/settings', label: 'Settings' },
];
