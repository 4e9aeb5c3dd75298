// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type AffectedBooking, type Availability, defaultWeeklyHours } from '@slotwise/contracts';
import { type Handler, type SeenRequest, errorReply } from '../../../testing/fake-api';
import { renderWithApi } from '../../../testing/render';
import { toasts } from '../../../testing/screen';
import { BusinessHoursTab } from './BusinessHoursTab';

vi.mock('../../owner/OwnerContext', () => ({
  useOwner: () => ({ session: { accessToken: 'token', user: { id: 'u1', email: 'o@x.com' } } }),
}));

const BUSINESS = 4;
const HOURS = `/api/business/${BUSINESS}/availability`;
const AFFECTED = `/api/business/${BUSINESS}/availability/affected-bookings`;

const saved: Availability[] = defaultWeeklyHours().map((d) => ({ ...d, businessId: BUSINESS }));

/** The PUT's answer: what was sent, as the API keeps it. */
const echo = (request: SeenRequest) => ({
  body: (request.body as Availability[]).map((d) => ({
    ...d,
    businessId: BUSINESS,
    openTime: d.intervals[0]?.openTime ?? '',
    closeTime: d.intervals[0]?.closeTime ?? '',
  })),
});

const booking: AffectedBooking = {
  id: 31,
  start: '2027-01-04T23:00:00.000Z',
  end: '2027-01-05T00:00:00.000Z',
  customerName: 'Zara Quinn',
  serviceName: 'Deep Tissue Massage',
  staffName: 'Mia Chen',
};

async function renderTab(routes: Record<string, Handler> = {}) {
  const view = renderWithApi(
    <BusinessHoursTab businessId={BUSINESS} timeZone="Australia/Sydney" />,
    {
      [`GET ${HOURS}`]: { body: saved },
      [`POST ${AFFECTED}`]: { body: [] },
      [`PUT ${HOURS}`]: echo,
      ...routes,
    },
  );
  await screen.findByText('Monday');
  const day = (name: string) => {
    const card = view.container.querySelector<HTMLElement>(`[data-day="${name}"]`)!;
    const scope = within(card);
    return {
      card,
      select: (label: string) => scope.getByLabelText(label) as HTMLSelectElement,
      choose: (label: string, value: string) =>
        fireEvent.change(scope.getByLabelText(label), { target: { value } }),
      button: (name: string | RegExp) => scope.getByRole('button', { name }),
    };
  };
  const save = () =>
    screen.getByRole('button', { name: 'Save Business Hours' }) as HTMLButtonElement;
  return { ...view, day, save };
}

describe('the Business Hours tab', () => {
  it('adds a lunch break as a second interval and removes it again', async () => {
    const { day } = await renderTab();
    const monday = day('Monday');
    fireEvent.click(monday.button('Add Break on Monday'));
    expect(monday.select('Closing Time').value).toBe('12:00');
    expect(monday.select('Opening Time 2').value).toBe('13:00');
    expect(monday.select('Closing Time 2').value).toBe('17:00');
    expect(monday.card.textContent).toContain('Break: 12:00 PM – 1:00 PM');
    // Tuesday is untouched.
    expect(within(day('Tuesday').card).queryByLabelText('Opening Time 2')).toBeNull();

    fireEvent.click(monday.button('Remove Monday 1:00 PM – 5:00 PM'));
    expect(within(monday.card).queryByLabelText('Opening Time 2')).toBeNull();
    expect(monday.select('Closing Time').value).toBe('12:00');
  });

  it('refuses to save while an open day closes before it opens or overlaps itself', async () => {
    const { day, save } = await renderTab();
    const monday = day('Monday');
    expect(save().disabled).toBe(false);

    monday.choose('Closing Time', '08:00');
    expect(within(monday.card).getByRole('alert').textContent).toBe(
      'Closing time must be after opening time',
    );
    expect(monday.select('Closing Time').getAttribute('aria-invalid')).toBe('true');
    expect(save().disabled).toBe(true);
    expect(screen.getByText('Fix the hours of Monday to save.')).toBeTruthy();

    monday.choose('Closing Time', '17:00');
    fireEvent.click(monday.button('Add Break on Monday'));
    monday.choose('Opening Time 2', '11:00');
    expect(
      within(monday.card)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual(['This overlaps other hours of the day', 'This overlaps other hours of the day']);
    expect(save().disabled).toBe(true);

    // A closed day's hours do not count.
    fireEvent.click(screen.getByRole('switch', { name: 'Monday open' }));
    expect(save().disabled).toBe(false);
  });

  it("applies a day's intervals to every other day", async () => {
    const { day } = await renderTab();
    const wednesday = day('Wednesday');
    fireEvent.click(wednesday.button('Add Break on Wednesday'));
    fireEvent.click(wednesday.button('Apply to All Days'));
    expect(toasts()).toEqual([
      "Hours Applied: Wednesday's hours now apply to every day. Save to keep them.",
    ]);
    const friday = day('Friday');
    expect(friday.select('Closing Time').value).toBe('12:00');
    expect(friday.select('Opening Time 2').value).toBe('13:00');
    // Sunday stays closed (its hours come along for when it opens).
    expect(within(day('Sunday').card).queryByLabelText('Opening Time')).toBeNull();
  });

  it('asks about affected bookings, then saves the sorted intervals', async () => {
    const { day, save, api } = await renderTab();
    const monday = day('Monday');
    fireEvent.click(monday.button('Add Break on Monday'));
    fireEvent.click(save());
    await waitFor(() =>
      expect(toasts()).toContain('Business Hours Saved: Your business hours have been updated.'),
    );

    const [asked] = api.calls('POST', AFFECTED);
    const [put] = api.calls('PUT', HOURS);
    const lunch = [
      { openTime: '09:00', closeTime: '12:00' },
      { openTime: '13:00', closeTime: '17:00' },
    ];
    expect(asked?.body).toEqual({ kind: 'weekly-hours', days: put?.body });
    const days = put?.body as Availability[];
    expect(days).toHaveLength(7);
    expect(days.find((d) => d.dayOfWeek === 1)).toEqual({
      dayOfWeek: 1,
      isOpen: true,
      intervals: lunch,
      slotDuration: 30,
    });
    // A closed day keeps its hours.
    expect(days.find((d) => d.dayOfWeek === 0)).toEqual({
      dayOfWeek: 0,
      isOpen: false,
      intervals: [{ openTime: '09:00', closeTime: '17:00' }],
      slotDuration: 30,
    });
    // The editor starts again from what the API saved.
    await waitFor(() => expect(day('Monday').select('Opening Time 2').value).toBe('13:00'));
  });

  it('saves one slot interval (5 to 60 minutes) for the whole week', async () => {
    const { save, api } = await renderTab();
    const interval = screen.getByLabelText('Start times every') as HTMLSelectElement;
    expect(interval.value).toBe('30');
    expect([...interval.options].map((o) => o.value)).toEqual(['5', '10', '15', '20', '30', '60']);
    fireEvent.change(interval, { target: { value: '5' } });
    fireEvent.click(save());
    await waitFor(() => expect(api.calls('PUT', HOURS)).toHaveLength(1));
    const days = api.calls('PUT', HOURS)[0]!.body as Availability[];
    expect(days.map((d) => d.slotDuration)).toEqual([5, 5, 5, 5, 5, 5, 5]);
  });

  it('lists the bookings left outside the hours and saves only once the owner confirms', async () => {
    const { day, save, api } = await renderTab({ [`POST ${AFFECTED}`]: { body: [booking] } });
    day('Monday').choose('Opening Time', '11:00');
    fireEvent.click(save());

    const dialog = await screen.findByRole('dialog', { name: '1 booking is outside these hours' });
    const text = dialog.textContent ?? '';
    for (const shown of [
      'Tue, 5 Jan 2027 · 10:00 AM – 11:00 AM AEDT',
      'Zara Quinn',
      'Deep Tissue Massage with Mia Chen',
      'They stay booked',
      'Contact these clients',
    ]) {
      expect(text).toContain(shown);
    }
    expect(api.calls('PUT', HOURS)).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('PUT', HOURS)).toHaveLength(0);
    expect(day('Monday').select('Opening Time').value).toBe('11:00');

    fireEvent.click(save());
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Save Anyway' }));
    await waitFor(() => expect(api.calls('PUT', HOURS)).toHaveLength(1));
    expect(
      (api.calls('PUT', HOURS)[0]?.body as Availability[]).find((d) => d.dayOfWeek === 1)
        ?.intervals,
    ).toEqual([{ openTime: '11:00', closeTime: '17:00' }]);
  });

  it('saves nothing when the bookings cannot be checked', async () => {
    const { save, api } = await renderTab({
      [`POST ${AFFECTED}`]: errorReply(500, 'Internal server error', 'INTERNAL'),
    });
    fireEvent.click(save());
    await waitFor(() => expect(toasts()).toEqual(['Error: Internal server error']));
    expect(api.calls('PUT', HOURS)).toHaveLength(0);
  });

  it('opens a day saved without hours at 9:00 AM – 5:00 PM, and keeps an off-grid saved time', async () => {
    const odd = saved.map((d) =>
      d.dayOfWeek === 0
        ? { ...d, intervals: [], openTime: '', closeTime: '' }
        : d.dayOfWeek === 2
          ? { ...d, openTime: '09:10', intervals: [{ openTime: '09:10', closeTime: '17:00' }] }
          : d,
    );
    const { day, save, api } = await renderTab({ [`GET ${HOURS}`]: { body: odd } });
    fireEvent.click(screen.getByRole('switch', { name: 'Sunday open' }));
    expect(day('Sunday').select('Opening Time').value).toBe('09:00');
    expect(day('Sunday').select('Closing Time').value).toBe('17:00');
    expect(day('Tuesday').select('Opening Time').value).toBe('09:10');
    fireEvent.click(save());
    await waitFor(() => expect(api.calls('PUT', HOURS)).toHaveLength(1));
    const days = api.calls('PUT', HOURS)[0]?.body as Availability[];
    expect(days.find((d) => d.dayOfWeek === 2)?.intervals).toEqual([
      { openTime: '09:10', closeTime: '17:00' },
    ]);
  });

  it('shows a failed load', async () => {
    renderWithApi(<BusinessHoursTab businessId={BUSINESS} timeZone="Australia/Sydney" />, {
      [`GET ${HOURS}`]: errorReply(500, 'Server down', 'INTERNAL'),
    });
    expect(await screen.findByText('Could not load your business hours')).toBeTruthy();
  });
});
