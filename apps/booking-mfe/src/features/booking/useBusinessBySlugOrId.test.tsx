// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../testing/fake-api';
import { BUSINESS_PATH, SLUG, business, mensCut, womensCut } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import BookingPage from './components/BookingPage';

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string, api: ReturnType<typeof fakeApi>) {
  return renderWithApp(
    <>
      <BookingPage />
      <Address />
    </>,
    { api, url, route: '/book/:businessSlug' },
  );
}

const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

describe('the booking page address', () => {
  it('moves an old slug to the current one, keeping the query, and calls only by the current one', async () => {
    const api = fakeApi({
      'GET /api/business/slug/old-harbour-link': { body: business },
      [`GET ${BUSINESS_PATH}`]: { body: business },
      [`GET ${BUSINESS_PATH}/services`]: { body: [womensCut, mensCut] },
    });
    renderAt('/book/old-harbour-link?ref=sms', api);
    expect(await screen.findByRole('button', { name: /Women's Cut/ })).toBeTruthy();
    expect(address()).toBe(`/book/${SLUG}?ref=sms`);
    expect(screen.getByRole('heading', { name: 'Harbour Hair Studio' })).toBeTruthy();
    // Nothing else is asked by the old slug.
    expect(
      api.seen.filter((r) => r.path.startsWith('/api/business/slug/old-harbour-link')),
    ).toHaveLength(1);
  });

  it('loads a numeric segment as a business id and moves to its slug', async () => {
    const api = fakeApi({
      'GET /api/business/1': { body: business },
      [`GET ${BUSINESS_PATH}`]: { body: business },
      [`GET ${BUSINESS_PATH}/services`]: { body: [womensCut] },
    });
    renderAt('/book/1', api);
    expect(await screen.findByRole('button', { name: /Women's Cut/ })).toBeTruthy();
    expect(address()).toBe(`/book/${SLUG}`);
    expect(api.seen.some((r) => r.path === '/api/business/slug/1')).toBe(false);
  });

  it('shows Business Not Found for an unknown id', async () => {
    renderAt('/book/999', fakeApi({}));
    expect(await screen.findByRole('heading', { name: 'Business Not Found' })).toBeTruthy();
    expect(address()).toBe('/book/999');
  });

  it('stays on the current slug without a second lookup', async () => {
    const api = fakeApi({
      [`GET ${BUSINESS_PATH}`]: { body: business },
      [`GET ${BUSINESS_PATH}/services`]: { body: [womensCut] },
    });
    renderAt(`/book/${SLUG}`, api);
    expect(await screen.findByRole('button', { name: /Women's Cut/ })).toBeTruthy();
    expect(address()).toBe(`/book/${SLUG}`);
    expect(api.seen.filter((r) => r.path === BUSINESS_PATH)).toHaveLength(1);
  });
});
