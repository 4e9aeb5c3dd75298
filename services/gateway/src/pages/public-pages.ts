// The public pages search engines index: each one's title and description as its HTML carries
// them before any script runs. They follow what the pages set once they render (the marketing
// remote's MarketingPage/HomePage, the booking remote's DirectoryPage: `useDocumentTitle`, which
// writes 'Page · Slotwise'), so the title does not change under a crawler. The sitemap lists them.
import { PLANS, monthlyPrice } from '@slotwise/contracts';

export const PRODUCT_NAME = 'Slotwise';

/** 'Page · Slotwise', or the product name alone: libs/ui's formatDocumentTitle. */
export const documentTitle = (page?: string | null) =>
  page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;

export interface PageHead {
  title: string;
  description: string;
}

const free = PLANS.free;
const pro = PLANS.professional;

/** By canonical path (lowercase, no trailing slash). */
export const PUBLIC_PAGES: Readonly<Record<string, PageHead>> = {
  '/': {
    title: documentTitle(null),
    description:
      'Slotwise: online appointment booking for Australian hair, beauty, physio and trade businesses. SMS confirmations, no double booking, free to start.',
  },
  '/how-it-works': {
    title: documentTitle('How It Works'),
    description:
      'How Slotwise works: customers book a service, date and time in under a minute and get an SMS confirmation; owners set up services, staff and weekly hours for free.',
  },
  '/partners': {
    title: documentTitle('Our Business Partners'),
    description:
      "Choose a business below and book your appointment in a few simple steps: pick a service, a time that suits you, and you're done.",
  },
  '/about': {
    title: documentTitle('About'),
    description:
      'About Slotwise: Australian appointment booking software for hair, beauty, physio and trade businesses, built around honest pricing, local time and privacy.',
  },
  '/features': {
    title: documentTitle('Features'),
    description:
      'Slotwise features: online booking without double bookings, SMS confirmations with cancel and reschedule links, staff, services and weekly hours. Compare the Free, Professional and Business plans.',
  },
  '/pricing': {
    title: documentTitle('Pricing'),
    description: `Slotwise pricing in Australian dollars: Free for ${free.maxStaff} staff member and ${free.maxActiveServices} service, Professional ${monthlyPrice(pro)}/month for up to ${pro.maxStaff} staff, ${pro.maxActiveServices} services and SMS reminders.`,
  },
  '/support': {
    title: documentTitle('Support'),
    description:
      'Slotwise support: live chat, email and help guides for Australian business owners. Monday to Friday 9 AM to 8 PM and Saturday 10 AM to 6 PM Sydney time; emails answered within 24 hours.',
  },
  '/privacy': {
    title: documentTitle('Privacy Policy'),
    description:
      'How Slotwise collects, uses and protects personal information under the Australian Privacy Principles. Slotwise is not intended for people under 16.',
  },
  '/terms': {
    title: documentTitle('Terms of Service'),
    description:
      'The terms for using Slotwise: business accounts, customer bookings, the Free and Professional plans in Australian dollars, cancellation and your rights under Australian Consumer Law.',
  },
};

/** A path as the page table keys it: '/Pricing/' → '/pricing'. */
export function canonicalPath(pathname: string): string {
  const trimmed = pathname.toLowerCase().replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The public page a path is (any case, a trailing slash), with its canonical path. */
export function publicPage(pathname: string): (PageHead & { path: string }) | null {
  const path = canonicalPath(pathname);
  const head = Object.hasOwn(PUBLIC_PAGES, path) ? PUBLIC_PAGES[path] : undefined;
  return head ? { ...head, path } : null;
}
