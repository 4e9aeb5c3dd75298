// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type CustomerDetail, type CustomerSummary } from '@slotwise/contracts';
import { type SeenRequest, errorReply } from '../../../testing/fake-api';
import { renderWithApi } from '../../../testing/render';
import { ClientsTab } from './ClientsTab';

const BUSINESS_ID = 4;
const TZ = 'Australia/Sydney';
const LIST = `GET /api/business/${BUSINESS_ID}/customers`;

const zoe: CustomerSummary = {
  id: 11,
  firstName: 'Zoe',
  lastName: 'Park',
  email: null,
  phone: '+61412345678',
  visits: 2,
  upcomingVisits: 1,
  sharesNumberWith: [],
  // Tue 5 Jan 2027 10:00 AM and Fri 8 Jan 2027 10:00 AM in Sydney.
  lastVisit: '2027-01-04T23:00:00.000Z',
  nextVisit: '2027-01-07T23:00:00.000Z',
  createdAt: '2026-12-01T00:00:00.000Z',
};

const client = (i: number): CustomerSummary => ({
  ...zoe,
  id: 100 + i,
  firstName: `Client ${String(i).padStart(3, '0')}`,
  lastName: '',
  visits: 0,
  lastVisit: null,
  nextVisit: null,
});

const renderTab = (routes: Parameters<typeof renderWithApi>[1]) =>
  renderWithApi(<ClientsTab businessId={BUSINESS_ID} timeZone={TZ} />, routes);

describe('the Clients tab', () => {
  it('lists clients with their number as an owner reads it, their visits and the count', async () => {
    const { api } = renderTab({ [LIST]: { body: [zoe] } });
    expect(screen.getByLabelText('Loading clients')).toBeTruthy();
    const row = await screen.findByRole('button', { name: /Zoe Park/ });
    expect(row.textContent).toContain('0412 345 678');
    expect(row.textContent).toContain('Last visit 5 Jan 2027 · Next 8 Jan 2027');
    // Past visits, the ones to come apart.
    expect(row.textContent).toContain('2 visits · 1 upcoming');
    // The first 50 and one more, which says whether there are more.
    expect(api.calls('GET', `/api/business/${BUSINESS_ID}/customers`)[0]!.query).toEqual({
      limit: 51,
    });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('marks a client whose number another client shares', async () => {
    renderTab({
      [LIST]: {
        body: [
          { ...zoe, sharesNumberWith: [{ id: 12, name: 'Olivia Brown' }] },
          { ...zoe, id: 12, firstName: 'Olivia', lastName: 'Brown', sharesNumberWith: [] },
        ],
      },
    });
    const row = await screen.findByRole('button', { name: /Zoe Park/ });
    expect(row.textContent).toContain('Shares a number with Olivia Brown');
    const other = screen.getByRole('button', { name: /^Olivia Brown/ });
    expect(other.textContent).not.toContain('Shares a number');
  });

  it('says when there are no clients yet', async () => {
    renderTab({ [LIST]: { body: [] } });
    expect(await screen.findByText('No clients yet')).toBeTruthy();
    expect(screen.getByText('Clients appear here after their first booking.')).toBeTruthy();
  });

  it('searches on the server once typing pauses, and says when nobody matches', async () => {
    const { api } = renderTab({
      [LIST]: (request: SeenRequest) => ({ body: request.query.q === '0412' ? [zoe] : [] }),
    });
    await screen.findByText('No clients yet');
    fireEvent.change(screen.getByLabelText('Search clients'), { target: { value: ' 0412 ' } });
    await screen.findByRole('button', { name: /Zoe Park/ });
    fireEvent.change(screen.getByLabelText('Search clients'), { target: { value: '0499' } });
    expect(await screen.findByText('No clients found')).toBeTruthy();
    expect(screen.getByText(/Nobody matches “0499”/)).toBeTruthy();
    const searched = api
      .calls('GET', `/api/business/${BUSINESS_ID}/customers`)
      .map((r) => r.query.q ?? null);
    // No request per keystroke: the first load, then each settled search.
    expect(searched).toEqual([null, '0412', '0499']);
  });

  it('loads 50 more on request', async () => {
    const everyone = Array.from({ length: 60 }, (_, i) => client(i));
    const { api } = renderTab({
      [LIST]: (request: SeenRequest) => {
        const offset = Number(request.query.offset ?? 0);
        return { body: everyone.slice(offset, offset + Number(request.query.limit)) };
      },
    });
    await screen.findByText('Client 049');
    expect(screen.queryByText('Client 050')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Client 059');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.calls('GET', `/api/business/${BUSINESS_ID}/customers`).at(-1)!.query).toEqual({
      limit: 100,
    });
  });

  it('shows why the list could not load', async () => {
    renderTab({ [LIST]: errorReply(500, 'Internal server error', 'INTERNAL') });
    expect(await screen.findByText('Could not load your clients')).toBeTruthy();
  });

  it("opens a client's details from the list", async () => {
    const detail: CustomerDetail = {
      ...zoe,
      notes: 'Allergic to lavender',
      notificationPreferences: { email: false, sms: true },
      noShows: 0,
      cancellations: 0,
      totalSpent: 0,
      upcoming: [],
      past: [],
    };
    renderTab({ [LIST]: { body: [zoe] }, [`GET /api/customers/${zoe.id}`]: { body: detail } });
    fireEvent.click(await screen.findByRole('button', { name: /Zoe Park/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Zoe Park' });
    await waitFor(() =>
      expect(within(dialog).getByDisplayValue('Allergic to lavender')).toBeTruthy(),
    );
  });
});
