// @vitest-environment happy-dom
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type AvailableTime, addDays, formatCalendarDay, todayInZone } from '@slotwise/contracts';
import { errorReply, fakeApi } from '../../testing/fake-api';
import { BUSINESS_PATH, SLUG, business, times } from '../../testing/fixtures';
import { calendarDay } from '../../testing/calendar';
import { renderWithApp } from '../../testing/render';
import { DateTimePicker, type DateTimePickerProps } from './DateTimePicker';

const TIMES_PATH = `${BUSINESS_PATH}/available-times`;
const today = todayInZone(business.timeZone);

/** The picker as a page holds it: the chosen day and time in the page's state. */
function Harness(props: Partial<DateTimePickerProps> & { onTime?: (slot: AvailableTime) => void }) {
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<AvailableTime | null>(null);
  return (
    <DateTimePicker
      dateHeading="Select Date"
      timeZone={business.timeZone}
      availability={{ slug: SLUG, serviceId: 3, staffId: null, staffChosen: false, enabled: true }}
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
    expect(api.seen).toHaveLength(0);
  });

  it('loads the chosen day’s live times past every cache and reports the chosen time', async () => {
    const onTime = vi.fn();
    const api = fakeApi({ [`GET ${TIMES_PATH}`]: { body: times } });
    const user = userEvent.setup();
    renderWithApp(
      <Harness
        onTime={onTime}
        availability={{ slug: SLUG, serviceId: 3, staffId: 5, staffChosen: true, enabled: true }}
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

  it('says a chosen staff member is fully booked, and stays quiet for an automatic pick', async () => {
    const api = fakeApi({ [`GET ${TIMES_PATH}`]: { body: [] } });
    const user = userEvent.setup();
    const auto = renderWithApp(<Harness />, { api });
    await user.click(await calendarDay(today));
    await screen.findByText('No available times for this date.');
    expect(auto.toasts()).toEqual([]);
    auto.unmount();

    const chosen = renderWithApp(
      <Harness
        availability={{ slug: SLUG, serviceId: 3, staffId: 5, staffChosen: true, enabled: true }}
      />,
      { api },
    );
    await user.click(await calendarDay(today));
    await screen.findByText('No available times for this date.');
    expect(chosen.toasts()).toEqual([
      'No available times: This date is fully booked for the selected staff member. Please select another date or staff member.',
    ]);
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
      <Harness
        availability={{
          slug: SLUG,
          serviceId: 3,
          staffId: null,
          staffChosen: false,
          enabled: false,
        }}
      />,
      { api },
    );
    await user.click(await calendarDay(today));
    expect(within(screen.getAllByRole('status').at(-1)!).getByText(/Loading available times/));
    expect(api.seen).toHaveLength(0);
    view.unmount();
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
