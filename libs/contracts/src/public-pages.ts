// The public pages search engines index, by canonical path (lowercase, no trailing slash): each
// one's title (its page part, 'Pricing' → 'Pricing · Slotwise'; null on the home page, which is
// the product name alone) and description. The pages set them once they render, the gateway puts
// them in the HTML before any script runs and lists the paths in its sitemap: one text for both,
// so the title never changes under a crawler.
import { monthlyPrice } from './plan-copy.js';
import { PLANS } from './plans.js';

export interface PublicPageHead {
  title: string | null;
  description: string;
}

const free = PLANS.free;
const pro = PLANS.professional;

export const PUBLIC_PAGES = {
  '/': {
    title: null,
    description:
      'Slotwise: online appointment booking for Australian hair, beauty, physio and trade businesses. SMS confirmations, no double booking, free to start.',
  },
  '/how-it-works': {
    title: 'How It Works',
    description:
      'How Slotwise works: customers book a service, date and time in under a minute and get an SMS confirmation; owners set up services, staff and weekly hours for free.',
  },
  '/partners': {
    title: 'Our Business Partners',
    description:
      "Choose a business below and book your appointment in a few simple steps: pick a service, a time that suits you, and you're done.",
  },
  '/about': {
    title: 'About',
    description:
      'About Slotwise: Australian appointment booking software for hair, beauty, physio and trade businesses, built around honest pricing, local time and privacy.',
  },
  '/features': {
    title: 'Features',
    description:
      'Slotwise features: online booking without double bookings, SMS confirmations with cancel and reschedule links, staff, services and weekly hours. Compare the Free, Professional and Business plans.',
  },
  '/pricing': {
    title: 'Pricing',
    description: `Slotwise pricing in Australian dollars: Free for ${free.maxStaff} staff member and ${free.maxActiveServices} service, Professional ${monthlyPrice(pro)}/month for up to ${pro.maxStaff} staff, ${pro.maxActiveServices} services and SMS reminders.`,
  },
  '/support': {
    title: 'Support',
    description:
      'Slotwise support: live chat, email and help guides for Australian business owners. Monday to Friday 9 AM to 8 PM and Saturday 10 AM to 6 PM Sydney time; emails answered within 24 hours.',
  },
  '/privacy': {
    title: 'Privacy Policy',
    description:
      'How Slotwise collects, uses and protects personal information under the Australian Privacy Principles. Slotwise is not intended for people under 16.',
  },
  '/terms': {
    title: 'Terms of Service',
    description:
      'The terms for using Slotwise: business accounts, customer bookings, the Free and Professional plans in Australian dollars, cancellation and your rights under Australian Consumer Law.',
  },
} as const satisfies Readonly<Record<string, PublicPageHead>>;

export type PublicPagePath = keyof typeof PUBLIC_PAGES;
