// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Business, type OwnerAppointment } from '@slotwise/contracts';
import { renderWithApi } from '../../../testing/render';
import { AgendaLists } from './AgendaLists';

const BUSINESS_ID = 4;
const business = { id: BUSINESS_ID, timeZone: 'Australia/Sydney' } as Business;

let nextId = 1;
function booking(start: string, first: string, status: OwnerAppointment['status'] = 'confirmed') {
  return {
    id: nextId++,
    date: start,
    end: new Date(Date.parse(start) + 3_600_000).toISOString(),
    status,
    notes: null,
    staffMemberId: 3,
    staff: { id: 3, name: 'Mia Rossi', position: null },
    service: { id: 5, name: 'Deep Tissue Massage', duration: 60, price: 11000, description: null },
    customer: {
      firstName: first,
      lastName: 'Lee',
      email: null,
      phone: null,
      notificationPreferences: { email: false, sms: true },
    },
    history: [],
  } satisfies OwnerAppointment;
}

// "Now" is 8:00 AM on Tuesday 5 January 2027 in Sydney (AEDT, UTC+11).
const early = booking('2027-01-04T22:00:00.000Z', 'Ann'); // 9:00 AM today
const later = booking('2027-01-05T03:00:00.000Z', 'Ben', 'pending'); // 2:00 PM today
const tomorrow = booking('2027-01-05T23:00:00.000Z', 'Cat'); // Wed 10:00 AM
const nextWeek = booking('2027-01-11T23:00:00.000Z', 'Dan'); // Tue 12 Jan

function render(onOpen = vi.fn(), onViewAll = vi.fn()) {
  const view = renderWithApi(
    <AgendaLists business={business} search="" onOpen={onOpen} onViewAll={onViewAll} />,
    {
      // The API lists newest first.
      [`GET /api/business/${BUSINESS_ID}/appointments`]: (request) => {
        const from = Date.parse(String(request.query.from));
        const to = Date.parse(String(request.query.to));
        return {
          body: [nextWeek, tomorrow, later, early].filter(
            (a) => Date.parse(a.end) > from && Date.parse(a.date) < to,
          ),
        };
      },
    },
  );
  return { ...view, onOpen, onViewAll };
}

const names = (kind: string) =>
  [...document.querySelectorAll(`[data-agenda="${kind}"] .dash-recent__item`)].map(
    (b) => b.querySelector('.dash-table__strong')?.textContent,
  );

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-01-04T21:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('Today and Upcoming', () => {
  it("lists today's appointments and the next ones after today, soonest first", async () => {
    const { api, onOpen, onViewAll } = render();
    await waitFor(() => expect(names('today')).toEqual(['Ann Lee', 'Ben Lee']));
    await waitFor(() => expect(names('upcoming')).toEqual(['Cat Lee', 'Dan Lee']));
    const today = screen.getByRole('region', { name: 'Today' });
    within(today).getByText('9:00 AM – 10:00 AM · Deep Tissue Massage · Mia Rossi');
    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    within(upcoming).getByText(/6 Jan 2027, 10:00 AM AEDT/);
    // Today is the business's own day; Upcoming starts where it ends.
    const queries = api
      .calls('GET', `/api/business/${BUSINESS_ID}/appointments`)
      .map((r) => r.query);
    expect(queries).toContainEqual({
      from: '2027-01-04T13:00:00.000Z',
      to: '2027-01-05T13:00:00.000Z',
      status: 'completed,confirmed,no_show,pending',
      limit: 500,
    });
    expect(queries).toContainEqual(
      expect.objectContaining({ from: '2027-01-05T13:00:00.000Z', status: 'confirmed,pending' }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Cat Lee/ }));
    expect(onOpen).toHaveBeenCalledWith(tomorrow);
    fireEvent.click(within(upcoming).getByRole('button', { name: 'View All' }));
    expect(onViewAll).toHaveBeenCalled();
  });

  it('says when there is nothing today or to come', async () => {
    renderWithApi(
      <AgendaLists business={business} search="" onOpen={vi.fn()} onViewAll={vi.fn()} />,
      { [`GET /api/business/${BUSINESS_ID}/appointments`]: { body: [] } },
    );
    await screen.findByText('No appointments today');
    await screen.findByText('No upcoming appointments');
  });
});
