// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type AffectedBooking, ErrorCode, type StaffMember } from '@slotwise/contracts';
import { type Handler, errorReply } from '../../../testing/fake-api';
import { renderWithApi } from '../../../testing/render';
import { openDialog, toasts } from '../../../testing/screen';
import { RemoveStaffDialog } from './RemoveStaffDialog';

const person = (id: number, name: string, isActive = true): StaffMember => ({
  id,
  businessId: 7,
  name,
  firstName: name.split(' ')[0]!,
  lastName: name.split(' ')[1] ?? '',
  position: null,
  email: null,
  phone: null,
  bio: null,
  avatar: null,
  isActive,
  serviceIds: [],
});
const mia = person(9, 'Mia Staff');
const jack = person(10, 'Jack Staff');
const paused = person(11, 'Pat Paused', false);

const UPCOMING = 'GET /api/staff/9/upcoming-appointments';
const REMOVE = 'DELETE /api/staff/9';

// Wednesday 6 January 2027, 10:00 and Thursday 7 January, 3:30 PM in Sydney (AEDT, +11).
const wednesday: AffectedBooking = {
  id: 41,
  start: '2027-01-05T23:00:00.000Z',
  end: '2027-01-06T00:00:00.000Z',
  customerName: 'Wendy Client',
  serviceName: 'Cut',
  staffName: 'Mia Staff',
};
const thursday: AffectedBooking = {
  id: 42,
  start: '2027-01-07T04:30:00.000Z',
  end: '2027-01-07T05:30:00.000Z',
  customerName: 'Theo Client',
  serviceName: 'Colour',
  staffName: 'Mia Staff',
};

function show(routes: Record<string, Handler>, staff: StaffMember[] = [mia, jack, paused]) {
  const onClose = vi.fn();
  const view = renderWithApi(
    <RemoveStaffDialog
      member={mia}
      staff={staff}
      businessId={7}
      timeZone="Australia/Sydney"
      onClose={onClose}
    />,
    routes,
  );
  return { ...view, onClose };
}

const dialogNamed = (name: string) => screen.findByRole('dialog', { name });

describe('RemoveStaffDialog', () => {
  it('promises the clients a text only when this server can send one', async () => {
    const view = show({
      [UPCOMING]: { body: [wednesday] },
      'GET /api/messaging-status': { body: { sms: false, email: false } },
    });
    await screen.findByText('SMS is not set up on this server: the clients will not be texted.');
    view.unmount();
    show({
      [UPCOMING]: { body: [wednesday] },
      'GET /api/messaging-status': { body: { sms: true, email: true } },
    });
    await screen.findByText(
      'Each client with a mobile number gets an SMS that the booking was cancelled.',
    );
  });

  it('asks the usual question when the person has no bookings to come, then removes them', async () => {
    const { api, onClose } = show({ [UPCOMING]: { body: [] }, [REMOVE]: { status: 204 } });
    await dialogNamed('Are you sure?');
    await screen.findByText('This removes Mia Staff from your team. This action cannot be undone.');
    fireEvent.click(openDialog().button('Delete'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls('DELETE', '/api/staff/9')).toEqual([expect.objectContaining({ query: {} })]);
    expect(toasts()).toEqual(['Success: Staff member has been deleted successfully.']);
  });

  it('lists the upcoming bookings in the business zone and reassigns them to the person chosen', async () => {
    const { api, onClose } = show({
      [UPCOMING]: { body: [wednesday, thursday] },
      [REMOVE]: { status: 204 },
    });
    const dialog = await dialogNamed('Mia Staff has 2 upcoming bookings');
    const list = within(dialog).getByRole('list', { name: 'Upcoming bookings' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Wed, 6 Jan 2027 · 10:00 AM – 11:00 AM AEDTWendy Client · Cut',
      'Thu, 7 Jan 2027 · 3:30 PM – 4:30 PM AEDTTheo Client · Colour',
    ]);
    const { button } = openDialog();
    // Nothing happens until the owner decides.
    expect(button('Delete').disabled).toBe(true);

    fireEvent.click(within(dialog).getByLabelText('Reassign to another staff member'));
    const select = within(dialog).getByLabelText('Reassign to') as HTMLSelectElement;
    // Only the others who are active can take the bookings.
    expect([...select.options].map((o) => o.text)).toEqual(['Choose a staff member', 'Jack Staff']);
    expect(button('Reassign and Delete').disabled).toBe(true);
    fireEvent.change(select, { target: { value: '10' } });
    fireEvent.click(button('Reassign and Delete'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls('DELETE', '/api/staff/9').map((r) => r.query)).toEqual([
      { upcoming: 'reassign', to: 10 },
    ]);
    expect(toasts()).toEqual([
      'Success: Staff member has been deleted successfully. Their 2 upcoming bookings are now with Jack Staff.',
    ]);
  });

  it('cancels them and texts the clients when the owner chooses so', async () => {
    const { api, onClose } = show({ [UPCOMING]: { body: [wednesday] }, [REMOVE]: { status: 204 } });
    const dialog = await dialogNamed('Mia Staff has 1 upcoming booking');
    fireEvent.click(within(dialog).getByLabelText('Cancel them and text the clients'));
    fireEvent.click(openDialog().button('Cancel Bookings and Delete'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls('DELETE', '/api/staff/9').map((r) => r.query)).toEqual([
      { upcoming: 'cancel' },
    ]);
    expect(toasts()[0]).toContain('was cancelled and a cancellation SMS to each client is queued');
  });

  it('marks the bookings that clash with the person chosen and keeps the dialog open', async () => {
    const message =
      "1 booking clashes with Jack Staff's other bookings, so nothing was moved or deleted. Choose someone else, or cancel them.";
    const { onClose } = show({
      [UPCOMING]: { body: [wednesday, thursday] },
      [REMOVE]: {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message,
          code: ErrorCode.STAFF_REASSIGN_CLASH,
          issues: [
            { path: 'appointments.42', message: 'Clashes with another booking of Jack Staff' },
          ],
        },
      },
    });
    const dialog = await dialogNamed('Mia Staff has 2 upcoming bookings');
    fireEvent.click(within(dialog).getByLabelText('Reassign to another staff member'));
    fireEvent.change(within(dialog).getByLabelText('Reassign to'), { target: { value: '10' } });
    fireEvent.click(openDialog().button('Reassign and Delete'));

    expect(await within(dialog).findByText(message)).toBeTruthy();
    const clashing = dialog.querySelector('[data-booking="42"]')!;
    expect(clashing.textContent).toContain('Clashes with another booking of Jack Staff');
    expect(dialog.querySelector('[data-booking="41"]')!.textContent).not.toContain('Clashes');
    expect(onClose).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it('offers no reassignment when nobody else is active', async () => {
    show({ [UPCOMING]: { body: [wednesday] } }, [mia, paused]);
    const dialog = await dialogNamed('Mia Staff has 1 upcoming booking');
    const reassign = within(dialog).getByLabelText(
      'Reassign to another staff member',
    ) as HTMLInputElement;
    expect(reassign.disabled).toBe(true);
    expect(within(dialog).getByText('Add or activate another staff member first.')).toBeTruthy();
  });

  it('shows bookings made while the question was open when the API refuses the plain removal', async () => {
    let reads = 0;
    const { onClose } = show({
      [UPCOMING]: () => ({ body: reads++ === 0 ? [] : [thursday] }),
      [REMOVE]: errorReply(
        409,
        'This staff member has 1 upcoming booking. Reassign or cancel them first.',
        ErrorCode.STAFF_HAS_BOOKINGS,
      ),
    });
    await dialogNamed('Are you sure?');
    await screen.findByText('This removes Mia Staff from your team. This action cannot be undone.');
    fireEvent.click(openDialog().button('Delete'));
    const dialog = await dialogNamed('Mia Staff has 1 upcoming booking');
    expect(
      within(dialog).getByText(
        'This staff member has 1 upcoming booking. Reassign or cancel them first.',
      ),
    ).toBeTruthy();
    expect(dialog.querySelector('[data-booking="42"]')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
