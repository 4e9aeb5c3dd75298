import { z } from 'zod';
import { AU_REGIONS, type AuRegion } from './booking-rules.js';
import { SUBSCRIPTION_PLANS } from './plans.js';

export const DEFAULT_TIME_ZONE = 'Australia/Sydney';

/**
 * The IANA zones a business may choose (Australia's, with the places they are named after): each
 * business keeps its own, and every time it shows is in that zone (decision 012).
 */
export const AU_TIME_ZONES = [
  'Australia/Sydney',
  'Australia/Melbourne',
  'Australia/Hobart',
  'Australia/Brisbane',
  'Australia/Adelaide',
  'Australia/Broken_Hill',
  'Australia/Darwin',
  'Australia/Perth',
  'Australia/Eucla',
  'Australia/Lord_Howe',
] as const;
export type AuTimeZone = (typeof AU_TIME_ZONES)[number];

export const TIME_ZONE_NAMES: Record<AuTimeZone, string> = {
  'Australia/Sydney': 'Sydney, Canberra (NSW, ACT)',
  'Australia/Melbourne': 'Melbourne (VIC)',
  'Australia/Hobart': 'Hobart (TAS)',
  'Australia/Brisbane': 'Brisbane (QLD, no daylight saving)',
  'Australia/Adelaide': 'Adelaide (SA)',
  'Australia/Broken_Hill': 'Broken Hill (NSW, South Australian time)',
  'Australia/Darwin': 'Darwin (NT, no daylight saving)',
  'Australia/Perth': 'Perth (WA, no daylight saving)',
  'Australia/Eucla': 'Eucla (WA, central western time)',
  'Australia/Lord_Howe': 'Lord Howe Island',
};

/** The zone a state or territory starts with; the owner may choose another (Broken Hill, Eucla). */
export const REGION_TIME_ZONES: Record<AuRegion, AuTimeZone> = {
  ACT: 'Australia/Sydney',
  NSW: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  TAS: 'Australia/Hobart',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  NT: 'Australia/Darwin',
  WA: 'Australia/Perth',
};

export const TimeZoneMessages = {
  invalid: 'Choose an Australian time zone',
} as const;

export const BusinessSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  /** A readable summary of the weekly hours, e.g. 'Mon–Fri 9:00 AM – 5:00 PM'; null when closed all week. */
  businessHours: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  logo: z.string().nullable(),
  timeZone: z.string(),
  /** The state or territory whose public holidays Settings offers as closures. */
  region: z.enum(AU_REGIONS),
  /** The booking window: no online booking sooner than this many minutes ahead… */
  minNoticeMinutes: z.number().int().nonnegative(),
  /** …nor more than this many days ahead… */
  maxAdvanceDays: z.number().int().positive(),
  /** …and the customer's links stop cancelling or moving a booking this many minutes before it. */
  cancelCutoffMinutes: z.number().int().nonnegative(),
  /** Minutes between the start times offered (5, 10, 15, 20, 30 or 60), whatever the durations. */
  slotInterval: z.number().int().positive(),
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS),
  /**
   * The owner's answers only: whether the business is listed in the public directory (a chosen
   * name, an active service, an open day, publishing on)…
   */
  published: z.boolean().optional(),
  /** …and the owner's switch: off hides the business and its booking page from the public. */
  publishingEnabled: z.boolean().optional(),
  /** The members' answer only: staff may see everyone's appointments, read-only. */
  staffSeeWholeDiary: z.boolean().optional(),
  /**
   * The owner's answer only: how many hours before an appointment the customer is texted 'Reply Y
   * to confirm or N to cancel' (null: never).
   */
  confirmationRequestHours: z.number().int().positive().nullable().optional(),
});
export type Business = z.infer<typeof BusinessSchema>;
export const BusinessListSchema = z.array(BusinessSchema);

/** The name a new owner's business starts with; the owner renames it (first run, Settings). */
export const NEW_BUSINESS_NAME = 'My Business';

/**
 * The owner has named the business: it no longer has the name every new business starts with
 * (typed again, in any case, it still counts as not chosen). Only named businesses are listed.
 */
export function hasChosenName(name: string): boolean {
  return name.trim().toLowerCase() !== NEW_BUSINESS_NAME.toLowerCase();
}

/** Lowercase, unique, made from the name; slug lookups ignore case. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** A booking link's slug: 3 to 60 characters. */
export const SLUG_MIN_LENGTH = 3;
export const SLUG_MAX_LENGTH = 60;

/**
 * Words no business may take as its booking link: pages and paths of the product itself, so a
 * link never looks like (or is mistaken for) one of them.
 */
export const RESERVED_SLUGS: readonly string[] = [
  'about',
  'account',
  'admin',
  'api',
  'assets',
  'auth',
  'book',
  'cancel',
  'contact',
  'dashboard',
  'features',
  'help',
  'login',
  'logout',
  'partners',
  'pricing',
  'privacy',
  'register',
  'remotes',
  'reschedule',
  'settings',
  'signin',
  'signup',
  'static',
  'subscribe',
  'support',
  'terms',
  'www',
];

export const SlugMessages = {
  length: `Use ${SLUG_MIN_LENGTH} to ${SLUG_MAX_LENGTH} characters`,
  shape: 'Use lowercase letters, digits and single hyphens, not at the start or end',
  // All digits would read as a business id in /book/{id}.
  digitsOnly: 'Include at least one letter',
  reserved: 'That booking link is reserved',
  taken: 'That booking link is taken',
  tooManyChanges: 'You can change your booking link at most 10 times a day. Try again tomorrow.',
} as const;

/** The part of a booking link after /book/, as the owner may choose it (Settings, first run). */
export const BookingSlugSchema = z
  .string({ error: SlugMessages.length })
  .trim()
  .toLowerCase()
  .min(SLUG_MIN_LENGTH, SlugMessages.length)
  .max(SLUG_MAX_LENGTH, SlugMessages.length)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, SlugMessages.shape)
  .refine((slug) => !/^[0-9-]+$/.test(slug), SlugMessages.digitsOnly)
  .refine((slug) => !RESERVED_SLUGS.includes(slug), SlugMessages.reserved);
