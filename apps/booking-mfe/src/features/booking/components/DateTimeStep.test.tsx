// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayInZone } from '@slotwise/contracts';
import { fakeApi } from '../../../testing/fake-api';
import {
  BUSINESS_PATH,
  SLUG,
  business,
  jack,
  mia,
  monthDays,
  times,
  womensCut,
} from '../../../testing/fixtures';
import { calendarDay } from '../../../testing/calendar';
import { renderWithApp } from '../../../testing/render';
import { WizardProvider } from '../WizardProvider';
import { type WizardStore, createWizardStore } from '../wizard-store';
import DateTimeStep from './DateTimeStep';

const TIMES_PATH = `${BUSINESS_PATH}/available-times`;
const today = todayInZone(business.timeZone);

function renderStep(
  store: WizardStore,
  props: Partial<Parameters<typeof DateTimeStep>[0]> = {},
  api = fakeApi({ [`GET ${TIMES_PATH}`]: { body: times } }),
) {
  const view = renderWithApp(
    <WizardProvider store={store}>
      <DateTimeStep
        focusHeading={false}
        slug={SLUG}
        business={business}
        service={womensCut}
        staff={[mia, jack]}
        staffLoading={false}
        staffSettled
        staffId={store.getState().staffChoice}
        {...props}
      />
    </WizardProvider>,
    { api },
  );
  return { ...view, api };
}

const atStep2 = () => createWizardStore({ step: 2, serviceId: womensCut.id, acted: true });

describe('DateTimeStep', () => {
  it('names the chosen service and lets the customer pick a team member', async () => {
    const store = atStep2();
    const user = userEvent.setup();
    renderStep(store);
    expect(screen.getByRole('heading', { name: 'Choose Date & Time' })).toBeTruthy();
    expect(screen.getByText("Women's Cut · 45 min · $85.00")).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Choose a team member' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Any available/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(screen.getByRole('radio', { name: /Mia Nguyen/ }));
    expect(store.getState().staffChoice).toBe(mia.id);
  });

  it('offers no choice of person while the staff list loads or when one person does it', () => {
    const { unmount } = renderStep(atStep2(), { staff: undefined, staffLoading: true });
    expect(screen.queryByRole('group', { name: 'Choose a team member' })).toBeNull();
    unmount();
    renderStep(atStep2(), { staff: [jack] });
    expect(screen.queryByRole('group', { name: 'Choose a team member' })).toBeNull();
  });

  it('moves to step 3 with the chosen day and time, asking for the right person’s times', async () => {
    const store = atStep2();
    const user = userEvent.setup();
    const { api } = renderStep(store, { staffId: jack.id });
    await user.click(await calendarDay(today));
    expect(store.getState().date).toBe(today);
    await user.click(await screen.findByRole('button', { name: '9:30 AM' }));
    expect(store.getState()).toMatchObject({ step: 3, date: today, slot: times[1] });
    expect(api.calls('GET', TIMES_PATH)[0]?.query).toMatchObject({
      date: today,
      serviceId: womensCut.id,
      staffId: jack.id,
    });
    // The month's days are asked for the same service and person.
    expect(api.calls('GET', `${BUSINESS_PATH}/available-days`)[0]?.query).toEqual({
      month: today.slice(0, 7),
      serviceId: womensCut.id,
      staffId: jack.id,
    });
  });

  it('explains a full day as the chosen person’s only when the customer chose them', async () => {
    const user = userEvent.setup();
    /** Today is picked before the month answers that it is full (a full day cannot be picked). */
    async function pickFullToday(store: WizardStore, staffId: number) {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const api = fakeApi({
        [`GET ${BUSINESS_PATH}/available-days`]: async (request) => {
          await held;
          return { body: monthDays(String(request.query.month), { [today]: 'fully_booked' }) };
        },
        [`GET ${TIMES_PATH}`]: { body: [] },
      });
      const view = renderStep(store, { staff: [mia, jack], staffId }, api);
      await user.click(await calendarDay(today));
      await screen.findByText('No available times for this date.');
      release();
      return view;
    }

    // 'Any available' led to the only free person: the day is simply full.
    const auto = await pickFullToday(atStep2(), jack.id);
    expect(
      await screen.findByText('This date is fully booked. Please select another date.'),
    ).toBeTruthy();
    auto.unmount();

    const chosen = createWizardStore({
      step: 2,
      serviceId: womensCut.id,
      staffChoice: mia.id,
      acted: true,
    });
    await pickFullToday(chosen, mia.id);
    expect(
      await screen.findByText(
        'This date is fully booked for the selected staff member. Please select another date or staff member.',
      ),
    ).toBeTruthy();
  });

  it('names the chosen person by first name on a day they do not work', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = fakeApi({
      [`GET ${BUSINESS_PATH}/available-days`]: async (request) => {
        await held;
        return { body: monthDays(String(request.query.month), { [today]: 'staff_not_working' }) };
      },
      [`GET ${TIMES_PATH}`]: { body: [] },
    });
    const store = createWizardStore({
      step: 2,
      serviceId: womensCut.id,
      staffChoice: mia.id,
      acted: true,
    });
    renderStep(store, { staffId: mia.id }, api);
    // Today is picked before the month answers (a day nobody works cannot be picked).
    await user.click(await calendarDay(today));
    await screen.findByText('No available times for this date.');
    release();
    expect(
      await screen.findByText(
        "Mia isn't working on this date. Try another date or another staff member.",
      ),
    ).toBeTruthy();
  });

  it('goes Back to step 1 and forgets the day', async () => {
    const store = atStep2();
    const user = userEvent.setup();
    renderStep(store);
    await user.click(await calendarDay(today));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(store.getState()).toMatchObject({ step: 1, date: null, serviceId: womensCut.id });
  });
});
