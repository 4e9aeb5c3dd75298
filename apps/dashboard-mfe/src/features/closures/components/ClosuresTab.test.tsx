// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AffectedBooking,
  type Business,
  type Closure,
  type PublicHoliday,
  type SpecialHours,
} from '@slotwise/contracts';
import { type Handler } from '../../../testing/fake-api';
import { testBusiness } from '../../../testing/business';
import { renderWithApi } from '../../../testing/render';
import { toasts } from '../../../testing/screen';
import { ClosuresTab } from './ClosuresTab';

const business: Business = {
  ...testBusiness,
  region: 'VIC',
  maxAdvanceDays: 180,
};

const BASE = '/api/business/4';
const AFFECTED = `${BASE}/availability/affected-bookings`;

const closure = (id: number, from: string, to: string, reason: string | null): Closure => ({
  id,
  businessId: 4,
  from,
  to,
  reason,
});
const closures = [
  closure(11, '2027-01-20', '2027-01-22', 'Renovation'),
  closure(12, '2026-12-24', '2026-12-26', 'Christmas'),
  closure(13, '2027-01-26', '2027-01-26', 'Australia Day'),
];
const special: SpecialHours[] = [
  {
    id: 21,
    businessId: 4,
    date: '2027-01-14',
    intervals: [
      { openTime: '09:00', closeTime: '12:00' },
      { openTime: '17:00', closeTime: '21:00' },
    ],
    reason: 'Late night',
  },
  { id: 22, businessId: 4, date: '2027-01-08', intervals: [], reason: null },
];
const holidays: PublicHoliday[] = [
  { date: '2027-01-26', name: 'Australia Day', closed: true },
  { date: '2027-03-08', name: 'Labour Day', closed: false },
];

const booking: AffectedBooking = {
  id: 31,
  start: '2027-03-07T22:00:00.000Z',
  end: '2027-03-07T23:00:00.000Z',
  customerName: 'Zara Quinn',
  serviceName: 'Cut',
  staffName: null,
};

async function renderTab(routes: Record<string, Handler> = {}) {
  const view = renderWithApi(<ClosuresTab business={business} />, {
    [`GET ${BASE}/closures`]: { body: closures },
    [`GET ${BASE}/special-hours`]: { body: special },
    [`GET ${BASE}/closures/holidays`]: { body: holidays },
    [`POST ${AFFECTED}`]: { body: [] },
    [`POST ${BASE}/closures`]: (r) => ({
      body: { id: 14, businessId: 4, reason: null, ...(r.body as object) },
    }),
    [`POST ${BASE}/special-hours`]: (r) => ({
      body: { id: 23, businessId: 4, reason: null, ...(r.body as object) },
    }),
    [`DELETE ${BASE}/closures/11`]: { status: 204 },
    [`DELETE ${BASE}/special-hours/2027-01-14`]: { status: 204 },
    ...routes,
  });
  await screen.findByText('Labour Day');
  await screen.findByText('Renovation');
  await screen.findByText('Closed all day');
  return view;
}

const list = (name: string) =>
  [...screen.getByRole('list', { name }).querySelectorAll('li')].map((li) => li.textContent);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 2 Jan 2027 in Sydney.
  vi.setSystemTime(new Date('2027-01-01T23:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('Settings → Closures', () => {
  it('lists upcoming closures, special hours and the state’s public holidays', async () => {
    await renderTab();
    expect(list('Upcoming closures')).toEqual([
      'Wed, 20 Jan 2027 – Fri, 22 Jan 2027Renovation',
      'Tue, 26 Jan 2027Australia Day',
    ]);
    expect(list('Upcoming special hours')).toEqual([
      'Fri, 8 Jan 2027Closed all day',
      'Thu, 14 Jan 2027' + '9:00 AM – 12:00 PM, 5:00 PM – 9:00 PM · Late night',
    ]);
    expect(screen.getByText(/Victoria's public holidays in the next 12 months/)).toBeTruthy();
    const australiaDay = document.querySelector('[data-holiday="2027-01-26"]')!;
    expect(within(australiaDay as HTMLElement).getByText('Closed')).toBeTruthy();
    expect(within(australiaDay as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('shows empty lists', async () => {
    renderWithApi(<ClosuresTab business={business} />, {
      [`GET ${BASE}/closures`]: { body: [closures[1]] },
      [`GET ${BASE}/special-hours`]: { body: [] },
      [`GET ${BASE}/closures/holidays`]: { body: [] },
    });
    expect(await screen.findByText('No upcoming closures.')).toBeTruthy();
    expect(await screen.findByText('No upcoming special hours.')).toBeTruthy();
    expect(await screen.findByText('No public holidays in the next 12 months.')).toBeTruthy();
  });

  it('closes on a public holiday with one click, after the bookings check', async () => {
    const { api } = await renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Close on Labour Day, Mon, 8 Mar 2027' }));
    await waitFor(() => expect(api.calls('POST', `${BASE}/closures`)).toHaveLength(1));
    expect(api.calls('POST', AFFECTED)[0]?.body).toEqual({
      kind: 'closure',
      from: '2027-03-08',
      to: '2027-03-08',
    });
    expect(api.calls('POST', `${BASE}/closures`)[0]?.body).toEqual({
      from: '2027-03-08',
      to: '2027-03-08',
      reason: 'Labour Day',
    });
    await waitFor(() =>
      expect(toasts()).toEqual(['Closure Added: Closed on Labour Day, Mon, 8 Mar 2027.']),
    );
  });

  it('adds a closure, with its errors beside the fields, and warns about bookings first', async () => {
    const { api } = await renderTab({ [`POST ${AFFECTED}`]: { body: [booking] } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Closure' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Closure' });
    const type = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    expect((within(dialog).getByLabelText('First Day') as HTMLInputElement).value).toBe(
      '2027-01-02',
    );
    type('First Day', '2027-03-08');
    type('Last Day', '2027-03-05');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Closure' }));
    expect(within(dialog).getByText('The last day must not be before the first')).toBeTruthy();
    expect(api.calls('POST', AFFECTED)).toHaveLength(0);

    type('Last Day', '2027-03-09');
    type('Reason (optional)', 'Staff training');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Closure' }));
    const warning = await screen.findByRole('dialog', { name: '1 booking is outside these hours' });
    expect(warning.textContent).toContain('Mon, 8 Mar 2027 · 9:00 AM – 10:00 AM AEDT');
    expect(warning.textContent).toContain('Zara Quinn · Cut');
    expect(api.calls('POST', AFFECTED)[0]?.body).toEqual({
      kind: 'closure',
      from: '2027-03-08',
      to: '2027-03-09',
    });
    expect(api.calls('POST', `${BASE}/closures`)).toHaveLength(0);
    fireEvent.click(within(warning).getByRole('button', { name: 'Close Anyway' }));
    await waitFor(() => expect(api.calls('POST', `${BASE}/closures`)).toHaveLength(1));
    expect(api.calls('POST', `${BASE}/closures`)[0]?.body).toEqual({
      from: '2027-03-08',
      to: '2027-03-09',
      reason: 'Staff training',
    });
  });

  it('sets special hours for one date, with a break, or closed all day', async () => {
    const { api } = await renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Add Special Hours' }));
    let dialog = screen.getByRole('dialog', { name: 'Add Special Hours' });
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2027-02-05' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Break on Fri, 5 Feb 2027' }));
    fireEvent.change(within(dialog).getByLabelText('Closing Time 2'), {
      target: { value: '21:00' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Special Hours' }));
    await waitFor(() => expect(api.calls('POST', `${BASE}/special-hours`)).toHaveLength(1));
    const intervals = [
      { openTime: '09:00', closeTime: '12:00' },
      { openTime: '13:00', closeTime: '21:00' },
    ];
    expect(api.calls('POST', AFFECTED)[0]?.body).toEqual({
      kind: 'special-hours',
      date: '2027-02-05',
      intervals,
    });
    expect(api.calls('POST', `${BASE}/special-hours`)[0]?.body).toEqual({
      date: '2027-02-05',
      intervals,
      reason: null,
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Add Special Hours' }));
    dialog = screen.getByRole('dialog', { name: 'Add Special Hours' });
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2027-02-06' } });
    fireEvent.click(within(dialog).getByRole('switch'));
    expect(within(dialog).queryByLabelText('Opening Time')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Special Hours' }));
    await waitFor(() => expect(api.calls('POST', `${BASE}/special-hours`)).toHaveLength(2));
    expect(api.calls('POST', `${BASE}/special-hours`)[1]?.body).toEqual({
      date: '2027-02-06',
      intervals: [],
      reason: null,
    });
  });

  it('refuses special hours that close before they open', async () => {
    const { api } = await renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Add Special Hours' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Special Hours' });
    fireEvent.change(within(dialog).getByLabelText('Closing Time'), {
      target: { value: '08:00' },
    });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Closing time must be after opening time',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Special Hours' }));
    expect(api.calls('POST', AFFECTED)).toHaveLength(0);
  });

  it('deletes a closure, and a date’s special hours when no booking is left outside', async () => {
    const { api } = await renderTab();
    fireEvent.click(
      screen.getByRole('button', {
        name: 'Delete closure Wed, 20 Jan 2027 – Fri, 22 Jan 2027',
      }),
    );
    await waitFor(() => expect(api.calls('DELETE', `${BASE}/closures/11`)).toHaveLength(1));
    // Opening a closed date again strands nobody: not asked about.
    expect(api.calls('POST', AFFECTED)).toHaveLength(0);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete special hours Thu, 14 Jan 2027' }),
    );
    await waitFor(() =>
      expect(api.calls('DELETE', `${BASE}/special-hours/2027-01-14`)).toHaveLength(1),
    );
    expect(api.calls('POST', AFFECTED).map((c) => c.body)).toEqual([
      { kind: 'special-hours', date: '2027-01-14', intervals: null },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('warns before removing special hours that bookings fall outside of without', async () => {
    const late: AffectedBooking = {
      ...booking,
      start: '2027-01-14T08:00:00.000Z',
      end: '2027-01-14T09:00:00.000Z',
    };
    const { api } = await renderTab({ [`POST ${AFFECTED}`]: { body: [late] } });
    const remove = () =>
      fireEvent.click(
        screen.getByRole('button', { name: 'Delete special hours Thu, 14 Jan 2027' }),
      );
    remove();
    let warning = await screen.findByRole('dialog', { name: '1 booking is outside these hours' });
    expect(warning.textContent).toContain('Thu, 14 Jan 2027 · 7:00 PM – 8:00 PM AEDT');
    expect(warning.textContent).toContain('Zara Quinn · Cut');
    fireEvent.click(within(warning).getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('DELETE', `${BASE}/special-hours/2027-01-14`)).toHaveLength(0);

    remove();
    warning = await screen.findByRole('dialog', { name: '1 booking is outside these hours' });
    expect(api.calls('DELETE', `${BASE}/special-hours/2027-01-14`)).toHaveLength(0);
    fireEvent.click(within(warning).getByRole('button', { name: 'Remove Anyway' }));
    await waitFor(() =>
      expect(api.calls('DELETE', `${BASE}/special-hours/2027-01-14`)).toHaveLength(1),
    );
    expect(api.calls('POST', AFFECTED)[0]?.body).toEqual({
      kind: 'special-hours',
      date: '2027-01-14',
      intervals: null,
    });
    await waitFor(() =>
      expect(toasts()).toEqual([
        "Special Hours Removed: Thu, 14 Jan 2027 has its weekday's hours again.",
      ]),
    );
  });
});
