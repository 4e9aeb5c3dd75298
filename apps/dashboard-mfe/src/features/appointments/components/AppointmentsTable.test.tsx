// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type OwnerAppointment } from '@slotwise/contracts';
import { renderWithApi } from '../../../testing/render';
import { RANGE_ORDER_ERROR } from '../list';
import { AppointmentsTable } from './AppointmentsTable';

const BUSINESS_ID = 4;
const LIST = `/api/business/${BUSINESS_ID}/appointments`;

const row = (
  id: number,
  date: string,
  staff: OwnerAppointment['staff'],
  status: OwnerAppointment['status'] = 'confirmed',
): OwnerAppointment => ({
  id,
  date,
  end: new Date(Date.parse(date) + 3_600_000).toISOString(),
  status,
  notes: null,
  staffMemberId: staff?.id ?? null,
  staff,
  service: { id: 5, name: 'Deep Tissue Massage', duration: 60, price: 11000, description: null },
  customer: {
    firstName: `Client${id}`,
    lastName: 'Lee',
    email: null,
    phone: '+61400555777',
    notificationPreferences: { email: false, sms: true },
  },
  history: [],
});

const rows = [
  row(2, '2027-01-06T23:00:00.000Z', { id: 3, name: 'Mia Rossi', position: null }),
  row(1, '2027-01-04T23:00:00.000Z', null, 'no_show'),
];

function renderTable() {
  return renderWithApi(
    <AppointmentsTable
      businessId={BUSINESS_ID}
      search=""
      timeZone="Australia/Sydney"
      onOpen={vi.fn()}
    />,
    { [`GET ${LIST}`]: { body: rows } },
  );
}

describe('the appointment table', () => {
  it('names the staff member of each appointment, shows a no-show and local phone numbers', async () => {
    renderTable();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Client', 'Service', 'Date & Time', 'Staff', 'Status', 'Actions']);
    const cells = (id: number) =>
      [...table.querySelectorAll(`tr[data-appointment="${id}"] td`)].map((td) => td.textContent);
    expect(cells(2)[3]).toBe('Mia Rossi');
    expect(cells(1)[3]).toBe('No staff member');
    expect(cells(1)[4]).toBe('No-show');
    expect(cells(1)[0]).toBe('Client1 Lee0400 555 777');
  });

  it("asks the server for a date range of the business's days, and refuses one backwards", async () => {
    const { api } = renderTable();
    await screen.findByRole('table');
    const last = () => api.calls('GET', LIST).at(-1)?.query;
    expect(last()).toEqual({ limit: 51 });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2027-01-05' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2027-01-06' } });
    // From midnight on the 5th to midnight after the 6th, Sydney time (AEDT).
    await waitFor(() =>
      expect(last()).toEqual({
        limit: 51,
        from: '2027-01-04T13:00:00.000Z',
        to: '2027-01-06T13:00:00.000Z',
      }),
    );

    const asked = api.calls('GET', LIST).length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2027-01-01' } });
    await screen.findByText(RANGE_ORDER_ERROR);
    // A backwards range is not sent as one.
    expect(
      api
        .calls('GET', LIST)
        .slice(asked)
        .every((r) => !r.query.to),
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'All dates' }));
    expect(screen.queryByText(RANGE_ORDER_ERROR)).toBeNull();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('');
  });
});
