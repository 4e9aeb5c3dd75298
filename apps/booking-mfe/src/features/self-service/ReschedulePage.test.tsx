// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type DayStatus, ErrorCode, SelfServiceMessages, todayInZone } from '@slotwise/contracts';
import { type Reply, errorReply, fakeApi } from '../../testing/fake-api';
import {
  BUSINESS_PATH,
  RESCHEDULE_TOKEN,
  monthDays,
  rescheduleDetails,
  times,
} from '../../testing/fixtures';
import { calendarDay } from '../../testing/calendar';
import { renderWithApp } from '../../testing/render';
import ReschedulePage from './ReschedulePage';

const TIMES_PATH = `${BUSINESS_PATH}/available-times`;
const DAYS_PATH = `${BUSINESS_PATH}/available-days`;
const today = todayInZone(rescheduleDetails.business.timeZone);
const moved = {
  ...rescheduleDetails,
  date: times[1]!.start,
  message: 'Your appointment has been rescheduled.',
  sms: 'queued' as const,
};

function rescheduleApi(reschedule: Reply, details: Reply = { body: rescheduleDetails }) {
  return fakeApi({
    'GET /api/reschedule': details,
    [`GET ${TIMES_PATH}`]: { body: times },
    'POST /api/reschedule': reschedule,
  });
}

function renderPage(
  api: ReturnType<typeof fakeApi>,
  url = `/reschedule?token=${RESCHEDULE_TOKEN}`,
) {
  return renderWithApp(<ReschedulePage />, { api, url });
}

type User = ReturnType<typeof userEvent.setup>;

async function chooseTime(user: User, time: string) {
  await user.click(await calendarDay(today));
  await user.click(await screen.findByRole('button', { name: time }));
}

const confirmButton = () =>
  screen.getByRole('button', { name: 'Confirm New Time' }) as HTMLButtonElement;

describe('ReschedulePage', () => {
  it('shows the booking, moves it to the chosen time and says so', async () => {
    const api = rescheduleApi({ status: 201, body: moved });
    const user = userEvent.setup();
    renderPage(api);
    expect(screen.getByText('Loading your appointment…')).toBeTruthy();
    await screen.findByText('Current Date & Time');
    const summary = screen.getByTestId('reschedule-booking').textContent;
    expect(summary).toContain("Women's Cut · 45 min · $85.00");
    expect(summary).toContain('Mia Nguyen');
    expect(summary).toContain('5 Mar 2027 at 9:30 AM AEDT');
    expect(api.calls('GET', '/api/reschedule')[0]).toMatchObject({
      query: { token: RESCHEDULE_TOKEN },
      headers: { Pragma: 'no-cache' },
    });
    expect(
      await screen.findByRole('heading', { name: 'Select New Date' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(confirmButton().disabled).toBe(true);

    await chooseTime(user, '9:30 AM');
    // The same service and person: their times are the ones offered.
    expect(api.calls('GET', TIMES_PATH)[0]?.query).toMatchObject({
      date: today,
      serviceId: 3,
      staffId: 5,
    });
    await user.click(confirmButton());
    expect(await screen.findByText('Appointment Rescheduled')).toBeTruthy();
    expect(
      screen.getByText(/Your appointment is now on 5 Mar 2027 at 9:30 AM AEDT\./),
    ).toBeTruthy();
    expect(screen.getByText(/fresh cancel and reschedule links is on its way/)).toBeTruthy();
    expect(screen.getByText('New Date & Time')).toBeTruthy();
    expect(api.calls('POST', '/api/reschedule')[0]?.body).toEqual({
      token: RESCHEDULE_TOKEN,
      date: times[1]!.start,
    });
  });

  it.each([
    ['not_configured', /text messages are not set up yet\. The old links no longer work/],
    ['not_sent', /We can only text Australian mobiles, so no new links are coming by SMS/],
  ] as const)('never says new links were texted when the SMS is %s', async (sms, text) => {
    const user = userEvent.setup();
    renderPage(rescheduleApi({ status: 201, body: { ...moved, sms } }));
    await chooseTime(user, '9:30 AM');
    await user.click(confirmButton());
    expect(await screen.findByText('Appointment Rescheduled')).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByText(/on its way/)).toBeNull();
  });

  it('on a taken time clears the choice and shows the times that are left', async () => {
    const api = rescheduleApi(
      errorReply(409, 'This time slot is already booked', ErrorCode.SLOT_TAKEN),
    );
    const user = userEvent.setup();
    const view = renderPage(api);
    await chooseTime(user, '9:30 AM');
    await user.click(confirmButton());
    expect(await screen.findByText('This time slot is already booked')).toBeTruthy();
    expect(view.toasts()).toEqual(['Reschedule Failed: This time slot is already booked']);
    await waitFor(() => expect(api.calls('GET', TIMES_PATH)).toHaveLength(2));
    expect(confirmButton().disabled).toBe(true);
    expect(
      screen.getAllByTestId('time-slot').some((b) => b.getAttribute('aria-pressed') === 'true'),
    ).toBe(false);
  });

  it('tells a cancelled booking from a taken slot, although both answer 409', async () => {
    const api = rescheduleApi(
      errorReply(409, SelfServiceMessages.alreadyCancelled, ErrorCode.ALREADY_CANCELLED),
    );
    const user = userEvent.setup();
    const view = renderPage(api);
    await chooseTime(user, '9:30 AM');
    await user.click(confirmButton());
    expect(await screen.findByText('This appointment has already been cancelled.')).toBeTruthy();
    expect(view.toasts()).toEqual([
      'Reschedule Failed: This appointment has already been cancelled.',
    ]);
    // Nothing suggests the time was taken: the choice stays and no times are fetched again.
    expect(screen.getByRole('button', { name: '9:30 AM' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(api.calls('GET', TIMES_PATH)).toHaveLength(1);
    expect(screen.queryByText('This time slot is already booked')).toBeNull();
  });

  /** Today is picked before the month answers with `status` for it (then it cannot be picked). */
  async function pickTodayThenLearn(status: DayStatus) {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = fakeApi({
      // The booking window comes with the details (no second request for the business).
      'GET /api/reschedule': {
        body: {
          ...rescheduleDetails,
          business: { ...rescheduleDetails.business, maxAdvanceDays: 60, minNoticeMinutes: 30 },
        },
      },
      [`GET ${DAYS_PATH}`]: async (request) => {
        await held;
        return { body: monthDays(String(request.query.month), { [today]: status }) };
      },
      [`GET ${TIMES_PATH}`]: { body: [] },
    });
    const user = userEvent.setup();
    const view = renderPage(api);
    await user.click(await calendarDay(today));
    await screen.findByText('No available times for this date.');
    release();
    return { api, view };
  }

  it('offers the same disabled days and reasons, for the booking’s own person', async () => {
    const { api, view } = await pickTodayThenLearn('fully_booked');
    expect(
      await screen.findByText(
        'This date is fully booked for Mia Nguyen. Please select another date.',
      ),
    ).toBeTruthy();
    // No other person is offered here, so the spec's 'or staff member' notice is not shown.
    expect(view.toasts()).toEqual([]);
    expect(api.calls('GET', DAYS_PATH)[0]?.query).toEqual({
      month: today.slice(0, 7),
      serviceId: 3,
      staffId: 5,
    });
    await waitFor(() =>
      expect(
        (document.querySelector(`td[data-day="${today}"] button`) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
  });

  it('explains the booking window with the business’s own numbers', async () => {
    await pickTodayThenLearn('outside_window');
    expect(
      await screen.findByText(
        "Online booking isn't open for this date. You can book up to 60 days ahead, at least 30 minutes before the start.",
      ),
    ).toBeTruthy();
  });

  it('explains a missing token, a dead link and a lost connection', async () => {
    const { unmount } = renderPage(fakeApi({}), '/reschedule');
    expect(screen.getByText('Invalid reschedule link. No token provided.')).toBeTruthy();
    unmount();

    const dead = renderPage(
      rescheduleApi(
        {},
        errorReply(400, SelfServiceMessages.rescheduleLinkInvalid, ErrorCode.LINK_INVALID),
      ),
    );
    expect(await screen.findByText('This reschedule link is invalid or has expired.')).toBeTruthy();
    dead.unmount();

    renderPage(rescheduleApi({}, { status: 0 }));
    expect(await screen.findByText(SelfServiceMessages.unexpected)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Return to Home' }));
    expect(screen.getByText('Home page')).toBeTruthy();
  });
});
