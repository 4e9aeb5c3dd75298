// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Business,
  type CustomerSummary,
  ErrorCode,
  OUTSIDE_HOURS_MESSAGE,
  type OwnerAppointment,
  type Service,
  type StaffMember,
} from '@slotwise/contracts';
import { type Handler, type SeenRequest, errorReply } from '../../../testing/fake-api';
import { renderWithApi } from '../../../testing/render';
import { openDialog, toasts } from '../../../testing/screen';
import { NewAppointmentDialog, type NewAppointmentPrefill } from './NewAppointmentDialog';

const BUSINESS_ID = 4;
const business = { id: BUSINESS_ID, timeZone: 'Australia/Sydney' } as Business;
const BOOK = `POST /api/business/${BUSINESS_ID}/appointments`;

const service = (id: number, name: string, isActive = true): Service => ({
  id,
  businessId: BUSINESS_ID,
  name,
  description: null,
  price: 9500,
  duration: 45,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  isActive,
});
const massage = service(5, 'Deep Tissue Massage');

const mia: StaffMember = {
  id: 3,
  businessId: BUSINESS_ID,
  name: 'Mia Rossi',
  firstName: 'Mia',
  lastName: 'Rossi',
  position: 'Therapist',
  email: null,
  phone: null,
  bio: null,
  avatar: null,
  isActive: true,
  serviceIds: [5],
};
/** Offers only the facial: not offered for the massage. */
const ivy: StaffMember = { ...mia, id: 9, name: 'Ivy Lam', firstName: 'Ivy', serviceIds: [6] };

const zara: CustomerSummary = {
  id: 21,
  firstName: 'Zara',
  lastName: 'Quinn',
  email: 'zara@example.com',
  phone: '+61400555777',
  visits: 3,
  upcomingVisits: 0,
  sharesNumberWith: [],
  lastVisit: null,
  nextVisit: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** The booking the API answers with, from what was sent. */
function booked(request: SeenRequest): { status: number; body: OwnerAppointment } {
  const body = request.body as {
    date: string;
    staffMemberId?: number;
    customer?: { firstName: string; lastName: string; phone: string };
  };
  return {
    status: 201,
    body: {
      id: 70,
      date: body.date,
      end: new Date(Date.parse(body.date) + 45 * 60_000).toISOString(),
      status: 'confirmed',
      notes: null,
      staffMemberId: body.staffMemberId ?? 3,
      staff: { id: 3, name: 'Mia Rossi', position: null },
      service: { id: 5, name: 'Deep Tissue Massage', duration: 45, price: 9500, description: null },
      customer: {
        firstName: body.customer?.firstName ?? 'Zara',
        lastName: body.customer?.lastName ?? 'Quinn',
        email: null,
        phone: body.customer?.phone ?? '+61400555777',
        notificationPreferences: { email: false, sms: true },
      },
      history: [],
    },
  };
}

/** 10:30 AM on Tuesday 5 January 2027 in Sydney, in Mia's column. */
const prefill: NewAppointmentPrefill = { day: '2027-01-05', minutes: 10 * 60 + 30, staffId: 3 };

function renderNew(
  routes: Record<string, Handler> = {},
  options: { services?: Service[]; start?: NewAppointmentPrefill; sms?: boolean } = {},
) {
  const onClose = vi.fn();
  const onBooked = vi.fn();
  const view = renderWithApi(
    <NewAppointmentDialog
      business={business}
      prefill={options.start ?? prefill}
      onClose={onClose}
      onBooked={onBooked}
    />,
    {
      [`GET /api/business/${BUSINESS_ID}/services`]: {
        body: options.services ?? [massage, service(8, 'Old Treatment', false)],
      },
      [`GET /api/business/${BUSINESS_ID}/staff`]: { body: [mia, ivy] },
      'GET /api/messaging-status': { body: { sms: options.sms ?? true, email: true } },
      [BOOK]: booked,
      ...routes,
    },
  );
  return { ...view, onClose, onBooked };
}

async function dialog() {
  const d = await screen.findByRole('dialog', { name: 'New appointment' });
  await within(d).findByLabelText('Service');
  return openDialog('New appointment');
}

async function newClient(d: Awaited<ReturnType<typeof dialog>>) {
  fireEvent.click(d.button('New client'));
  d.type('First name', 'Jack');
  d.type('Last name', 'Smith');
  d.type('Mobile number', '0412 345 678');
}

/** The error text a field points to. */
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((el) => el?.classList.contains('sw-field__error'))?.textContent;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-01-01T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('New appointment', () => {
  it('books a new client at the clicked time and staff member, with the SMS tick', async () => {
    const { api, onBooked, onClose } = renderNew();
    const d = await dialog();
    // One active service: chosen already. Mia's column was clicked; Ivy does not offer it.
    expect((d.field('Service') as unknown as HTMLSelectElement).value).toBe('5');
    const staff = d.field('Staff member') as unknown as HTMLSelectElement;
    expect(staff.value).toBe('3');
    expect([...staff.options].map((o) => o.text)).toEqual(['Any available', 'Mia Rossi']);
    expect(d.field('Date').value).toBe('2027-01-05');
    expect(d.field('Time').value).toBe('10:30');
    expect(d.field('Time').step).toBe('300');
    const tick = d.field('Send the client an SMS confirmation with their links');
    expect(tick.checked).toBe(true);
    await newClient(d);
    d.type('Email (optional)', 'jack@example.com');
    d.type('Time', '10:35');
    d.type('Notes (optional)', 'Called in, sore back');
    fireEvent.click(d.button('Book Appointment'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(
      api.calls('POST', `/api/business/${BUSINESS_ID}/appointments`).map((r) => r.body),
    ).toEqual([
      {
        serviceId: 5,
        staffMemberId: 3,
        date: '2027-01-04T23:35:00.000Z',
        customer: {
          firstName: 'Jack',
          lastName: 'Smith',
          phone: '0412 345 678',
          email: 'jack@example.com',
        },
        notes: 'Called in, sore back',
        notifyCustomer: true,
        outsideHours: false,
      },
    ]);
    expect(onBooked).toHaveBeenCalledWith(expect.objectContaining({ id: 70 }));
    expect(toasts()).toEqual([
      'Appointment Booked: Jack Smith, Deep Tissue Massage: 5 Jan 2027, 10:35 AM AEDT. Client SMS: Queued — waiting for the SMS provider',
    ]);
  });

  it('says the SMS is not sent when the server has no SMS provider', async () => {
    renderNew({}, { sms: false });
    const d = await dialog();
    await newClient(d);
    fireEvent.click(d.button('Book Appointment'));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()[0]).toContain('Client SMS: Not sent: SMS is not set up on this server');
  });

  it('sends no SMS when the tick is cleared, and says so', async () => {
    const { api } = renderNew();
    const d = await dialog();
    await newClient(d);
    fireEvent.click(d.field('Send the client an SMS confirmation with their links'));
    fireEvent.click(d.button('Book Appointment'));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()[0]).toContain('The client was not sent an SMS.');
    expect(api.calls('POST', `/api/business/${BUSINESS_ID}/appointments`)[0]?.body).toMatchObject({
      notifyCustomer: false,
    });
  });

  it("shows what is missing beside each field in the API's words, sending nothing", async () => {
    const { api } = renderNew({}, { services: [massage, service(6, 'Facial')] });
    const d = await dialog();
    d.type('Time', '');
    fireEvent.click(d.button('Book Appointment'));
    expect(errorOf(d.field('Service'))).toBe('Choose a service');
    expect(errorOf(d.field('Time'))).toBe('Enter a time');
    expect(errorOf(d.field('Find a client'))).toBe('Choose a client or enter a new one');
    fireEvent.click(d.button('New client'));
    d.type('Mobile number', 'call me');
    d.type('Email (optional)', 'not-an-email');
    fireEvent.click(d.button('Book Appointment'));
    expect(errorOf(d.field('First name'))).toBe('First name is required');
    expect(errorOf(d.field('Mobile number'))).toBe('Please enter a valid phone number');
    expect(errorOf(d.field('Email (optional)'))).toBe('Please enter a valid email address');
    expect(api.seen.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('finds an existing client by name or phone and books them', async () => {
    const { api } = renderNew({
      [`GET /api/business/${BUSINESS_ID}/customers`]: (request) => ({
        body: String(request.query.q).toLowerCase().startsWith('zar') ? [zara] : [],
      }),
    });
    const d = await dialog();
    d.type('Find a client', 'zar');
    fireEvent.click(await within(d.dialog).findByRole('button', { name: /Zara Quinn/ }));
    // Asked once typing paused, not once per letter.
    expect(api.calls('GET', `/api/business/${BUSINESS_ID}/customers`).map((r) => r.query)).toEqual([
      { q: 'zar', limit: 8 },
    ]);
    within(d.dialog).getByText('0400 555 777');
    fireEvent.change(d.field('Staff member'), { target: { value: '' } });
    fireEvent.click(d.button('Book Appointment'));
    await waitFor(() =>
      expect(api.calls('POST', `/api/business/${BUSINESS_ID}/appointments`)).toHaveLength(1),
    );
    expect(api.calls('POST', `/api/business/${BUSINESS_ID}/appointments`)[0]?.body).toEqual({
      serviceId: 5,
      date: '2027-01-04T23:30:00.000Z',
      customerId: 21,
      notes: '',
      notifyCustomer: true,
      outsideHours: false,
    });
  });

  it('turns a search that found nobody into a new client', async () => {
    renderNew({ [`GET /api/business/${BUSINESS_ID}/customers`]: { body: [] } });
    const d = await dialog();
    d.type('Find a client', 'Jack Smith');
    fireEvent.click(await within(d.dialog).findByRole('button', { name: 'Add as a new client' }));
    expect(d.field('First name').value).toBe('Jack');
    expect(d.field('Last name').value).toBe('Smith');
    expect(d.field('Mobile number').value).toBe('');
  });

  it('asks before booking outside the opening hours, then books it confirmed', async () => {
    let answered = 0;
    const { api, onClose } = renderNew({
      [BOOK]: (request) =>
        answered++ === 0
          ? errorReply(409, OUTSIDE_HOURS_MESSAGE, ErrorCode.OUTSIDE_HOURS)
          : booked(request),
    });
    const d = await dialog();
    await newClient(d);
    d.type('Time', '19:00');
    fireEvent.click(d.button('Book Appointment'));
    await within(d.dialog).findByText('This time is outside the opening hours. Book it anyway?');
    expect(within(d.dialog).queryByRole('button', { name: 'Book Appointment' })).toBeNull();
    fireEvent.click(d.button('Book anyway'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(
      api
        .calls('POST', `/api/business/${BUSINESS_ID}/appointments`)
        .map((r) => (r.body as { outsideHours: boolean }).outsideHours),
    ).toEqual([false, true]);
  });

  it('lets the owner go back from the outside-hours question to change the time', async () => {
    const { api } = renderNew({
      [BOOK]: errorReply(409, OUTSIDE_HOURS_MESSAGE, ErrorCode.OUTSIDE_HOURS),
    });
    const d = await dialog();
    await newClient(d);
    fireEvent.click(d.button('Book Appointment'));
    fireEvent.click(await within(d.dialog).findByRole('button', { name: 'Choose another time' }));
    expect(within(d.dialog).queryByText(/Book it anyway/)).toBeNull();
    expect(d.button('Book Appointment')).toBeTruthy();
    expect(api.calls('POST', `/api/business/${BUSINESS_ID}/appointments`)).toHaveLength(1);
  });

  it('shows a taken slot beside the time and a refused number beside the mobile', async () => {
    let answered = 0;
    const { onClose } = renderNew({
      [BOOK]: () =>
        answered++ === 0
          ? errorReply(409, 'This time slot is already booked', ErrorCode.SLOT_TAKEN)
          : {
              status: 400,
              body: {
                statusCode: 400,
                error: 'Bad Request',
                code: ErrorCode.VALIDATION_FAILED,
                message: 'Please enter a valid phone number',
                issues: [{ path: 'phone', message: 'Please enter a valid phone number' }],
              },
            },
    });
    const d = await dialog();
    await newClient(d);
    fireEvent.click(d.button('Book Appointment'));
    await waitFor(() => expect(errorOf(d.field('Time'))).toBe('This time slot is already booked'));
    d.type('Time', '11:00');
    expect(errorOf(d.field('Time'))).toBeUndefined();
    fireEvent.click(d.button('Book Appointment'));
    await waitFor(() =>
      expect(errorOf(d.field('Mobile number'))).toBe('Please enter a valid phone number'),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it("says a server fault in the dialog, not the server's internal text", async () => {
    renderNew({ [BOOK]: errorReply(500, 'Internal server error', ErrorCode.INTERNAL) });
    const d = await dialog();
    await newClient(d);
    fireEvent.click(d.button('Book Appointment'));
    expect((await within(d.dialog).findByRole('alert')).textContent).toBe(
      'Something went wrong. Check your connection and try again.',
    );
  });
});
