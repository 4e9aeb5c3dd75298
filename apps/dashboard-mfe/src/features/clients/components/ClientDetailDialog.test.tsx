// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  CUSTOMER_PHONE_TAKEN_MESSAGE,
  type CustomerDetail,
  ErrorCode,
  INVALID_PHONE_MESSAGE,
} from '@slotwise/contracts';
import { type Handler, type SeenRequest, errorReply } from '../../../testing/fake-api';
import { renderWithApi } from '../../../testing/render';
import { openDialog, toasts } from '../../../testing/screen';
import { ClientDetailDialog } from './ClientDetailDialog';

const BUSINESS_ID = 4;
const TZ = 'Australia/Sydney';

const hana: CustomerDetail = {
  id: 21,
  firstName: 'Hana',
  lastName: 'Kim',
  email: 'hana@example.com',
  phone: '+61412777888',
  visits: 3,
  upcomingVisits: 1,
  sharesNumberWith: [],
  lastVisit: '2027-01-05T03:00:00.000Z',
  nextVisit: '2027-01-07T23:00:00.000Z',
  createdAt: '2026-11-02T00:00:00.000Z',
  notes: null,
  notificationPreferences: { email: false, sms: true },
  noShows: 1,
  cancellations: 1,
  totalSpent: 17100,
  upcoming: [
    {
      id: 5,
      date: '2027-01-07T23:00:00.000Z',
      end: '2027-01-08T00:00:00.000Z',
      status: 'confirmed',
      service: { id: 2, name: 'Consultation' },
      staff: { id: 3, name: 'Mia Chen' },
      price: 8550,
    },
  ],
  past: [
    {
      id: 4,
      date: '2027-01-05T03:00:00.000Z',
      end: '2027-01-05T04:00:00.000Z',
      status: 'completed',
      service: { id: 2, name: 'Consultation' },
      staff: null,
      price: 8550,
    },
    {
      id: 3,
      date: '2027-01-05T02:00:00.000Z',
      end: '2027-01-05T03:00:00.000Z',
      status: 'no_show',
      service: { id: 2, name: 'Consultation' },
      staff: null,
      price: 8550,
    },
  ],
};

const DETAIL = `GET /api/customers/${hana.id}`;
const PATCH = `PATCH /api/customers/${hana.id}`;

function renderDialog(routes: Record<string, Handler>, client = hana) {
  const onClose = vi.fn();
  const view = renderWithApi(
    <ClientDetailDialog
      businessId={BUSINESS_ID}
      timeZone={TZ}
      clientId={client.id}
      onClose={onClose}
    />,
    { [`GET /api/customers/${client.id}`]: { body: client }, ...routes },
  );
  return { ...view, onClose };
}

async function loaded() {
  await screen.findByRole('dialog', { name: 'Hana Kim' });
  return openDialog('Hana Kim');
}

describe("a client's details", () => {
  it('shows the counts, what they spent and their visits in the business’s zone', async () => {
    renderDialog({});
    expect(screen.getByLabelText('Loading client')).toBeTruthy();
    const { dialog } = await loaded();
    const text = dialog.textContent ?? '';
    for (const shown of [
      'Client since 2 Nov 2026',
      '0412 777 888',
      'hana@example.com',
      'Visits3',
      'Upcoming1',
      'No-shows1',
      'Cancellations1',
      'Total spent$171.00',
      'Fri, 8 Jan 2027, 10:00 AM AEDT',
      'Consultation · Mia Chen · $85.50',
      'Tue, 5 Jan 2027, 2:00 PM AEDT',
    ]) {
      expect(text, shown).toContain(shown);
    }
    const past = within(dialog).getByRole('region', { name: 'Past visits' });
    expect(
      within(past)
        .getAllByText(/Completed|No-show/i)
        .map((b) => b.getAttribute('data-status')),
    ).toEqual(['completed', 'no_show']);
    expect(within(dialog).getByRole('link', { name: '0412 777 888' }).getAttribute('href')).toBe(
      'tel:+61412777888',
    );
    // An Australian mobile gets texts: nothing to warn about.
    expect(within(dialog).queryByText('No text messages')).toBeNull();
  });

  it('warns that a number other than an Australian mobile gets no texts', async () => {
    renderDialog({}, { ...hana, phone: '+61291305567', upcoming: [], past: [] });
    const { dialog } = await loaded();
    expect(within(dialog).getByText('No text messages')).toBeTruthy();
    expect(within(dialog).getByText('(02) 9130 5567')).toBeTruthy();
    expect(within(dialog).getByText('No upcoming visits')).toBeTruthy();
    expect(within(dialog).getByText('No past visits')).toBeTruthy();
  });

  it('shows a walk-in booked by name only as having no phone, with no empty call link', async () => {
    renderDialog({}, { ...hana, phone: '', upcoming: [], past: [] });
    const { dialog } = await loaded();
    expect(within(dialog).getByText('No phone')).toBeTruthy();
    expect(dialog.querySelector('a[href^="tel:"]')).toBeNull();
    // Not 'this number is not an Australian mobile': there is no number.
    expect(within(dialog).queryByText('No text messages')).toBeNull();
  });

  it('saves the private notes alone and says so', async () => {
    // The server as it would be: the saved notes are what it answers from then on.
    let stored = hana;
    const { api } = renderDialog({
      [DETAIL]: () => ({ body: stored }),
      [PATCH]: (request: SeenRequest) => {
        stored = { ...stored, ...(request.body as object) };
        return { body: stored };
      },
    });
    const { type, button, field } = await loaded();
    expect(button('Save Changes').disabled).toBe(true);
    type('Private notes', '  Prefers the window seat ');
    fireEvent.click(button('Save Changes'));
    await waitFor(() =>
      expect(toasts()).toEqual(["Client Saved: Hana Kim's details have been updated"]),
    );
    expect(api.calls('PATCH', `/api/customers/${hana.id}`).map((r) => r.body)).toEqual([
      { notes: 'Prefers the window seat' },
    ]);
    await waitFor(() => expect(field('Private notes').value).toBe('Prefers the window seat'));
    expect(button('Save Changes').disabled).toBe(true);
  });

  it("shows the server's refusal of a number beside the phone field", async () => {
    renderDialog({
      [PATCH]: {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: CUSTOMER_PHONE_TAKEN_MESSAGE,
          code: ErrorCode.CUSTOMER_PHONE_TAKEN,
          issues: [{ path: 'phone', message: CUSTOMER_PHONE_TAKEN_MESSAGE }],
        },
      },
    });
    const { type, button, field } = await loaded();
    type('Phone', '0412 300 400');
    fireEvent.click(button('Save Changes'));
    await screen.findByText(CUSTOMER_PHONE_TAKEN_MESSAGE);
    expect(field('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(toasts()).toEqual([]);
  });

  it('checks the changed fields before sending, with the API’s texts', async () => {
    const { api } = renderDialog({});
    const { type, button } = await loaded();
    type('First Name', ' ');
    type('Phone', '04 call me');
    fireEvent.click(button('Save Changes'));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText(INVALID_PHONE_MESSAGE)).toBeTruthy();
    expect(api.calls('PATCH', `/api/customers/${hana.id}`)).toEqual([]);
  });

  it('lets the notes of a client with an old, unchecked number be saved', async () => {
    const old = { ...hana, phone: 'ring the shop' };
    const { api } = renderDialog(
      { [PATCH]: (request: SeenRequest) => ({ body: { ...old, ...(request.body as object) } }) },
      old,
    );
    const { type, button } = await loaded();
    type('Private notes', 'Call the salon line');
    fireEvent.click(button('Save Changes'));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(api.calls('PATCH', `/api/customers/${hana.id}`).map((r) => r.body)).toEqual([
      { notes: 'Call the salon line' },
    ]);
  });

  it('says when a save fails for another reason', async () => {
    renderDialog({ [PATCH]: errorReply(500, 'Internal server error', ErrorCode.INTERNAL) });
    const { type, button } = await loaded();
    type('Email', 'new@example.com');
    fireEvent.click(button('Save Changes'));
    await waitFor(() =>
      expect(toasts()).toEqual(['Error: Failed to save the client. Please try again.']),
    );
  });

  it('says when the client cannot be loaded', async () => {
    renderDialog({ [DETAIL]: errorReply(404, 'Client not found', ErrorCode.NOT_FOUND) });
    expect(await screen.findByText('Could not load this client')).toBeTruthy();
  });

  it('marks a number another client shares and merges them only once the owner confirms', async () => {
    const olivia = { id: 30, name: 'Olivia Brown' };
    const sharing = { ...hana, sharesNumberWith: [olivia] };
    const { api } = renderDialog(
      {
        [`POST /api/customers/${hana.id}/merge`]: { body: { ...hana, sharesNumberWith: [] } },
      },
      sharing,
    );
    const { dialog, button } = await loaded();
    expect(dialog.textContent).toContain('Shares a number with Olivia Brown');
    fireEvent.click(button('Merge Olivia Brown into Hana Kim'));
    const confirm = await screen.findByRole('dialog', { name: 'Merge Clients' });
    expect(confirm.textContent).toContain(
      "Olivia Brown's appointments move to Hana Kim, and Olivia Brown is removed from your clients",
    );
    expect(api.calls('POST', `/api/customers/${hana.id}/merge`)).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Merge' }));
    await waitFor(() =>
      expect(toasts()).toEqual(["Clients Merged: Olivia Brown's appointments are now Hana Kim's"]),
    );
    expect(api.calls('POST', `/api/customers/${hana.id}/merge`).map((r) => r.body)).toEqual([
      { otherCustomerId: 30 },
    ]);
  });

  it('merges any other client the owner finds by name, phone or email, once confirmed', async () => {
    const summary = (id: number, firstName: string, lastName: string, phone: string) => ({
      ...hana,
      id,
      firstName,
      lastName,
      phone,
      email: null,
    });
    const kate = summary(50, 'Katherine', 'Lee', '+61412555666');
    const { api } = renderDialog({
      // The server's search: this client may be among the matches, and is never offered.
      [`GET /api/business/${BUSINESS_ID}/customers`]: (request: SeenRequest) => ({
        body: String(request.query.q ?? '').startsWith('0412 555')
          ? [kate]
          : [hana, kate, summary(51, 'Tom', 'Ng', '+61412000111')],
      }),
      [`POST /api/customers/${hana.id}/merge`]: { body: hana },
    });
    const { dialog, button } = await loaded();
    // No shared number here: the action is there all the same.
    expect(dialog.querySelector('[data-shares-number]')).toBeNull();
    fireEvent.click(button('Merge with another client…'));
    const list = await within(dialog).findByRole('list', { name: 'Clients to merge' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Katherine Lee0412 555 666', 'Tom Ng0412 000 111']);
    fireEvent.change(within(dialog).getByLabelText('Find the other client'), {
      target: { value: '0412 555' },
    });
    await waitFor(() =>
      expect(api.calls('GET', `/api/business/${BUSINESS_ID}/customers`).at(-1)!.query.q).toBe(
        '0412 555',
      ),
    );
    await waitFor(() =>
      expect(
        within(within(dialog).getByRole('list', { name: 'Clients to merge' })).getAllByRole(
          'button',
        ),
      ).toHaveLength(1),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /Katherine Lee/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Merge Clients' });
    expect(confirm.textContent).toContain(
      "Katherine Lee's appointments move to Hana Kim, and Katherine Lee is removed from your clients",
    );
    expect(api.calls('POST', `/api/customers/${hana.id}/merge`)).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Merge' }));
    await waitFor(() =>
      expect(toasts()).toEqual(["Clients Merged: Katherine Lee's appointments are now Hana Kim's"]),
    );
    expect(api.calls('POST', `/api/customers/${hana.id}/merge`).map((r) => r.body)).toEqual([
      { otherCustomerId: 50 },
    ]);
  });

  it('splits the chosen appointments to a new client once the owner confirms', async () => {
    const joanne = { ...hana, id: 40, firstName: 'Joanne', lastName: 'Smith' };
    const { api } = renderDialog({
      [`POST /api/customers/${hana.id}/split`]: { body: joanne },
    });
    const { dialog, button } = await loaded();
    expect(within(dialog).queryAllByRole('checkbox')).toEqual([]);
    fireEvent.click(button('Split Client'));
    // Nothing chosen, nothing to move.
    expect(button('Move 0 appointments').disabled).toBe(true);
    fireEvent.click(
      within(dialog).getByRole('checkbox', {
        name: 'Move the appointment of Fri, 8 Jan 2027, 10:00 AM AEDT',
      }),
    );
    fireEvent.click(button('Move 1 appointment'));
    const confirm = await screen.findByRole('dialog', { name: 'Split Client' });
    expect(confirm.textContent).toContain(
      '1 appointment will move from Hana Kim to a new client named as they were booked',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Split' }));
    await waitFor(() =>
      expect(toasts()).toEqual(['Client Split: 1 appointment moved to Joanne Smith']),
    );
    expect(api.calls('POST', `/api/customers/${hana.id}/split`).map((r) => r.body)).toEqual([
      { appointmentIds: [5] },
    ]);
  });
});
