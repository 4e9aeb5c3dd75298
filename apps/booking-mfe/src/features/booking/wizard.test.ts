import { describe, expect, it } from 'vitest';
import { effectiveStaffId, initialWizardState, wizardReducer, type WizardState } from './wizard';

const slot = { time: '9:30 AM', start: '2027-03-04T22:30:00.000Z' };

function run(...actions: Parameters<typeof wizardReducer>[1][]): WizardState {
  return actions.reduce(wizardReducer, initialWizardState);
}

describe('booking wizard', () => {
  it('auto-advances: a service moves to step 2, a time to step 3', () => {
    const afterService = run({ type: 'selectService', serviceId: 7 });
    expect(afterService.step).toBe(2);
    expect(afterService.serviceId).toBe(7);

    const afterTime = wizardReducer(
      wizardReducer(afterService, { type: 'selectDate', date: '2027-03-05' }),
      { type: 'selectSlot', slot },
    );
    expect(afterTime.step).toBe(3);
    expect(afterTime.slot).toEqual(slot);
  });

  it('will not reach step 3 without a service and a date', () => {
    expect(run({ type: 'selectSlot', slot }).step).toBe(1);
    expect(run({ type: 'selectService', serviceId: 1 }, { type: 'selectSlot', slot }).step).toBe(2);
  });

  it('Back from step 3 clears the time and the form and returns to step 2', () => {
    const s = run(
      { type: 'selectService', serviceId: 1 },
      { type: 'selectDate', date: '2027-03-05' },
      { type: 'selectSlot', slot },
      { type: 'editForm', field: 'name', value: 'Alex Citizen' },
      { type: 'backToDateTime' },
    );
    expect(s.step).toBe(2);
    expect(s.slot).toBeNull();
    expect(s.form).toEqual({ name: '', phone: '', notes: '' });
    expect(s.date).toBe('2027-03-05');
  });

  it('Back from step 2 clears the date and returns to step 1', () => {
    const s = run(
      { type: 'selectService', serviceId: 1 },
      { type: 'selectDate', date: '2027-03-05' },
      { type: 'backToServices' },
    );
    expect(s.step).toBe(1);
    expect(s.date).toBeNull();
  });

  it('choosing a new service starts step 2 afresh', () => {
    const s = run(
      { type: 'selectService', serviceId: 1 },
      { type: 'selectStaff', staffId: 4 },
      { type: 'selectDate', date: '2027-03-05' },
      { type: 'backToServices' },
      { type: 'selectService', serviceId: 2 },
    );
    expect(s).toMatchObject({ step: 2, serviceId: 2, staffChoice: null, date: null, slot: null });
  });

  it('keeps the typed details when a taken slot sends the customer back for another time', () => {
    const s = run(
      { type: 'selectService', serviceId: 1 },
      { type: 'selectDate', date: '2027-03-05' },
      { type: 'selectSlot', slot },
      { type: 'editForm', field: 'phone', value: '0400 000 111' },
      { type: 'bookingFailed', message: 'This time slot is already booked' },
    );
    expect(s.bookingError).toBe('This time slot is already booked');
    const again = wizardReducer(s, { type: 'chooseAnotherTime' });
    expect(again).toMatchObject({ step: 2, slot: null, bookingError: null });
    expect(again.form.phone).toBe('0400 000 111');
  });

  it("'Book Another Appointment' clears everything back to step 1", () => {
    const booked = run(
      { type: 'selectService', serviceId: 1 },
      { type: 'selectDate', date: '2027-03-05' },
      { type: 'selectSlot', slot },
      { type: 'editForm', field: 'name', value: 'Alex' },
      {
        type: 'booked',
        confirmation: {
          response: {} as never,
          name: 'Alex',
          phone: '0400',
        },
      },
    );
    expect(booked.confirmation).not.toBeNull();
    expect(wizardReducer(booked, { type: 'reset' })).toEqual(initialWizardState);
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
