// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AffectedBooking,
  type Service,
  type StaffHours,
  type StaffMember,
  type TimeOff,
  defaultWeeklyHours,
} from '@slotwise/contracts';
import { type Handler, type SeenRequest } from '../../../testing/fake-api';
import { renderWithApi } from '../../../testing/render';
import { openDialog, toasts } from '../../../testing/screen';
import { StaffDialog } from './StaffDialog';

const service = (id: number, name: string, isActive: boolean): Service => ({
  id,
  businessId: 7,
  name,
  description: null,
  price: 4500,
  duration: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  isActive,
});
const services: Service[] = [service(3, 'Cut', true), service(4, 'Colour', false)];

const jane: StaffMember = {
  id: 9,
  businessId: 7,
  name: 'Jane van der Berg',
  firstName: 'Jane',
  lastName: 'van der Berg',
  position: 'Therapist',
  email: 'jane@example.com',
  phone: null,
  bio: null,
  avatar: null,
  isActive: true,
  serviceIds: [3],
};

const TZ = 'Australia/Sydney';
const STAFF_HOURS = '/api/staff/9/availability';
const TIME_OFF = '/api/staff/9/time-off';
const AFFECTED = '/api/business/7/availability/affected-bookings';

const businessWeek = defaultWeeklyHours();
const followsBusiness: StaffHours = { staffId: 9, ownHours: false, days: businessWeek };

/** The API's answer to a PUT: the person's own week as sent. */
const ownWeek = (request: SeenRequest) => ({
  body: {
    staffId: 9,
    ownHours: true,
    days: (request.body as StaffHours['days']).map((d) => ({
      ...d,
      openTime: d.intervals[0]?.openTime ?? '',
      closeTime: d.intervals[0]?.closeTime ?? '',
    })),
  },
});

const leave: TimeOff = {
  id: 5,
  staffId: 9,
  start: '2027-01-10T13:00:00.000Z',
  end: '2027-01-12T13:00:00.000Z',
  reason: 'Annual leave',
};
const dentist: TimeOff = {
  id: 6,
  staffId: 9,
  start: '2027-01-05T03:00:00.000Z',
  end: '2027-01-05T05:30:00.000Z',
  reason: null,
};
const past: TimeOff = {
  id: 7,
  staffId: 9,
  start: '2026-12-01T13:00:00.000Z',
  end: '2026-12-02T13:00:00.000Z',
  reason: 'Gone',
};

const booking: AffectedBooking = {
  id: 31,
  start: '2027-01-10T23:00:00.000Z',
  end: '2027-01-11T00:00:00.000Z',
  customerName: 'Zara Quinn',
  serviceName: 'Cut',
  staffName: 'Jane van der Berg',
};

const dialogProps = {
  open: true,
  onOpenChange: () => undefined,
  services,
  saving: false,
  businessId: 7,
  timeZone: TZ,
};

function openNew() {
  const onSave = vi.fn();
  render(<StaffDialog {...dialogProps} member={null} onSave={onSave} />);
  const { dialog, field, type, button } = openDialog();
  return { dialog, onSave, field, type, submit: () => fireEvent.click(button('Add Staff')) };
}

async function openJane(routes: Record<string, Handler> = {}) {
  const onSave = vi.fn();
  const view = renderWithApi(<StaffDialog {...dialogProps} member={jane} onSave={onSave} />, {
    [`GET ${STAFF_HOURS}`]: { body: followsBusiness },
    [`PUT ${STAFF_HOURS}`]: ownWeek,
    [`DELETE ${STAFF_HOURS}`]: { body: followsBusiness },
    [`GET ${TIME_OFF}`]: { body: [leave, past, dentist] },
    [`POST ${TIME_OFF}`]: (r) => ({ body: { id: 8, staffId: 9, ...(r.body as object) } }),
    [`DELETE ${TIME_OFF}/5`]: { status: 204 },
    ['GET /api/business/7/availability']: {
      body: businessWeek.map((d) => ({ ...d, businessId: 7 })),
    },
    [`POST ${AFFECTED}`]: { body: [] },
    ...routes,
  });
  const dialog = screen.getByRole('dialog', { name: 'Edit Staff' });
  await within(dialog).findByText('Same as business hours');
  const day = (name: string) =>
    within(dialog.querySelector<HTMLElement>(`.dash-staff-day[data-day="${name}"]`)!);
  return {
    ...view,
    dialog,
    day,
    onSave,
    submit: () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' })),
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-01-01T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('the staff dialog', () => {
  it('requires first and last name, with the toast and Required under each', () => {
    const { dialog, type, submit, onSave } = openNew();
    type('First Name', '  ');
    submit();
    expect(onSave).not.toHaveBeenCalled();
    expect(toasts()).toEqual(['Missing information: First name and last name are required.']);
    expect(within(dialog).getAllByText('Required')).toHaveLength(2);
    type('First Name', 'Jane');
    expect(within(dialog).getAllByText('Required')).toHaveLength(1);
  });

  it('sends trimmed names, blanks as null and the services offered', () => {
    const { dialog, type, submit, onSave, field } = openNew();
    type('First Name', ' Jane ');
    type('Last Name', 'van der Berg');
    type('Title', 'Senior Consultant');
    type('Email', '   ');
    fireEvent.click(field('Colour (inactive)'));
    fireEvent.click(field('Cut'));
    // Hours and time off wait until the person exists.
    expect(dialog.textContent).toContain(
      'Working hours and time off can be set once the team member is added.',
    );
    submit();
    expect(onSave).toHaveBeenCalledWith({
      firstName: 'Jane',
      lastName: 'van der Berg',
      title: 'Senior Consultant',
      email: null,
      phone: null,
      bio: null,
      profileImage: null,
      serviceIds: [4, 3],
    });
  });

  it('edits a member with the name split at the first space, hours untouched', async () => {
    const { dialog, submit, onSave, api } = await openJane();
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    expect(field('First Name').value).toBe('Jane');
    expect(field('Last Name').value).toBe('van der Berg');
    expect(field('Cut').checked).toBe(true);
    expect(field('Same as business hours').checked).toBe(true);
    // The business's week, for reference.
    const week = within(dialog).getByRole('list', { name: 'Business hours' });
    expect(week.textContent).toContain('Mon9:00 AM – 5:00 PM');
    expect(week.textContent).toContain('SunClosed');
    fireEvent.click(field('Cut'));
    submit();
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ firstName: 'Jane', email: 'jane@example.com', serviceIds: [] }),
    );
    expect(api.calls('POST', AFFECTED)).toHaveLength(0);
    expect(api.seen.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it("saves the person's own hours after the affected-bookings check, then the details", async () => {
    const { dialog, day, submit, onSave, api } = await openJane();
    fireEvent.click(within(dialog).getByLabelText('Own hours'));
    // Own hours start from the business's week.
    expect((day('Monday').getByLabelText('Start Time') as HTMLSelectElement).value).toBe('09:00');
    fireEvent.click(day('Monday').getByRole('button', { name: 'Add Break on Monday' }));
    fireEvent.click(
      day('Friday').getByRole('switch', { name: 'Jane van der Berg works on Friday' }),
    );
    fireEvent.click(
      day('Sunday').getByRole('switch', { name: 'Jane van der Berg works on Sunday' }),
    );
    fireEvent.change(day('Sunday').getByLabelText('Finish Time'), { target: { value: '13:00' } });
    submit();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));

    const [put] = api.calls('PUT', STAFF_HOURS);
    const days = put?.body as StaffHours['days'];
    expect(api.calls('POST', AFFECTED).map((r) => r.body)).toEqual([
      { kind: 'staff-hours', staffId: 9, days },
    ]);
    expect(days.find((d) => d.dayOfWeek === 1)).toEqual({
      dayOfWeek: 1,
      isOpen: true,
      intervals: [
        { openTime: '09:00', closeTime: '12:00' },
        { openTime: '13:00', closeTime: '17:00' },
      ],
    });
    expect(days.find((d) => d.dayOfWeek === 5)?.isOpen).toBe(false);
    expect(days.find((d) => d.dayOfWeek === 0)).toEqual({
      dayOfWeek: 0,
      isOpen: true,
      intervals: [{ openTime: '09:00', closeTime: '13:00' }],
    });
  });

  it('goes back to the business hours with DELETE', async () => {
    const { dialog, submit, onSave, api } = await openJane({
      [`GET ${STAFF_HOURS}`]: {
        body: { ...followsBusiness, ownHours: true, days: businessWeek.slice(0) },
      },
    });
    expect((within(dialog).getByLabelText('Own hours') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('Same as business hours'));
    submit();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(api.calls('POST', AFFECTED).map((r) => r.body)).toEqual([
      { kind: 'staff-hours', staffId: 9, days: null },
    ]);
    expect(api.calls('DELETE', STAFF_HOURS)).toHaveLength(1);
  });

  it('saves hours that leave bookings outside them only once the owner confirms', async () => {
    const { dialog, day, submit, onSave, api } = await openJane({
      [`POST ${AFFECTED}`]: { body: [booking] },
    });
    fireEvent.click(within(dialog).getByLabelText('Own hours'));
    fireEvent.click(
      day('Monday').getByRole('switch', { name: 'Jane van der Berg works on Monday' }),
    );
    submit();
    const warning = await screen.findByRole('dialog', { name: '1 booking is outside these hours' });
    expect(warning.textContent).toContain('Mon, 11 Jan 2027 · 10:00 AM – 11:00 AM AEDT');
    expect(warning.textContent).toContain('Zara Quinn · Cut with Jane van der Berg');
    expect(api.calls('PUT', STAFF_HOURS)).toHaveLength(0);
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.click(within(warning).getByRole('button', { name: 'Save Anyway' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(api.calls('PUT', STAFF_HOURS)).toHaveLength(1);
  });

  it('refuses own hours that finish before they start', async () => {
    const { dialog, day, submit, onSave, api } = await openJane();
    fireEvent.click(within(dialog).getByLabelText('Own hours'));
    fireEvent.change(day('Tuesday').getByLabelText('Finish Time'), { target: { value: '08:00' } });
    expect(day('Tuesday').getByRole('alert').textContent).toBe(
      'Finishing time must be after starting time',
    );
    submit();
    expect(toasts()).toEqual(['Check the working hours: Fix the highlighted hours to save.']);
    expect(onSave).not.toHaveBeenCalled();
    expect(api.calls('POST', AFFECTED)).toHaveLength(0);
  });

  it("lists upcoming time off in the business's zone and deletes one", async () => {
    const { dialog, api } = await openJane();
    const list = await within(dialog).findByText(/Annual leave/);
    const items = [...dialog.querySelectorAll('[data-time-off]')].map((li) => li.textContent);
    expect(items).toEqual([
      'Tue, 5 Jan 2027 · 2:00 PM – 4:30 PM AEDT',
      '11 Jan 2027 – 12 Jan 2027 · All day · Annual leave',
    ]);
    expect(list).toBeTruthy();
    fireEvent.click(
      within(dialog).getByRole('button', {
        name: 'Delete time off 11 Jan 2027 – 12 Jan 2027 · All day',
      }),
    );
    await waitFor(() => expect(api.calls('DELETE', `${TIME_OFF}/5`)).toHaveLength(1));
    await waitFor(() =>
      expect(toasts()).toEqual(['Time Off Removed: 11 Jan 2027 – 12 Jan 2027 · All day']),
    );
  });

  it('adds whole days off as midnight to midnight in the business zone', async () => {
    const { dialog, api, onSave } = await openJane();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Time Off' }));
    const add = screen.getByRole('dialog', { name: 'Add Time Off' });
    const type = (label: string, value: string) =>
      fireEvent.change(within(add).getByLabelText(label), { target: { value } });
    type('First Day', '2027-07-14');
    type('Last Day', '2027-07-13');
    fireEvent.click(within(add).getByRole('button', { name: 'Add Time Off' }));
    expect(within(add).getByText('The last day must not be before the first')).toBeTruthy();
    expect(api.calls('POST', AFFECTED)).toHaveLength(0);

    type('Last Day', '2027-07-15');
    type('Reason (optional)', ' Conference ');
    fireEvent.click(within(add).getByRole('button', { name: 'Add Time Off' }));
    await waitFor(() => expect(api.calls('POST', TIME_OFF)).toHaveLength(1));
    // AEST (+10) in July: the 14th's midnight is 14:00 UTC on the 13th.
    const span = { start: '2027-07-13T14:00:00.000Z', end: '2027-07-15T14:00:00.000Z' };
    expect(api.calls('POST', AFFECTED).map((r) => r.body)).toEqual([
      { kind: 'time-off', staffId: 9, ...span },
    ]);
    expect(api.calls('POST', TIME_OFF)[0]?.body).toEqual({ ...span, reason: 'Conference' });
    await waitFor(() =>
      expect(toasts()).toEqual(["Time Off Added: Jane van der Berg can't be booked then."]),
    );
    // The staff form itself was not submitted.
    expect(onSave).not.toHaveBeenCalled();
  });

  it('adds part of a day, warning about the bookings inside it first', async () => {
    const { dialog, api } = await openJane({ [`POST ${AFFECTED}`]: { body: [booking] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Time Off' }));
    const add = screen.getByRole('dialog', { name: 'Add Time Off' });
    fireEvent.click(within(add).getByRole('button', { name: 'Part of a day' }));
    const type = (label: string, value: string) =>
      fireEvent.change(within(add).getByLabelText(label), { target: { value } });
    type('Date', '2027-01-11');
    type('Start Time', '10:00');
    type('End Time', '09:00');
    fireEvent.click(within(add).getByRole('button', { name: 'Add Time Off' }));
    expect(within(add).getByText('The end must be after the start')).toBeTruthy();
    type('End Time', '12:30');
    fireEvent.click(within(add).getByRole('button', { name: 'Add Time Off' }));

    const warning = await screen.findByRole('dialog', { name: '1 booking is outside these hours' });
    expect(api.calls('POST', TIME_OFF)).toHaveLength(0);
    fireEvent.click(within(warning).getByRole('button', { name: 'Add Anyway' }));
    await waitFor(() => expect(api.calls('POST', TIME_OFF)).toHaveLength(1));
    expect(api.calls('POST', TIME_OFF)[0]?.body).toEqual({
      start: '2027-01-10T23:00:00.000Z',
      end: '2027-01-11T01:30:00.000Z',
      reason: null,
    });
  });
});
