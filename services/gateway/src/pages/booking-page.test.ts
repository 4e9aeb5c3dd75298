import { describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_ANSWERS, SERVICES } from '../test-support/fixtures.js';
import {
  bookingCalls,
  bookingDecision,
  bookingDescription,
  bookingHead,
  dollars,
  localBusinessJsonLd,
} from './booking-page.js';

const decide = (segment: string, answers: Record<string, { status: number; body?: unknown }>) =>
  bookingDecision(segment, bookingCalls(segment, true), answers);

describe('bookingCalls', () => {
  it('asks by id for digits, else by slug with its services, and never outside the route', () => {
    expect(bookingCalls('42', true)).toEqual({ business: '/api/business/42', services: null });
    expect(bookingCalls('harbour hair', true)).toEqual({
      business: '/api/business/slug/harbour%20hair',
      services: '/api/business/slug/harbour%20hair/services',
    });
    expect(bookingCalls('harbour', false).services).toBeNull();
    expect(bookingCalls('..', true)).toEqual({ business: null, services: null });
    expect(bookingCalls('', true)).toEqual({ business: null, services: null });
  });
});

describe('bookingDecision: 301, 404 or the page', () => {
  it('finds the business at its current slug, with its active services only', () => {
    const found = decide('harbour-hair', BUSINESS_ANSWERS);
    expect(found).toEqual({
      kind: 'found',
      business: BUSINESS,
      services: SERVICES.filter((s) => s.isActive),
    });
  });

  it('moves an old slug, an id and other capitals to the current slug', () => {
    expect(decide('old-harbour', BUSINESS_ANSWERS)).toEqual({
      kind: 'moved',
      slug: 'harbour-hair',
    });
    expect(decide('7', BUSINESS_ANSWERS)).toEqual({ kind: 'moved', slug: 'harbour-hair' });
    const upper = { '/api/business/slug/Harbour-Hair': { status: 200, body: BUSINESS } };
    expect(decide('Harbour-Hair', upper)).toEqual({ kind: 'moved', slug: 'harbour-hair' });
  });

  it('calls a link missing when the API knows no such business', () => {
    expect(decide('nobody-here', BUSINESS_ANSWERS)).toEqual({ kind: 'missing' });
    expect(decide('999', BUSINESS_ANSWERS)).toEqual({ kind: 'missing' });
    expect(decide('0', { '/api/business/0': { status: 400 } })).toEqual({ kind: 'missing' });
    expect(decide('..', {})).toEqual({ kind: 'missing' });
  });

  it('is unsure, not missing, when the API does not answer or answers oddly', () => {
    expect(decide('harbour-hair', {})).toEqual({ kind: 'unsure' });
    expect(decide('harbour-hair', { '/api/business/slug/harbour-hair': { status: 0 } })).toEqual({
      kind: 'unsure',
    });
    const broken = { '/api/business/slug/harbour-hair': { status: 503, body: {} } };
    expect(decide('harbour-hair', broken)).toEqual({ kind: 'unsure' });
    const odd = { '/api/business/slug/harbour-hair': { status: 200, body: { path: 'x' } } };
    expect(decide('harbour-hair', odd)).toEqual({ kind: 'unsure' });
  });

  it('keeps the page without services when only they fail', () => {
    const answers = { '/api/business/slug/harbour-hair': { status: 200, body: BUSINESS } };
    expect(decide('harbour-hair', answers)).toEqual({
      kind: 'found',
      business: BUSINESS,
      services: null,
    });
  });
});

describe('dollars', () => {
  it('writes integer cents as dollars with two decimals', () => {
    expect([0, 5, 99, 100, 4500, 16505, 123456789].map(dollars)).toEqual([
      '0.00',
      '0.05',
      '0.99',
      '1.00',
      '45.00',
      '165.05',
      '1234567.89',
    ]);
  });
});

describe('localBusinessJsonLd', () => {
  it('describes the business and offers its services in AUD', () => {
    const url = 'https://slotwise.example/book/harbour-hair';
    const active = SERVICES.filter((s) => s.isActive);
    expect(localBusinessJsonLd(BUSINESS, active, url)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: BUSINESS.name,
      description: BUSINESS.description,
      address: BUSINESS.address,
      telephone: BUSINESS.phone,
      url,
      hasOfferCatalog: {
        '@type': 'OfferCatalog',
        name: `${BUSINESS.name} services`,
        itemListElement: [
          {
            '@type': 'Offer',
            itemOffered: {
              '@type': 'Service',
              name: "Men's Cut",
              description: "Men's Cut, done well",
            },
            price: '45.00',
            priceCurrency: 'AUD',
          },
          {
            '@type': 'Offer',
            itemOffered: {
              '@type': 'Service',
              name: 'Colour </script>',
              description: 'Colour </script>, done well',
            },
            price: '165.05',
            priceCurrency: 'AUD',
          },
        ],
      },
    });
  });

  it('leaves out what the business has not given, and an empty catalogue', () => {
    const bare = { ...BUSINESS, description: null, address: ' ', phone: null };
    expect(localBusinessJsonLd(bare, [], 'u')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: BUSINESS.name,
      url: 'u',
    });
    expect(localBusinessJsonLd(bare, null, 'u')).not.toHaveProperty('hasOfferCatalog');
  });
});

describe('bookingHead', () => {
  it('titles the page as the booking page does, and links the current slug', () => {
    const head = bookingHead(BUSINESS, [], 'https://slotwise.example');
    expect(head.title).toBe('Book with Harbour <Hair> & "Co" · Slotwise');
    expect(head.canonical).toBe('https://slotwise.example/book/harbour-hair');
    expect(head.description).toBe(BUSINESS.description);
  });

  it('describes a business without a description by its name, and cuts a long one at a word', () => {
    expect(bookingDescription({ ...BUSINESS, description: '  ' })).toBe(
      `Book an appointment with ${BUSINESS.name} online, any time, with Slotwise.`,
    );
    const long = bookingDescription({ ...BUSINESS, description: 'word '.repeat(60) });
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/word…$/);
  });
});
