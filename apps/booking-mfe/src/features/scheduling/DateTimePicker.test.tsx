// @vitest-environment happy-dom
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  type AvailableTime,
  type DayStatus,
  addDays,
  addMonths,
  formatCalendarDay,
  todayInZone,
} from '@slotwise/contracts';
import { type Reply, errorReply, fakeApi } from '../../testing/fake-api';
import { BUSINESS_PATH, SLUG, business, monthDays, times } from '../../testing/fixtures';
import { calendarDay } from '../../testing/calendar';
import { renderWithApp } from '../../testing/render';
import { DateTimePicker, type DateTimePickerProps } from './DateTimePicker';

const TIMES_PATH = `${BUSINESS_PATH}/available-times`;
const DAYS_PATH = `${BUSINESS_PATH}/available-days`;
const today = todayInZone(business.timeZone);
const thisMonth = today.slice(0, 7);
const nextMonth = addMonths(today, 1).slice(0, 7);
const STAFF_FULL =
  'This date is fully booked for the selected staff member. Please select another date or staff member.';

/** The picker as a page holds it: the chosen day and time in the page's state. */
function Harness(props: Partial<DateTimePickerProps> & { onTime?: (slot: AvailableTime) => void }) {
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<AvailableTime | null>(null);
  return (
    <DateTimePicker
      dateHeading="Select Date"
      business={business}
      availability={{ slug: SLUG, serviceId: 3, staffId: null, enabled: true }}
      staff={null}
      date={date}
      selected={slot}
      onDateChange={(day) => {
        setDate(day);
        setSlot(null);
      }}
      onTimeChange={(s) => {
        setSlot(s);
        props.onTime?.(s);
      }}
      {...props}
    />
  );
}

/** A days route answering each month from `statuses` ('YYYY-MM-DD' → status). */
const daysRoute =
  (statuses: Record<string, DayStatus> = {}) =>
  (request: { query: Record<string, unknown> }): Reply => ({
    body: monthDays(String(request.query.month), statuses),
  });

/** A days route whose answer for this month waits until `release` is called. */
function heldDays(statuses: Record<string, DayStatus> = {}) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const route = async (request: { query: Record<string, unknown> }): Promise<Reply> => {
    if (request.query.month === thisMonth) await held;
    return daysRoute(statuses)(request);
  };
  return { route, release: () => release() };
}

const day = (date: string) =>
  document.querySelector<HTMLButtonElement>(`td[data-day="${date}"] button`)!;
const months = (api: ReturnType<typeof fakeApi>) =>
  api.calls('GET', DAYS_PATH).map((r) => r.query.month);

describe('DateTimePicker', () => {
  it('asks for a date first, and offers days from the business’s today on', async () => {
    const api = fakeApi({});
    renderWithApp(<Harness />, { api });
    // The calendar loads on first use: both panels wait for it together.
    expect(screen.getByRole('status').textContent).toContain('Loading the calendar…');
    expect((await calendarDay(today)).disabled).toBe(false);
    expect(screen.getByRole('heading', { name: 'Select Date' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Select a date to view available times' }));
    expect(screen.getByText('Please select a date first.')).toBeTruthy();
    const yesterday = document.querySelector(`td[data-day="${addDays(today, -1)}"] button`);
    // Yesterday is either disabled or not shown at all (a new month starts today).
    expect(yesterday === null || (yesterday as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls('GET', TIMES_PATH)).toHaveLength(0);
  });

  it('loads the chosen day’s live times past every cache and reports the chosen time', async () => {
    const onTime = vi.fn();
    const api = fakeApi({ [`GET ${TIMES_PATH}`]: { body: times } });
    const user = userEvent.setup();
    renderWithApp(
      <Harness
        onTime={onTime}
        availability={{ slug: SLUG, serviceId: 3, staffId: 5, enabled: true }}
      />,
      { api },
    );
    await user.click(await calendarDay(today));
    expect(
      screen.getByRole('heading', { name: `Available Times for ${formatCalendarDay(today)}` }),
    ).toBeTruthy();
    const slots = await screen.findAllByTestId('time-slot');
    expect(slots.map((s) => s.textContent)).toEqual(['9:00 AM', '9:30 AM']);

    const [request] = api.calls('GET', TIMES_PATH);
    expect(request?.query).toMatchObject({ date: today, serviceId: 3, staffId: 5 });
    expect(typeof request?.query.nocache).toBe('number');
    expect(request?.headers['Cache-Control']).toBe('no-cache, no-store, must-revalidate');
    expect(request?.headers.Pragma).toBe('no-cache');

    await user.click(screen.getByRole('button', { name: '9:30 AM' }));
    expect(onTime).toHaveBeenCalledWith(times[1]);
    expect(screen.getByRole('button', { name: '9:30 AM' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('without the month’s days, says a chosen staff member is fully booked, and stays quiet for an automatic pick', async () => {
    // No days route: the picker works as it did before days were known.
    const api = fakeApi({ [`GET ${TIMES_PATH}`]: { body: [] } });
    const user = userEvent.setup();
    const auto = renderWithApp(<Harness />, { api });
    await user.click(await calendarDay(today));
    await screen.findByText('No available times for this date.');
    expect(screen.queryByText(/fully booked/)).toBeNull();
    expect(auto.toasts()).toEqual([]);
    auto.unmount();

    const chosen = renderWithApp(
      <Harness
        availability={{ slug: SLUG, serviceId: 3, staffId: 5, enabled: true }}
        staff={{ kind: 'chosen' }}
      />,
      { api },
    );
    await user.click(await calendarDay(today));
    await screen.findByText('No available times for this date.');
    expect(await screen.findByText(STAFF_FULL)).toBeTruthy();
    expect(chosen.toasts()).toEqual([`No available times: ${STAFF_FULL}`]);
  });

  it('says it once per answer, also when the customer comes back to the day', async () => {
    const api = fakeApi({ [`GET ${TIMES_PATH}`]: { body: [] } });
    const user = userEvent.setup();
    const view = renderWithApp(
      <Harness
        availability={{ slug: SLUG, serviceId: 3, staffId: 5, enabled: true }}
        staff={{ kind: 'chosen' }}
      />,
      { api },
    );
    await user.click(await calendarDay(today));
    await screen.findByText(STAFF_FULL);
    // Another day (the next month's first when today is the last of this one), then back.
    const tomorrow = addDays(today, 1);
    const otherMonth = tomorrow.slice(0, 7) !== thisMonth;
    if (otherMonth) await user.click(screen.getByRole('button', { name: /next month/i }));
    await user.click(await calendarDay(tomorrow));
    await waitFor(() => expect(view.toasts()).toHaveLength(2));
    if (otherMonth) await user.click(screen.getByRole('button', { name: /previous month/i }));
    await user.click(await calendarDay(today));
    // The remembered answer is checked again before anything is said.
    await waitFor(() => expect(api.calls('GET', TIMES_PATH)).toHaveLength(3));
    await screen.findByText(STAFF_FULL);
    // Today, tomorrow, today's fresh answer: not the remembered one as well.
    expect(view.toasts()).toHaveLength(3);
  });

  it('clears the times and says so when they cannot load', async () => {
    const api = fakeApi({ [`GET ${TIMES_PATH}`]: errorReply(500, 'Boom') });
    const user = userEvent.setup();
    const view = renderWithApp(<Harness />, { api });
    await user.click(await calendarDay(today));
    await screen.findByText('No available times for this date.');
    expect(view.toasts()).toEqual([
      'Failed to load available times: Please try again or select a different date.',
    ]);
  });

  it('waits (showing the loading line) until it may ask, e.g. for the staff list', async () => {
    const api = fakeApi({ [`GET ${TIMES_PATH}`]: { body: times } });
    const user = userEvent.setup();
    const view = renderWithApp(
      <Harness availability={{ slug: SLUG, serviceId: 3, staffId: null, enabled: false }} />,
      { api },
    );
    await user.click(await calendarDay(today));
    expect(within(screen.getAllByRole('status').at(-1)!).getByText(/Loading available times/));
    // Whose days to show is not known yet either.
    expect(screen.getByText('Checking dates…')).toBeTruthy();
    expect(document.querySelector('.bk-calendar-wrap')?.getAttribute('aria-busy')).toBe('true');
    expect(api.seen).toHaveLength(0);
    view.unmount();
  });
});

describe('DateTimePicker with the month’s days', () => {
  it('disables the dates without times up front, saying why, for the service and person', async () => {
    const api = fakeApi({
      [`GET ${DAYS_PATH}`]: daysRoute({
        [`${nextMonth}-10`]: 'closed',
        [`${nextMonth}-11`]: 'fully_booked',
        [`${nextMonth}-12`]: 'outside_window',
        [`${nextMonth}-14`]: 'no_times_left',
      }),
      [`GET ${TIMES_PATH}`]: { body: times },
    });
    const user = userEvent.setup();
    renderWithApp(
      <Harness availability={{ slug: SLUG, serviceId: 3, staffId: 5, enabled: true }} />,
      { api },
    );
    await calendarDay(today);
    await waitFor(() => expect(months(api)).toContain(thisMonth));
    expect(api.calls('GET', DAYS_PATH)[0]?.query).toEqual({
      month: thisMonth,
      serviceId: 3,
      staffId: 5,
    });
    await user.click(screen.getByRole('button', { name: /next month/i }));
    await waitFor(() => expect(day(`${nextMonth}-10`).disabled).toBe(true));
    expect(day(`${nextMonth}-10`).getAttribute('aria-label')).toMatch(/, closed$/);
    expect(day(`${nextMonth}-11`).disabled).toBe(true);
    expect(day(`${nextMonth}-11`).getAttribute('aria-label')).toMatch(/, fully booked$/);
    expect(day(`${nextMonth}-12`).disabled).toBe(true);
    expect(day(`${nextMonth}-12`).getAttribute('aria-label')).toMatch(
      /, not open for online booking$/,
    );
    // Open, but nothing fits (a long service between breaks): not called closed.
    expect(day(`${nextMonth}-14`).disabled).toBe(true);
    expect(day(`${nextMonth}-14`).getAttribute('aria-label')).toMatch(/, No times left$/);
    expect(document.querySelector('.bk-calendar-legend')?.textContent).toContain('No times left');
    expect(day(`${nextMonth}-13`).disabled).toBe(false);
    await user.click(day(`${nextMonth}-13`));
    expect(await screen.findAllByTestId('time-slot')).toHaveLength(2);
  });

  it('asks again when the month changes, and has the next month ready beforehand', async () => {
    const api = fakeApi({
      [`GET ${DAYS_PATH}`]: daysRoute({ [`${nextMonth}-10`]: 'closed' }),
    });
    const user = userEvent.setup();
    renderWithApp(<Harness />, { api });
    await calendarDay(today);
    // This month, then the next one in the background.
    await waitFor(() => expect(months(api)).toEqual([thisMonth, nextMonth]));
    await user.click(screen.getByRole('button', { name: /next month/i }));
    // Already known: disabled at once, with no loading state.
    expect(day(`${nextMonth}-10`).disabled).toBe(true);
    expect(screen.queryByText('Checking dates…')).toBeNull();
    const monthAfter = addMonths(today, 2).slice(0, 7);
    await waitFor(() => expect(months(api)).toEqual([thisMonth, nextMonth, monthAfter]));
  });

  it('keeps the calendar usable while the month loads, with a quiet loading line', async () => {
    const days = heldDays({ [today]: 'closed' });
    const api = fakeApi({
      [`GET ${DAYS_PATH}`]: days.route,
      [`GET ${TIMES_PATH}`]: { body: times },
    });
    renderWithApp(<Harness />, { api });
    await calendarDay(today);
    expect(await screen.findByText('Checking dates…')).toBeTruthy();
    const calendar = document.querySelector('.bk-calendar-wrap')!;
    expect(calendar.getAttribute('aria-busy')).toBe('true');
    // Nothing is disabled meanwhile: the customer may pick a day and see its times.
    expect(day(today).disabled).toBe(false);
    days.release();
    await waitFor(() => expect(day(today).disabled).toBe(true));
    expect(screen.queryByText('Checking dates…')).toBeNull();
    expect(calendar.getAttribute('aria-busy')).toBe('false');
  });

  it('falls back to every day and per-day times when the days cannot load', async () => {
    const api = fakeApi({
      [`GET ${DAYS_PATH}`]: errorReply(500, 'Boom'),
      [`GET ${TIMES_PATH}`]: { body: times },
    });
    const user = userEvent.setup();
    const view = renderWithApp(<Harness />, { api });
    await calendarDay(today);
    await waitFor(() => expect(api.calls('GET', DAYS_PATH)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Checking dates…')).toBeNull());
    expect(day(today).disabled).toBe(false);
    await user.click(day(today));
    expect(await screen.findAllByTestId('time-slot')).toHaveLength(2);
    expect(api.calls('GET', TIMES_PATH)[0]?.query).toMatchObject({ date: today });
    expect(view.toasts()).toEqual([]);
  });
});

describe('DateTimePicker explaining a day without times', () => {
  /** Picks today while the month is loading, then lets the month say `status` for it. */
  async function pickThenLearn(status: DayStatus, props: Partial<DateTimePickerProps> = {}) {
    const days = heldDays({ [today]: status });
    const api = fakeApi({ [`GET ${DAYS_PATH}`]: days.route, [`GET ${TIMES_PATH}`]: { body: [] } });
    const user = userEvent.setup();
    const view = renderWithApp(<Harness {...props} />, { api });
    await user.click(await calendarDay(today));
    await screen.findByText('No available times for this date.');
    days.release();
    return { api, view };
  }

  it('says the business is closed', async () => {
    const { view } = await pickThenLearn('closed', { staff: { kind: 'chosen' } });
    expect(
      await screen.findByText(
        'Harbour Hair Studio is closed on this date. Please choose another date.',
      ),
    ).toBeTruthy();
    // Not the chosen person's fault: no 'fully booked' notice.
    expect(view.toasts()).toEqual([]);
  });

  it('says the chosen person is not working that day, not that the business is closed', async () => {
    const { view } = await pickThenLearn('staff_not_working', {
      staff: { kind: 'chosen', name: 'Mia' },
    });
    expect(
      await screen.findByText(
        "Mia isn't working on this date. Try another date or another staff member.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/is closed on this date/)).toBeNull();
    // Not a full day: no 'fully booked' notice.
    expect(view.toasts()).toEqual([]);
  });

  it('says the date is outside the booking window, and what the window is', async () => {
    await pickThenLearn('outside_window', {
      business: { ...business, minNoticeMinutes: 120, maxAdvanceDays: 90 },
    });
    expect(
      await screen.findByText(
        "Online booking isn't open for this date. You can book up to 90 days ahead, at least 2 hours before the start.",
      ),
    ).toBeTruthy();
  });

  it('says the date is fully booked, for the chosen person (with the spec’s notice) or for anyone', async () => {
    const chosen = await pickThenLearn('fully_booked', { staff: { kind: 'chosen' } });
    expect(await screen.findByText(STAFF_FULL)).toBeTruthy();
    expect(chosen.view.toasts()).toEqual([`No available times: ${STAFF_FULL}`]);
    chosen.view.unmount();

    const anyone = await pickThenLearn('fully_booked');
    expect(
      await screen.findByText('This date is fully booked. Please select another date.'),
    ).toBeTruthy();
    expect(anyone.view.toasts()).toEqual([]);
    anyone.view.unmount();

    await pickThenLearn('fully_booked', { staff: { kind: 'fixed', name: 'Mia Nguyen' } });
    expect(
      await screen.findByText(
        'This date is fully booked for Mia Nguyen. Please select another date.',
      ),
    ).toBeTruthy();
  });

  it('a day that filled since the month was read is called full and read again', async () => {
    let answers = 0;
    const api = fakeApi({
      [`GET ${DAYS_PATH}`]: (request) => {
        if (request.query.month === thisMonth) answers += 1;
        // The first answer still offers today; by the second it has filled.
        const status: DayStatus = answers > 1 ? 'fully_booked' : 'available';
        return daysRoute({ [today]: status })(request);
      },
      [`GET ${TIMES_PATH}`]: { body: [] },
    });
    const user = userEvent.setup();
    renderWithApp(<Harness />, { api });
    await calendarDay(today);
    await waitFor(() => expect(answers).toBe(1));
    await user.click(day(today));
    expect(
      await screen.findByText('This date is fully booked. Please select another date.'),
    ).toBeTruthy();
    await waitFor(() => expect(day(today).disabled).toBe(true));
    expect(answers).toBe(2);
  });
});

describe('DateTimePicker time zones', () => {
  it('names the zone above the times', async () => {
    const api = fakeApi({ [`GET ${TIMES_PATH}`]: { body: times } });
    const user = userEvent.setup();
    renderWithApp(<Harness />, { api });
    await user.click(await calendarDay(today));
    expect(await screen.findByText('Times in AEDT')).toBeTruthy();
    expect(
      screen.getByRole('group', { name: 'Available times' }).getAttribute('aria-describedby'),
    ).toBe(screen.getByText('Times in AEDT').id);
    expect(screen.getByRole('button', { name: '9:00 AM' })).toBeTruthy();
  });

  it('on the day the clocks go back, tells the repeated hour’s two times apart', async () => {
    // Sunday 4 April 2027, Sydney: 3:00 AM AEDT becomes 2:00 AM AEST.
    const fallBack: AvailableTime[] = [
      { time: '1:30 AM', start: '2027-04-03T14:30:00.000Z', timeZoneName: 'AEDT' },
      { time: '2:00 AM', start: '2027-04-03T15:00:00.000Z', timeZoneName: 'AEDT' },
      { time: '2:00 AM', start: '2027-04-03T16:00:00.000Z', timeZoneName: 'AEST' },
    ];
    const onTime = vi.fn();
    const api = fakeApi({ [`GET ${TIMES_PATH}`]: { body: fallBack } });
    const user = userEvent.setup();
    renderWithApp(<Harness onTime={onTime} />, { api });
    await user.click(await calendarDay(today));
    expect(await screen.findByText('Times in AEDT and AEST')).toBeTruthy();
    expect(screen.getAllByTestId('time-slot').map((b) => b.textContent)).toEqual([
      '1:30 AM AEDT',
      '2:00 AM AEDT',
      '2:00 AM AEST',
    ]);
    await user.click(screen.getByRole('button', { name: '2:00 AM AEST' }));
    expect(onTime).toHaveBeenCalledWith(fallBack[2]);
    expect(screen.getByRole('button', { name: '2:00 AM AEST' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: '2:00 AM AEDT' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });
});

describe('DateTimePicker waiting for a slow answer', () => {
  it('shows the loading line while the times are on their way', async () => {
    let answer: (value: { body: AvailableTime[] }) => void = () => undefined;
    const api = fakeApi({
      [`GET ${TIMES_PATH}`]: () => new Promise((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderWithApp(<Harness />, { api });
    await user.click(await calendarDay(today));
    await screen.findByText(/Loading available times/);
    answer({ body: times });
    await waitFor(() => expect(screen.getAllByTestId('time-slot')).toHaveLength(2));
    expect(screen.queryByText(/Loading available times/)).toBeNull();
  });
});
