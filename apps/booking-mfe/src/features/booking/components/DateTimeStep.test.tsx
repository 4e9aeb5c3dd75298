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
        timeZone={business.timeZone}
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
