import { type AvailableTime, type CreateAppointmentResponse } from '@slotwise/contracts';

/**
 * The booking wizard (spec section 4): 1 → 2 when a service is chosen, 2 → 3 when a time is chosen,
 * Back from 3 clears the time and the form, Back from 2 clears the date; a successful booking shows
 * the confirmation and 'Book Another Appointment' starts again from step 1.
 */
export type WizardStep = 1 | 2 | 3;

export interface BookingFormValues {
  name: string;
  phone: string;
  notes: string;
}

export interface BookingConfirmation {
  response: CreateAppointmentResponse;
  /** What the customer typed and chose, for the partial confirmation when the response lacks details. */
  name: string;
  phone: string;
  serviceName?: string;
  /** The booked slot's start instant. */
  start?: string;
}

export interface WizardState {
  step: WizardStep;
  serviceId: number | null;
  /** The customer's explicit staff choice; null means 'Any available'. */
  staffChoice: number | null;
  /** The day in the business's zone, 'YYYY-MM-DD'. */
  date: string | null;
  slot: AvailableTime | null;
  form: BookingFormValues;
  /** Shown inline on step 3, e.g. when the slot was taken meanwhile (409). */
  bookingError: string | null;
  confirmation: BookingConfirmation | null;
}

export type WizardAction =
  | { type: 'selectService'; serviceId: number }
  | { type: 'selectStaff'; staffId: number | null }
  | { type: 'selectDate'; date: string }
  | { type: 'selectSlot'; slot: AvailableTime }
  | { type: 'backToServices' }
  | { type: 'backToDateTime' }
  | { type: 'chooseAnotherTime' }
  | { type: 'editForm'; field: keyof BookingFormValues; value: string }
  | { type: 'bookingFailed'; message: string }
  | { type: 'booked'; confirmation: BookingConfirmation }
  | { type: 'reset' };

export const EMPTY_FORM: BookingFormValues = { name: '', phone: '', notes: '' };

export const initialWizardState: WizardState = {
  step: 1,
  serviceId: null,
  staffChoice: null,
  date: null,
  slot: null,
  form: EMPTY_FORM,
  bookingError: null,
  confirmation: null,
};

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'selectService':
      // A new service means a new staff list and new times: start step 2 afresh.
      return {
        ...state,
        step: 2,
        serviceId: action.serviceId,
        staffChoice: null,
        date: null,
        slot: null,
        bookingError: null,
      };
    case 'selectStaff':
      return { ...state, staffChoice: action.staffId, slot: null };
    case 'selectDate':
      return { ...state, date: action.date, slot: null };
    case 'selectSlot':
      if (state.serviceId === null || state.date === null) return state;
      return { ...state, step: 3, slot: action.slot, bookingError: null };
    case 'backToServices':
      return { ...state, step: 1, date: null, slot: null };
    case 'backToDateTime':
      return { ...state, step: 2, slot: null, form: EMPTY_FORM, bookingError: null };
    case 'chooseAnotherTime':
      // After a conflict the customer keeps what they typed and only picks a new time.
      return { ...state, step: 2, slot: null, bookingError: null };
    case 'editForm':
      return { ...state, form: { ...state.form, [action.field]: action.value } };
    case 'bookingFailed':
      return { ...state, bookingError: action.message };
    case 'booked':
      return { ...state, confirmation: action.confirmation, bookingError: null };
    case 'reset':
      return initialWizardState;
  }
}

/** The staff member a booking is for: the customer's choice, or the only one who offers it. */
export function effectiveStaffId(
  staffChoice: number | null,
  staff: ReadonlyArray<{ id: number }> | undefined,
): number | null {
  if (staffChoice !== null) return staffChoice;
  return staff?.length === 1 && staff[0] ? staff[0].id : null;
}
