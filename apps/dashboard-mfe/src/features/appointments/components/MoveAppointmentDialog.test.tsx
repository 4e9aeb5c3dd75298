// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AvailableTime,
  ErrorCode,
  OUTSIDE_HOURS_MESSAGE,
  type OwnerAppointment,
  type StaffMember,
} from '@slotwise/contracts';
import { type Handler, errorReply } from '../../../testing/fake-api';
import { renderWithApi } from '../../../testing/render';
import { openDialog, toasts } from '../../../testing/screen';
import { AppointmentDetailsDialog, CANCELLED_NOT_MOVABLE } from './AppointmentDetailsDialog';

const BUSINESS_ID = 4;
const TZ = 'Australia/Sydney';

/** 9:00 AM on Tuesday 5 January 2027 in Sydney (AEDT), 45 minutes with Mia; "now" is days before. */
const appointment: OwnerAppointment = {
  id: 7,
  date: '2027-01-04T22:00:00.000Z',
  end: '2027-01-04T22:45:00.000Z',
  status: 'confirmed',
  notes: null,
  staffMemberId: 3,
  staff: { id: 3, name: 'Mia Chen', position: 'Therapist' },
  service: { id: 5, name: 'Deep Tissue Massage', duration: 45, price: 9500, description: null },
  customer: {
    firstName: 'Zara',
    lastName: 'Quinn',
    email: null,
    phone: '+61400555777',
    notificationPreferences: { email: false, sms: true },
  },
  history: [],
};

const member = (id: number, first: string): StaffMember => ({
  id,
  businessId: BUSINESS_ID,
  name: `${first} Chen`,
  firstName: first,
  lastName: 'Chen',
  position: 'Therapist',
  email: null,
  phone: null,
  bio: null,
  avatar: null,
  isActive: true,
  serviceIds: [5],
});

const slot = (time: string, start: string): AvailableTime => ({
  time,
  start,
  timeZoneName: 'AEDT',
});

/** Answers a PATCH with the appointment as the body moved it. */
const moved = (request: { body: unknown }) => {
  const body = request.body as { date?: string; staffMemberId?: number | null };
  const date = body.date ?? appointment.date;
  return {
    body: {
      ...appointment,
      date,
      end: new Date(Date.parse(date) + 45 * 60_000).toISOString(),
      ...(body.staffMemberId !== undefined
        ? {
            staffMemberId: body.staffMemberId,
            staff: body.staffMemberId
              ? { id: body.staffMemberId, name: 'Leo Chen', position: null }
              : null,
          }
        : {}),
    },
  };
};

function renderDetails(a: OwnerAppointment, routes: Record<string, Handler>) {
  const onClose = vi.fn();
  const view = renderWithApi(
    <AppointmentDetailsDialog
      appointment={a}
      businessId={BUSINESS_ID}
      timeZone={TZ}
      onClose={onClose}
    />,
    {
      [`GET /api/business/${BUSINESS_ID}/staff`]: { body: [member(3, 'Mia'), member(8, 'Leo')] },
      'GET /api/messaging-status': { body: { sms: true, email: true } },
      ...routes,
    },
  );
  return { ...view, onClose };
}

async function openMove() {
  fireEvent.click(openDialog().button('Move'));
  await screen.findByRole('dialog', { name: 'Move appointment' });
  return openDialog('Move appointment');
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-01-01T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('Move in the details dialog', () => {
  it("moves to one of the staff member's free times and says the client's SMS is queued", async () => {
    const { api } = renderDetails(appointment, {
      [`GET /api/business/${BUSINESS_ID}/available-times`]: {
        body: [
          slot('10:30 AM', '2027-01-04T23:30:00.000Z'),
          slot('11:00 AM', '2027-01-05T00:00:00.000Z'),
        ],
      },
      'PATCH /api/appointments/7': moved,
    });
    const move = await openMove();
    expect(move.field('Date').value).toBe('2027-01-05');
    expect(move.field('Time').value).toBe('09:00');
    expect((move.field('Staff member') as unknown as HTMLSelectElement).value).toBe('3');
    const pick = await within(move.dialog).findByRole('button', { name: '10:30 AM' });
    expect(api.calls('GET', `/api/business/${BUSINESS_ID}/available-times`)[0]?.query).toEqual({
      date: '2027-01-05',
      serviceId: 5,
      staffId: 3,
    });
    fireEvent.click(pick);
    expect(move.field('Time').value).toBe('10:30');
    expect(pick.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(move.button('Move Appointment'));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Move appointment' })).toBeNull(),
    );
    expect(api.calls('PATCH', '/api/appointments/7').map((r) => r.body)).toEqual([
      { date: '2027-01-04T23:30:00.000Z', notifyCustomer: true, outsideHours: false },
    ]);
    expect(toasts()).toEqual([
      'Appointment Moved: Zara Quinn: 5 Jan 2027, 10:30 AM AEDT. Client SMS: Queued — waiting for the SMS provider',
    ]);
    // Back to the details.
    await screen.findByRole('dialog', { name: /Appointment Details/ });
  });

  it('asks before a time outside the hours, then moves it to another staff member, untexted', async () => {
    let answered = 0;
    const { api } = renderDetails(appointment, {
      [`GET /api/business/${BUSINESS_ID}/available-times`]: { body: [] },
      'PATCH /api/appointments/7': (request) =>
        answered++ === 0
          ? errorReply(409, OUTSIDE_HOURS_MESSAGE, ErrorCode.OUTSIDE_HOURS)
          : moved(request),
    });
    const move = await openMove();
    await within(move.dialog).findByRole('option', { name: 'Leo Chen' });
    fireEvent.change(move.field('Staff member'), { target: { value: '8' } });
    await within(move.dialog).findByText(
      'No free times on this day for this staff member. Type a time below.',
    );
    expect(api.calls('GET', `/api/business/${BUSINESS_ID}/available-times`).at(-1)?.query).toEqual({
      date: '2027-01-05',
      serviceId: 5,
      staffId: 8,
    });
    move.type('Time', '19:05');
    fireEvent.click(
      within(move.dialog).getByLabelText(
        'Send the client an SMS with the new time and their links',
      ),
    );
    fireEvent.click(move.button('Move Appointment'));

    await within(move.dialog).findByText('This time is outside the opening hours. Move it anyway?');
    fireEvent.click(move.button('Move anyway'));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    const sent = {
      date: '2027-01-05T08:05:00.000Z',
      staffMemberId: 8,
      notifyCustomer: false,
    };
    expect(api.calls('PATCH', '/api/appointments/7').map((r) => r.body)).toEqual([
      { ...sent, outsideHours: false },
      { ...sent, outsideHours: true },
    ]);
    expect(toasts()[0]).toBe(
      'Appointment Moved: Zara Quinn: 5 Jan 2027, 7:05 PM AEDT. The client was not sent an SMS.',
    );
  });

  it('lists every reason a move is refused, and offers no "Move anyway" for leave or a service not offered', async () => {
    const { api } = renderDetails(appointment, {
      [`GET /api/business/${BUSINESS_ID}/available-times`]: { body: [] },
      'PATCH /api/appointments/7': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message:
            'This time cannot be booked: on leave then (time off); does not offer this service.',
          code: ErrorCode.BOOKING_REFUSED,
          issues: [
            { path: 'reasons.on_leave', message: 'On leave then (time off)' },
            { path: 'reasons.service_not_offered', message: 'Does not offer this service' },
          ],
        },
      },
    });
    const move = await openMove();
    await within(move.dialog).findByRole('option', { name: 'Leo Chen' });
    fireEvent.change(move.field('Staff member'), { target: { value: '8' } });
    move.type('Time', '10:00');
    fireEvent.click(move.button('Move Appointment'));
    const alert = await within(move.dialog).findByText('This time cannot be used:');
    const reasons = within(alert.closest('[role="alert"]') as HTMLElement)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(reasons).toEqual(['On leave then (time off)', 'Does not offer this service']);
    expect(within(move.dialog).queryByRole('button', { name: 'Move anyway' })).toBeNull();
    fireEvent.click(move.button('Choose another time'));
    expect(within(move.dialog).queryByText('This time cannot be used:')).toBeNull();
    expect(api.calls('PATCH', '/api/appointments/7')).toHaveLength(1);
  });

  it("offers the booking's own time among the free times", async () => {
    renderDetails(appointment, {
      [`GET /api/business/${BUSINESS_ID}/available-times`]: {
        body: [slot('10:00 AM', '2027-01-04T23:00:00.000Z')],
      },
    });
    const move = await openMove();
    const group = await within(move.dialog).findByRole('group', { name: 'Free times' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['9:00 AM', '10:00 AM']);
  });

  it('shows a taken time beside the Time field and stays open', async () => {
    const taken = 'This time slot is already booked';
    renderDetails(appointment, {
      [`GET /api/business/${BUSINESS_ID}/available-times`]: { body: [] },
      'PATCH /api/appointments/7': errorReply(409, taken, ErrorCode.SLOT_TAKEN),
    });
    const move = await openMove();
    move.type('Time', '11:00');
    fireEvent.click(move.button('Move Appointment'));
    await within(move.dialog).findByText(taken);
    const time = move.field('Time');
    expect(time.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(time.getAttribute('aria-describedby')!.split(' ').at(-1)!)
        ?.textContent,
    ).toBe(taken);
    expect(toasts()).toEqual([]);
    // Changing the time clears the server's complaint.
    move.type('Time', '11:30');
    expect(within(move.dialog).queryByText(taken)).toBeNull();
  });

  it("says the server's words for a refusal it explains", async () => {
    const refused = 'Choose a date within two years of today';
    renderDetails(appointment, {
      [`GET /api/business/${BUSINESS_ID}/available-times`]: { body: [] },
      'PATCH /api/appointments/7': errorReply(400, refused, ErrorCode.VALIDATION_FAILED),
    });
    const move = await openMove();
    move.type('Date', '2030-01-05');
    fireEvent.click(move.button('Move Appointment'));
    expect((await within(move.dialog).findByRole('alert')).textContent).toContain(refused);
  });

  it('offers no Move for a cancelled appointment', () => {
    renderDetails({ ...appointment, status: 'cancelled' }, {});
    const b = openDialog().button('Move');
    expect(b.disabled).toBe(true);
    expect(b.title).toBe(CANCELLED_NOT_MOVABLE);
  });
});
