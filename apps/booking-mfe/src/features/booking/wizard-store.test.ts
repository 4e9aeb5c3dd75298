import { describe, expect, it } from 'vitest';
import {
  type WizardState,
  createWizardStore,
  effectiveStaffId,
  initialWizardState,
} from './wizard-store';

const slot = { time: '9:30 AM', start: '2027-03-04T22:30:00.000Z', timeZoneName: 'AEDT' };

/** The data part of the store (what the screens show), without the actions. */
function data(store: ReturnType<typeof createWizardStore>): WizardState {
  const state = store.getState();
  const keys = Object.keys(initialWizardState) as (keyof WizardState)[];
  return Object.fromEntries(keys.map((key) => [key, state[key]])) as unknown as WizardState;
}

describe('booking wizard store', () => {
  it('starts on step 1 with nothing chosen, and only the customer’s actions mark it acted', () => {
    const store = createWizardStore();
    expect(data(store)).toEqual(initialWizardState);
    store.getState().bookingFailed('x');
    expect(store.getState().acted).toBe(false);
    store.getState().selectService(7);
    expect(store.getState().acted).toBe(true);
  });

  it('auto-advances: a service moves to step 2, a time to step 3', () => {
    const store = createWizardStore();
    const w = () => store.getState();
    w().selectService(7);
    expect(w()).toMatchObject({ step: 2, serviceId: 7 });
    w().selectDate('2027-03-05');
    w().selectSlot(slot);
    expect(w()).toMatchObject({ step: 3, slot });
  });

  it('will not reach step 3 without a service and a date', () => {
    const store = createWizardStore();
    store.getState().selectSlot(slot);
    expect(store.getState().step).toBe(1);
    store.getState().selectService(1);
    store.getState().selectSlot(slot);
    expect(store.getState()).toMatchObject({ step: 2, slot: null });
  });

  it('a new staff choice or day clears the chosen time', () => {
    const store = createWizardStore({ step: 2, serviceId: 1, date: '2027-03-05', slot });
    store.getState().selectStaff(4);
    expect(store.getState()).toMatchObject({ staffChoice: 4, slot: null });
    store.setState({ slot });
    store.getState().selectDate('2027-03-06');
    expect(store.getState()).toMatchObject({ date: '2027-03-06', slot: null });
  });

  it('Back from step 3 clears the time and the form and returns to step 2', () => {
    const store = createWizardStore();
    const w = () => store.getState();
    w().selectService(1);
    w().selectDate('2027-03-05');
    w().selectSlot(slot);
    w().editForm('name', 'Alex Citizen');
    expect(w().form.name).toBe('Alex Citizen');
    w().backToDateTime();
    expect(w()).toMatchObject({
      step: 2,
      slot: null,
      date: '2027-03-05',
      form: { name: '', phone: '', email: '', notes: '' },
    });
  });

  it('keeps the API’s messages about the details until the customer edits that field', () => {
    const store = createWizardStore({ step: 3, serviceId: 1, date: '2027-03-05', slot });
    const w = () => store.getState();
    w().detailsRefused({ phone: 'Please enter a valid phone number', email: 'Bad address' });
    w().editForm('name', 'Alex');
    expect(w().detailsErrors).toEqual({
      phone: 'Please enter a valid phone number',
      email: 'Bad address',
    });
    w().editForm('phone', '0412 345 678');
    expect(w().detailsErrors).toMatchObject({ phone: undefined, email: 'Bad address' });
    w().backToDateTime();
    expect(w().detailsErrors).toEqual({});
  });

  it('Back from step 2 clears the date and returns to step 1', () => {
    const store = createWizardStore();
    store.getState().selectService(1);
    store.getState().selectDate('2027-03-05');
    store.getState().backToServices();
    expect(store.getState()).toMatchObject({ step: 1, date: null, serviceId: 1 });
  });

  it('choosing a new service starts step 2 afresh', () => {
    const store = createWizardStore();
    const w = () => store.getState();
    w().selectService(1);
    w().selectStaff(4);
    w().selectDate('2027-03-05');
    w().backToServices();
    w().selectService(2);
    expect(w()).toMatchObject({ step: 2, serviceId: 2, staffChoice: null, date: null, slot: null });
  });

  it('keeps the typed details when a taken slot sends the customer back for another time', () => {
    const store = createWizardStore();
    const w = () => store.getState();
    w().selectService(1);
    w().selectDate('2027-03-05');
    w().selectSlot(slot);
    w().editForm('phone', '0400 000 111');
    w().bookingFailed('This time slot is already booked');
    expect(w().bookingError).toBe('This time slot is already booked');
    w().chooseAnotherTime();
    expect(w()).toMatchObject({ step: 2, slot: null, bookingError: null });
    expect(w().form.phone).toBe('0400 000 111');
    // A new time clears nothing the customer typed either.
    w().selectSlot(slot);
    expect(w()).toMatchObject({ step: 3, form: { phone: '0400 000 111' } });
  });

  it("'Book Another Appointment' clears everything back to step 1", () => {
    const store = createWizardStore();
    const w = () => store.getState();
    w().selectService(1);
    w().selectDate('2027-03-05');
    w().selectSlot(slot);
    w().editForm('name', 'Alex');
    w().booked({ response: {} as never, name: 'Alex', phone: '0400' });
    expect(w().confirmation).not.toBeNull();
    w().reset();
    // Still 'acted': the first step's heading takes the focus, as after any other move.
    expect(data(store)).toEqual({ ...initialWizardState, acted: true });
  });

  it('gives each store its own state', () => {
    const first = createWizardStore();
    const second = createWizardStore();
    first.getState().selectService(3);
    expect(second.getState()).toMatchObject({ step: 1, serviceId: null });
  });
});

describe('effectiveStaffId', () => {
  it('selects the only staff member automatically', () => {
    expect(effectiveStaffId(null, [{ id: 9 }])).toBe(9);
  });
  it("keeps 'Any available' when several can do it, and honours an explicit choice", () => {
    expect(effectiveStaffId(null, [{ id: 1 }, { id: 2 }])).toBeNull();
    expect(effectiveStaffId(2, [{ id: 1 }, { id: 2 }])).toBe(2);
    expect(effectiveStaffId(null, [])).toBeNull();
    expect(effectiveStaffId(null, undefined)).toBeNull();
  });
});
