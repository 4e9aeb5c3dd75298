// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClientProvider } from '@slotwise/api-client';
import {
  type AppointmentDays,
  type Availability,
  type Business,
  ErrorCode,
  OUTSIDE_HOURS_MESSAGE,
  type OwnerAppointment,
  type StaffMember,
} from '@slotwise/contracts';
import { QUERY_DEFAULTS } from '@slotwise/ui';
import {
  type Handler,
  type Reply,
  type SeenRequest,
  errorReply,
  fakeApi,
} from '../../../testing/fake-api';
import { toasts } from '../../../testing/screen';
import { AppointmentsCalendar } from './AppointmentsCalendar';

const BUSINESS_ID = 4;
const business = { id: BUSINESS_ID, timeZone: 'Australia/Sydney' } as Business;

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
/** Removed from the team: archived, so inactive, but still named on her old bookings. */
const leo: StaffMember = { ...mia, id: 8, name: 'Leo Park', firstName: 'Leo', isActive: false };

/** Tuesdays 8 AM to 12 PM and 1 PM to 6 PM (a lunch break); Sunday closed; else 9 to 5. */
const weeklyHours: Availability[] = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => {
  const intervals =
    dayOfWeek === 0
      ? []
      : dayOfWeek === 2
        ? [
            { openTime: '08:00', closeTime: '12:00' },
            { openTime: '13:00', closeTime: '18:00' },
          ]
        : [{ openTime: '09:00', closeTime: '17:00' }];
  return {
    businessId: BUSINESS_ID,
    dayOfWeek,
    isOpen: intervals.length > 0,
    openTime: intervals[0]?.openTime ?? '09:00',
    closeTime: intervals[0]?.closeTime ?? '17:00',
    intervals,
    slotDuration: 30,
  };
});

let nextId = 1;
/** A 60-minute booking; `start` is a UTC instant (Sydney is UTC+11 in January). */
function booking(
  start: string,
  first: string,
  staff: StaffMember | null,
  changes: Partial<OwnerAppointment> = {},
): OwnerAppointment {
  return {
    id: nextId++,
    date: new Date(start).toISOString(),
    end: new Date(Date.parse(start) + 3_600_000).toISOString(),
    status: 'confirmed',
    notes: null,
    staffMemberId: staff?.id ?? null,
    staff: staff && { id: staff.id, name: staff.name, position: staff.position },
    service: { id: 5, name: 'Deep Tissue Massage', duration: 60, price: 11000, description: null },
    customer: {
      firstName: first,
      lastName: 'Thompson',
      email: null,
      phone: '0400 000 000',
      notificationPreferences: { email: false, sms: true },
    },
    history: [],
    ...changes,
  };
}

// Tuesday 5 January 2027 in Sydney (AEDT, UTC+11).
const jack = booking('2027-01-04T23:00:00Z', 'Jack', mia); // 10:00 AM, Mia
const nora = booking('2027-01-05T00:00:00Z', 'Nora', null); // 11:00 AM, nobody
const omar = booking('2027-01-05T02:00:00Z', 'Omar', leo); // 1:00 PM, a removed member
const late = booking('2027-01-05T07:30:00Z', 'Lily', mia); // 6:30 PM, after closing
const early = booking('2027-01-04T20:15:00Z', 'Eve', mia); // 7:15 AM, before opening
const gone = booking('2027-01-04T22:00:00Z', 'Gus', mia, { status: 'cancelled' }); // 9:00 AM
// Monday 28 December 2026, a greyed day at the start of January's grid (weeks start on Monday).
const december = booking('2026-12-27T23:00:00Z', 'Faye', mia);

const sydneyDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' });

/** What the API answers for the month grid: each Sydney day's first few and its total. */
function appointmentDays(list: OwnerAppointment[], query: SeenRequest['query']): AppointmentDays {
  const from = Date.parse(String(query.from));
  const to = Date.parse(String(query.to));
  const days = new Map<string, OwnerAppointment[]>();
  for (const a of [...list].sort((x, y) => Date.parse(x.date) - Date.parse(y.date))) {
    if (!(Date.parse(a.end) > from && Date.parse(a.date) < to)) continue;
    if (query.staffId !== undefined && a.staffMemberId !== Number(query.staffId)) continue;
    const date = sydneyDate.format(new Date(a.date));
    days.set(date, [...(days.get(date) ?? []), a]);
  }
  return {
    days: [...days].map(([date, all]) => ({
      date,
      total: all.length,
      appointments: all.slice(0, Number(query.perDay)),
    })),
  };
}

function renderCalendar(list: OwnerAppointment[], routes: Record<string, Handler> = {}) {
  const api = fakeApi({
    [`GET /api/business/${BUSINESS_ID}/appointments`]: (request) => {
      const from = Date.parse(String(request.query.from));
      const to = Date.parse(String(request.query.to));
      return {
        body: list.filter((a) => Date.parse(a.end) > from && Date.parse(a.date) < to),
      };
    },
    [`GET /api/business/${BUSINESS_ID}/appointment-days`]: (request) => ({
      body: appointmentDays(list, request.query),
    }),
    [`GET /api/business/${BUSINESS_ID}/staff`]: { body: [mia, leo] },
    [`GET /api/business/${BUSINESS_ID}/availability`]: { body: weeklyHours },
    ...routes,
  });
  const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  const onOpen = vi.fn();
  const onNew = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={api.client}>
        <AppointmentsCalendar business={business} search="" onOpen={onOpen} onNew={onNew} />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return { api, onOpen, onNew };
}

const chip = (a: OwnerAppointment) =>
  document.querySelector<HTMLElement>(`[data-appointment="${a.id}"]`);

async function showDay() {
  fireEvent.click(screen.getByRole('button', { name: 'Day' }));
  return screen.findByRole('table', { name: /Tuesday 5 January 2027/ });
}

/** The grid's hour rows, top to bottom, by their labels. */
const hourRows = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('rowheader')
    .map((h) => h.textContent);

/** The label of the row and the name of the column a chip is drawn in. */
function placeOf(grid: HTMLElement, a: OwnerAppointment) {
  const cell = chip(a)?.closest('td');
  const row = cell?.closest('tr');
  if (!cell || !row) return null;
  const headers = within(grid).getAllByRole('columnheader');
  const index = [...row.children].indexOf(cell);
  return {
    row: row.querySelector('th')?.textContent,
    column: headers[index]?.textContent,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 9:00 AM on Tuesday 5 January 2027 in Sydney.
  vi.setSystemTime(new Date('2027-01-04T22:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('the day view', () => {
  it('puts bookings without a current staff member in an Unassigned column', async () => {
    renderCalendar([jack, nora, omar]);
    const grid = await showDay();
    const columns = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(columns.slice(1)).toEqual(['Mia RossiTherapist', 'Unassigned']);
    expect(placeOf(grid, jack)).toEqual({ row: '10 AM', column: 'Mia RossiTherapist' });
    expect(placeOf(grid, nora)).toEqual({ row: '11 AM', column: 'Unassigned' });
    expect(placeOf(grid, omar)).toEqual({ row: '1 PM', column: 'Unassigned' });
    // Who a removed member's booking was with is still said.
    expect(chip(omar)?.textContent).toContain('Booked with Leo Park');
  });

  it('has no Unassigned column when every booking has a current staff member', async () => {
    renderCalendar([jack]);
    const grid = await showDay();
    expect(within(grid).queryByRole('columnheader', { name: 'Unassigned' })).toBeNull();
  });

  it("spans the weekday's opening hours and stretches to bookings outside them", async () => {
    renderCalendar([jack]);
    let grid = await showDay();
    // Tuesdays open at 8 AM and close at 6 PM: the last row is the hour before closing.
    expect(hourRows(grid)).toEqual([
      '8 AM',
      '9 AM',
      '10 AM',
      '11 AM',
      '12 PM',
      '1 PM',
      '2 PM',
      '3 PM',
      '4 PM',
      '5 PM',
    ]);
    expect(screen.getByText(/Open 8:00 AM – 12:00 PM, 1:00 PM – 6:00 PM/)).toBeTruthy();
    // The lunch break is shaded like the hours the business is closed.
    const closed = grid.querySelectorAll('tr.dash-cal-day__row--closed th');
    expect([...closed].map((h) => h.textContent)).toEqual(['12 PM']);
    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    grid = await screen.findByRole('table', { name: /Monday 4 January 2027/ });
    expect(hourRows(grid)[0]).toBe('9 AM');
    expect(hourRows(grid).at(-1)).toBe('4 PM');
  });

  it('draws bookings before opening and after closing in their own hour, in order', async () => {
    renderCalendar([jack, late, early]);
    const grid = await showDay();
    expect(placeOf(grid, early)).toEqual({ row: '7 AM', column: 'Mia RossiTherapist' });
    expect(placeOf(grid, late)).toEqual({ row: '6 PM', column: 'Mia RossiTherapist' });
    // 6:30 to 7:30 PM: the grid goes on to the 7 PM row.
    expect(hourRows(grid)[0]).toBe('7 AM');
    expect(hourRows(grid).at(-1)).toBe('7 PM');
    expect(chip(late)?.textContent).toContain('6:30 PM – 7:30 PM');
  });

  it('falls back to 9 AM to 5 PM on a closed day, still showing every booking', async () => {
    // Sunday 3 January 2027, closed: 8:00 PM.
    const sunday = booking('2027-01-03T09:00:00Z', 'Sam', null);
    renderCalendar([sunday]);
    await showDay();
    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    const grid = await screen.findByRole('table', { name: /Sunday 3 January 2027/ });
    await waitFor(() => expect(chip(sunday)).not.toBeNull());
    expect(hourRows(grid)[0]).toBe('9 AM');
    expect(hourRows(grid).at(-1)).toBe('8 PM');
    expect(placeOf(grid, sunday)).toEqual({ row: '8 PM', column: 'Unassigned' });
    expect(screen.getByText(/Closed/)).toBeTruthy();
  });

  it('falls back to 9 AM to 5 PM when the hours cannot be read', async () => {
    renderCalendar([jack], {
      [`GET /api/business/${BUSINESS_ID}/availability`]: { status: 500, body: {} },
    });
    const grid = await showDay();
    await waitFor(() => expect(hourRows(grid)[0]).toBe('9 AM'));
    expect(hourRows(grid).at(-1)).toBe('4 PM');
  });

  it('still draws a cancelled booking in its place', async () => {
    renderCalendar([gone]);
    const grid = await showDay();
    expect(placeOf(grid, gone)).toEqual({ row: '9 AM', column: 'Mia RossiTherapist' });
  });
});

describe('the month view', () => {
  it("'+N more' opens that day in the Day view", async () => {
    const busy = [jack, nora, omar, late, early];
    renderCalendar(busy);
    fireEvent.click(screen.getByRole('button', { name: 'Month' }));
    const more = await screen.findByRole('button', { name: '+2 more on Tuesday 5 January' });
    fireEvent.click(more);
    const grid = await screen.findByRole('table', { name: /Tuesday 5 January 2027/ });
    expect(screen.getByRole('button', { name: 'Day' }).getAttribute('aria-pressed')).toBe('true');
    for (const a of busy) expect(within(grid).getByText(`${a.customer.firstName} Thompson`));
  });

  it('opens a day from its number of appointments (what a phone shows)', async () => {
    renderCalendar([jack, december]);
    fireEvent.click(screen.getByRole('button', { name: 'Month' }));
    fireEvent.click(
      await screen.findByRole('button', { name: '1 appointment on Monday 28 December' }),
    );
    await screen.findByRole('table', { name: /Monday 28 December 2026/ });
    await waitFor(() => expect(chip(december)).not.toBeNull());
  });

  it('shows the bookings of the greyed days and asks for the whole grid', async () => {
    const { api } = renderCalendar([jack, december]);
    fireEvent.click(screen.getByRole('button', { name: 'Month' }));
    await waitFor(() => expect(chip(december)).not.toBeNull());
    const cell = chip(december)?.closest('[role="gridcell"]');
    expect(cell?.className).toContain('dash-cal-month__day--outside');
    expect(cell?.getAttribute('data-day')).toBe('2026-12-28');
    const month = api.calls('GET', `/api/business/${BUSINESS_ID}/appointment-days`).at(-1);
    // Monday 28 December 2026 to Sunday 31 January 2027, widened to cover any zone; only the
    // first three of each day.
    expect(month?.query).toEqual({
      from: '2026-12-27T10:00:00.000Z',
      to: '2027-02-01T14:00:00.000Z',
      perDay: 3,
    });
  });

  it("counts '+N more' from the day's total, not from the rows sent", async () => {
    renderCalendar([], {
      [`GET /api/business/${BUSINESS_ID}/appointment-days`]: {
        body: { days: [{ date: '2027-01-05', total: 40, appointments: [jack, nora, omar] }] },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Month' }));
    expect(await screen.findByRole('button', { name: '+37 more on Tuesday 5 January' }));
    expect(screen.getByRole('button', { name: '40 appointments on Tuesday 5 January' }));
  });

  it('asks the server for one staff member only', async () => {
    const { api } = renderCalendar([jack]);
    fireEvent.click(screen.getByRole('button', { name: 'Month' }));
    await waitFor(() => expect(chip(jack)).not.toBeNull());
    fireEvent.change(screen.getByLabelText(/staff/i), { target: { value: String(mia.id) } });
    await waitFor(() =>
      expect(
        api.calls('GET', `/api/business/${BUSINESS_ID}/appointment-days`).at(-1)?.query.staffId,
      ).toBe(mia.id),
    );
  });

  it('says the month is empty when only the greyed days have bookings, and still shows them', async () => {
    renderCalendar([december]);
    fireEvent.click(screen.getByRole('button', { name: 'Month' }));
    await screen.findByText(/There are no appointments scheduled for this month yet/);
    expect(chip(december)).not.toBeNull();
  });
});

/** The Week view's grid. */
const showWeek = () => screen.findByRole('table', { name: /Appointments in the week/ });

describe('the week view', () => {
  it('is a time grid from Monday to Sunday, each booking in its day and hour', async () => {
    renderCalendar([jack, late]);
    const grid = await showWeek();
    const columns = within(grid)
      .getAllByRole('columnheader')
      .slice(1)
      .map((h) => h.querySelector('.dash-cal-week__head')?.textContent);
    expect(columns).toEqual(['Mon 4', 'Tue 5', 'Wed 6', 'Thu 7', 'Fri 8', 'Sat 9', 'Sun 10']);
    expect(placeOf(grid, jack)?.row).toBe('10 AM');
    expect(chip(jack)?.closest('td')?.getAttribute('data-column')).toBe('2027-01-05');
    // From Tuesday's 8 AM opening to Lily's 7:30 PM end.
    expect(hourRows(grid)[0]).toBe('8 AM');
    expect(hourRows(grid).at(-1)).toBe('7 PM');
    // Sunday is closed: its cells are shaded; Tuesday's lunch break too.
    expect(cell(grid, 10, '2027-01-10').className).toContain('dash-cal-day__slot--closed');
    expect(cell(grid, 12, '2027-01-05').className).toContain('dash-cal-day__slot--closed');
    expect(cell(grid, 10, '2027-01-05').className).not.toContain('dash-cal-day__slot--closed');
  });

  it('opens New appointment at the day and time of the empty cell clicked', async () => {
    const { onNew, onOpen } = renderCalendar([jack]);
    const grid = await showWeek();
    fireEvent.click(cell(grid, 14, '2027-01-07'));
    expect(onNew).toHaveBeenCalledWith({ day: '2027-01-07', minutes: 14 * 60, staffId: null });
    fireEvent.click(chip(jack)!);
    expect(onOpen).toHaveBeenCalledWith(jack);
    expect(onNew).toHaveBeenCalledTimes(1);
  });

  it("gives the client's whole name, also as the chip's tooltip", async () => {
    renderCalendar([booking('2027-01-04T23:00:00Z', 'Jacqueline-Anne', mia)]);
    const name = await screen.findByText('Jacqueline-Anne Thompson');
    expect(name.closest('button')?.getAttribute('title')).toBe(
      '10:00 AM – 11:00 AM Jacqueline-Anne Thompson, Deep Tissue Massage',
    );
  });
});

/** Answers a PATCH with the appointment moved as the body says. */
function movedReply(list: OwnerAppointment[]): (request: SeenRequest) => Reply {
  return (request) => {
    const id = Number(request.path.split('/').at(-1));
    const a = list.find((x) => x.id === id)!;
    const body = request.body as { date: string; staffMemberId?: number | null };
    return {
      body: {
        ...a,
        date: body.date,
        end: new Date(Date.parse(body.date) + 3_600_000).toISOString(),
        ...(body.staffMemberId !== undefined
          ? { staffMemberId: body.staffMemberId, staff: null }
          : {}),
      },
    };
  };
}

const moveRoutes = (list: OwnerAppointment[]): Record<string, Handler> => ({
  'GET /api/messaging-status': { body: { sms: true, email: true } },
  ...Object.fromEntries(list.map((a) => [`PATCH /api/appointments/${a.id}`, movedReply(list)])),
});

/** The day grid's cell of an hour row and a column ('staff-3', 'unassigned'). */
const cell = (grid: HTMLElement, hour: number, column: string) =>
  grid.querySelector<HTMLElement>(`tr[data-hour="${hour}"] td[data-column="${column}"]`)!;

/** A mouse drag from the chip to an element, as the browser reports it. */
function drag(from: HTMLElement, to: HTMLElement) {
  fireEvent.pointerDown(from, {
    button: 0,
    buttons: 1,
    pointerType: 'mouse',
    clientX: 10,
    clientY: 10,
  });
  fireEvent.pointerMove(to, { buttons: 1, pointerType: 'mouse', clientX: 40, clientY: 60 });
  fireEvent.pointerUp(to, {
    button: 0,
    buttons: 0,
    pointerType: 'mouse',
    clientX: 40,
    clientY: 60,
  });
}

const question = () => screen.findByRole('dialog', { name: 'Move appointment' });
const live = () => document.querySelector('[aria-live="assertive"]')?.textContent ?? '';

describe('booking from the calendar', () => {
  it('opens New appointment at the empty time and staff column clicked in the Day view', async () => {
    const { onNew, onOpen } = renderCalendar([jack]);
    const grid = await showDay();
    fireEvent.click(cell(grid, 14, 'staff-3'));
    expect(onNew).toHaveBeenCalledWith({ day: '2027-01-05', minutes: 14 * 60, staffId: 3 });
    // A click on a booking opens it, and books nothing.
    fireEvent.click(chip(jack)!);
    expect(onOpen).toHaveBeenCalledWith(jack);
    expect(onNew).toHaveBeenCalledTimes(1);
  });

  it("books on a week's day from its + button, at the day's opening time", async () => {
    const { onNew } = renderCalendar([jack]);
    fireEvent.click(
      await screen.findByRole('button', { name: 'New appointment on Tuesday 5 January' }),
    );
    expect(onNew).toHaveBeenCalledWith({ day: '2027-01-05', minutes: 8 * 60, staffId: null });
  });
});

describe('moving a booking in the Day view', () => {
  it('drags a booking to another time row, asks, and moves it, texting the client', async () => {
    const list = [jack, nora];
    const { api, onOpen } = renderCalendar(list, moveRoutes(list));
    const grid = await showDay();
    drag(chip(jack)!, cell(grid, 14, 'staff-3'));
    const dialog = await question();
    expect(within(dialog).getByText('Move Jack Thompson to Tue 5 Jan, 2:00 PM with Mia Rossi?'));
    expect((within(dialog).getByLabelText('Text the client') as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('PATCH', `/api/appointments/${jack.id}`).map((r) => r.body)).toEqual([
      {
        date: '2027-01-05T03:00:00.000Z',
        staffMemberId: 3,
        notifyCustomer: true,
        outsideHours: false,
      },
    ]);
    // The drop is no click on the booking.
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('drags a booking to the Unassigned column: no staff member', async () => {
    const list = [jack, nora];
    const { api } = renderCalendar(list, moveRoutes(list));
    const grid = await showDay();
    drag(chip(jack)!, cell(grid, 11, 'unassigned'));
    const dialog = await question();
    within(dialog).getByText('Move Jack Thompson to Tue 5 Jan, 11:00 AM with no staff member?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(api.calls('PATCH', `/api/appointments/${jack.id}`)).toHaveLength(1));
    expect(api.calls('PATCH', `/api/appointments/${jack.id}`)[0]?.body).toMatchObject({
      date: '2027-01-05T00:00:00.000Z',
      staffMemberId: null,
    });
  });

  it('does nothing for a drop where the booking already is, or a short press', async () => {
    const { api, onOpen } = renderCalendar([jack]);
    const grid = await showDay();
    drag(chip(jack)!, cell(grid, 10, 'staff-3'));
    // The click a drag ends with comes at once; later clicks are the owner's again.
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.pointerDown(chip(jack)!, {
      button: 0,
      buttons: 1,
      pointerType: 'mouse',
      clientX: 5,
      clientY: 5,
    });
    fireEvent.pointerMove(chip(jack)!, {
      buttons: 1,
      pointerType: 'mouse',
      clientX: 7,
      clientY: 6,
    });
    fireEvent.pointerUp(chip(jack)!, { pointerType: 'mouse', clientX: 7, clientY: 6 });
    fireEvent.click(chip(jack)!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(api.calls('PATCH', `/api/appointments/${jack.id}`)).toHaveLength(0);
  });

  it('moves with the keys: M, arrows for the time and column, Enter, announcing each step', async () => {
    const list = [jack, nora];
    const { api } = renderCalendar(list, moveRoutes(list));
    await showDay();
    const target = chip(jack)!;
    target.focus();
    expect(target.getAttribute('aria-keyshortcuts')).toBe('M');
    fireEvent.keyDown(target, { key: 'm' });
    expect(live()).toContain('Moving Jack Thompson to Mia Rossi, 10:00 AM');
    fireEvent.keyDown(target, { key: 'ArrowDown' });
    fireEvent.keyDown(target, { key: 'ArrowDown' });
    fireEvent.keyDown(target, { key: 'ArrowUp' });
    fireEvent.keyDown(target, { key: 'ArrowDown' });
    fireEvent.keyDown(target, { key: 'ArrowRight' });
    expect(live()).toContain('Moving Jack Thompson to no staff member, 10:30 AM');
    // The place it would go is drawn in its row and column.
    const grid = screen.getByRole('table', { name: /Tuesday 5 January 2027/ });
    expect(cell(grid, 10, 'unassigned').querySelector('.dash-chip--ghost')?.textContent).toBe(
      '10:30 AM Jack Thompson',
    );
    fireEvent.keyDown(target, { key: 'Enter' });
    const dialog = await question();
    within(dialog).getByText('Move Jack Thompson to Tue 5 Jan, 10:30 AM with no staff member?');
    fireEvent.click(within(dialog).getByLabelText('Text the client'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(api.calls('PATCH', `/api/appointments/${jack.id}`).map((r) => r.body)).toEqual([
      {
        date: '2027-01-04T23:30:00.000Z',
        staffMemberId: null,
        notifyCustomer: false,
        outsideHours: false,
      },
    ]);
    expect(toasts()[0]).toBe(
      'Appointment Moved: Jack Thompson: 5 Jan 2027, 10:30 AM AEDT. The client was not sent an SMS.',
    );
  });

  it('gives up a keyboard move with Escape', async () => {
    const { api } = renderCalendar([jack]);
    await showDay();
    const target = chip(jack)!;
    fireEvent.keyDown(target, { key: 'M' });
    fireEvent.keyDown(target, { key: 'ArrowDown' });
    expect(target.getAttribute('data-moving')).toBe('true');
    fireEvent.keyDown(target, { key: 'Escape' });
    expect(target.getAttribute('data-moving')).toBeNull();
    expect(live()).toBe('');
    expect(document.querySelector('.dash-chip--ghost')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.seen.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });

  it('asks before moving outside the hours, then moves it confirmed', async () => {
    let answered = 0;
    const list = [jack];
    const { api } = renderCalendar(list, {
      ...moveRoutes(list),
      [`PATCH /api/appointments/${jack.id}`]: (request) =>
        answered++ === 0
          ? errorReply(409, OUTSIDE_HOURS_MESSAGE, ErrorCode.OUTSIDE_HOURS)
          : movedReply(list)(request),
    });
    const grid = await showDay();
    drag(chip(jack)!, cell(grid, 17, 'staff-3'));
    const dialog = await question();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await within(dialog).findByText('This time is outside the opening hours. Move it anyway?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      api
        .calls('PATCH', `/api/appointments/${jack.id}`)
        .map((r) => (r.body as { outsideHours: boolean }).outsideHours),
    ).toEqual([false, true]);
  });

  it("keeps the booking where it was and shows the server's reason when the move is refused", async () => {
    const taken = 'This time slot is already booked';
    const { api } = renderCalendar([jack], {
      'GET /api/messaging-status': { body: { sms: true, email: true } },
      [`PATCH /api/appointments/${jack.id}`]: errorReply(409, taken, ErrorCode.SLOT_TAKEN),
    });
    const grid = await showDay();
    drag(chip(jack)!, cell(grid, 13, 'staff-3'));
    const dialog = await question();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(taken);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(placeOf(grid, jack)).toEqual({ row: '10 AM', column: 'Mia RossiTherapist' });
    expect(api.calls('PATCH', `/api/appointments/${jack.id}`)).toHaveLength(1);
  });
});

describe('moving a booking in the Week view', () => {
  it('drags a booking to another day and time', async () => {
    const list = [jack];
    const { api } = renderCalendar(list, moveRoutes(list));
    const grid = await showWeek();
    drag(chip(jack)!, cell(grid, 14, '2027-01-07'));
    const dialog = await question();
    within(dialog).getByText('Move Jack Thompson to Thu 7 Jan, 2:00 PM with Mia Rossi?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The staff member is kept: the week has no staff columns.
    expect(api.calls('PATCH', `/api/appointments/${jack.id}`).map((r) => r.body)).toEqual([
      { date: '2027-01-07T03:00:00.000Z', notifyCustomer: true, outsideHours: false },
    ]);
  });

  it('moves to the next day with the keys', async () => {
    const list = [jack];
    renderCalendar(list, moveRoutes(list));
    await screen.findByText('Jack Thompson');
    const target = chip(jack)!;
    fireEvent.keyDown(target, { key: 'm' });
    fireEvent.keyDown(target, { key: 'ArrowRight' });
    expect(live()).toContain('Moving Jack Thompson to Wednesday 6 January, 10:00 AM');
    const grid = await showWeek();
    expect(cell(grid, 10, '2027-01-06').querySelector('.dash-chip--ghost')?.textContent).toBe(
      '10:00 AM Jack Thompson',
    );
    fireEvent.keyDown(target, { key: 'Enter' });
    within(await question()).getByText('Move Jack Thompson to Wed 6 Jan, 10:00 AM with Mia Rossi?');
  });
});
