// /book/{slug}, the page search engines index for each business: answered with the business's
// own title, description, canonical link and schema.org LocalBusiness, 301 from an old slug or an
// id to the current slug (as the page itself moves: useBusinessBySlugOrId), and 404 for a link
// that names no business.
import { type Business, type Service, apiPath, apiRoutes } from '@slotwise/contracts';
import { type ApiAnswer, staysInPath } from './page-data.js';
import type { PageHead } from './page-html.js';
import { documentTitle } from './public-pages.js';

/** The booking remote's page (its src/routes.json), and its parameter. */
export const BOOKING_PAGE_PATH = '/book/:businessSlug';
export const BOOKING_PAGE_PARAM = 'businessSlug';

/** Slugs always hold a letter (BookingSlugSchema), so digits alone are a business id. */
const ID_SEGMENT = /^\d+$/;

/** The longest description a search result shows, roughly; longer ones are cut at a word. */
const DESCRIPTION_MAX = 160;

export const bookingUrl = (origin: string, slug: string) =>
  `${origin}/book/${encodeURIComponent(slug)}`;

/**
 * The API calls (URL paths) that decide /book/{segment}: the business (by id for digits, else by
 * slug, which also finds an old slug) and, with `withServices`, the services for its JSON-LD.
 */
export function bookingCalls(
  segment: string,
  withServices: boolean,
): { business: string | null; services: string | null } {
  if (segment === '') return { business: null, services: null };
  const path = (build: () => string) => {
    const built = build();
    return staysInPath(built) ? built : null;
  };
  if (ID_SEGMENT.test(segment))
    return {
      business: path(() => apiPath(apiRoutes.businesses.byId, { id: segment })),
      services: null,
    };
  const business = path(() => apiPath(apiRoutes.businesses.bySlug, { slug: segment }));
  const services =
    withServices && business
      ? path(() => apiPath(apiRoutes.services.listBySlug, { slug: segment }))
      : null;
  return { business, services };
}

export type BookingDecision =
  /** The business goes by another slug now (an old slug, an id, other capitals): 301 there. */
  | { kind: 'moved'; slug: string }
  /** No business has this link (or it is switched off): 404, the page says 'Business Not Found'. */
  | { kind: 'missing' }
  | { kind: 'found'; business: Business; services: Service[] | null }
  /** The API did not answer in time: the page as it is (200), which asks again itself. */
  | { kind: 'unsure' };

const isBusiness = (body: unknown): body is Business =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as Business).slug === 'string' &&
  typeof (body as Business).name === 'string';

/** What /book/{segment} answers, from the API's answers to bookingCalls(segment). */
export function bookingDecision(
  segment: string,
  calls: ReturnType<typeof bookingCalls>,
  answers: Record<string, ApiAnswer>,
): BookingDecision {
  // A segment no route can carry ('..') names no business.
  if (!calls.business) return { kind: 'missing' };
  const answer = answers[calls.business];
  // 400: a value the API cannot read as an id or slug; 404: no such business (or not public).
  if (answer?.status === 404 || answer?.status === 400) return { kind: 'missing' };
  if (answer?.status !== 200 || !isBusiness(answer.body)) return { kind: 'unsure' };
  const business = answer.body;
  if (business.slug !== segment) return { kind: 'moved', slug: business.slug };
  const listed = calls.services ? answers[calls.services] : undefined;
  const services =
    listed?.status === 200 && Array.isArray(listed.body)
      ? (listed.body as Service[]).filter((s) => s?.isActive !== false)
      : null;
  return { kind: 'found', business, services };
}

/** Integer cents as dollars with two decimals: 9500 → '95.00' (no floating point). */
export function dollars(cents: number): string {
  const whole = Math.trunc(cents / 100);
  return `${whole}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
}

/** A description for a search result: the business's own, or one made from its name. */
export function bookingDescription(business: Business): string {
  const own = business.description?.replace(/\s+/g, ' ').trim();
  const text = own || `Book an appointment with ${business.name} online, any time, with Slotwise.`;
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/**
 * The business as schema.org's LocalBusiness (https://schema.org/LocalBusiness): what search
 * engines show beside the link, its services as an OfferCatalog with prices in AUD.
 */
export function localBusinessJsonLd(
  business: Business,
  services: readonly Service[] | null,
  url: string,
): Record<string, unknown> {
  const optional = (key: string, value: string | null | undefined) =>
    value?.trim() ? { [key]: value.trim() } : {};
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: business.name,
    ...optional('description', business.description),
    ...optional('address', business.address),
    ...optional('telephone', business.phone),
    url,
    ...(services && services.length > 0
      ? {
          hasOfferCatalog: {
            '@type': 'OfferCatalog',
            name: `${business.name} services`,
            itemListElement: services.map((service) => ({
              '@type': 'Offer',
              itemOffered: {
                '@type': 'Service',
                name: service.name,
                ...optional('description', service.description),
              },
              price: dollars(service.price),
              priceCurrency: 'AUD',
            })),
          },
        }
      : {}),
  };
}

/** The head of a business's booking page (its title as the page sets it once loaded). */
export function bookingHead(
  business: Business,
  services: readonly Service[] | null,
  origin: string,
): PageHead {
  const url = bookingUrl(origin, business.slug);
  return {
    title: documentTitle(`Book with ${business.name}`),
    description: bookingDescription(business),
    canonical: url,
    jsonLd: localBusinessJsonLd(business, services, url),
  };
}

/** The head of a booking link that names no business. */
export const MISSING_BUSINESS_HEAD: PageHead = {
  title: documentTitle('Business Not Found'),
  noindex: true,
};
