import { type StoreApi, createStore } from 'zustand';
import { type AvailableTime, type CreateAppointmentResponse } from '@slotwise/contracts';
import { type HeldBooking } from './payment-api';

/**
 * The booking wizard: 1 → 2 when a service is chosen, 2 → 3 when a time is chosen, Back from 3
 * clears the time and the form, Back from 2 clears the date; a successful booking shows the
 * confirmation and 'Book Another Appointment' starts again from step 1. Only what the customer
 * chose and typed lives here; what the API says stays in TanStack Query.
 */
export type WizardStep = 1 | 2 | 3;

export type BookingFormValues = {
  name: string;
  phone: string;
  email: string;
  notes: string;
};

/** Messages the API gave for the typed details, shown beside their fields until edited. */
export type DetailsErrors = Partial<Record<keyof BookingFormValues, string>>;

export interface BookingConfirmation {
  response: CreateAppointmentResponse;
  /** What the customer typed and chose, for the partial confirmation when the response lacks details. */
  name: string;
  phone: string;
  /** The email the confirmation also goes to; null or absent when none was given. */
  email?: string | null;
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
  /** Shown inline on step 3 when the slot was taken meanwhile. */
  bookingError: string | null;
  detailsErrors: DetailsErrors;
  confirmation: BookingConfirmation | null;
  /**
   * A booking held as 'pending payment' while the customer pays the deposit or saves a card; the
   * confirmation follows once Stripe's webhook has confirmed it on the server.
   */
  held: HeldBooking | null;
  /** The customer ticked the box accepting the business's cancellation policy (step 3). */
  policyAccepted: boolean;
  /**
   * The customer has done something: from then on each newly shown step focuses its heading, for
   * keyboard and screen-reader users (but not on the first page load).
   */
  acted: boolean;
}

export interface WizardActions {
  selectService: (serviceId: number) => void;
  selectStaff: (staffId: number | null) => void;
  selectDate: (date: string) => void;
  selectSlot: (slot: AvailableTime) => void;
  backToServices: () => void;
  backToDateTime: () => void;
  /** After a taken slot: back to step 2, keeping what the customer typed. */
  chooseAnotherTime: () => void;
  editForm: (field: keyof BookingFormValues, value: string) => void;
  bookingFailed: (message: string) => void;
  /** The API refused some of the typed details (e.g. a number that cannot be real). */
  detailsRefused: (errors: DetailsErrors) => void;
  booked: (confirmation: BookingConfirmation) => void;
  /** The API held the slot until a payment: the payment step shows. */
  hold: (held: HeldBooking) => void;
  acceptPolicy: (accepted: boolean) => void;
  /** 'Book Another Appointment': everything cleared, back to step 1. */
  reset: () => void;
}

export type Wizard = WizardState & WizardActions;
export type WizardStore = StoreApi<Wizard>;

export const EMPTY_FORM: BookingFormValues = { name: '', phone: '', email: '', notes: '' };

export const initialWizardState: WizardState = {
  step: 1,
  serviceId: null,
  staffChoice: null,
  date: null,
  slot: null,
  form: EMPTY_FORM,
  bookingError: null,
  detailsErrors: {},
  confirmation: null,
  held: null,
  policyAccepted: false,
  acted: false,
};

/** One store per booking page mount, so two visits or two businesses never share a choice. */
export function createWizardStore(initial: Partial<WizardState> = {}): WizardStore {
  return createStore<Wizard>()((set) => ({
    ...initialWizardState,
    ...initial,
    selectService: (serviceId) =>
      // A new service means a new staff list and new times: start step 2 afresh.
      set({
        acted: true,
        step: 2,
        serviceId,
        staffChoice: null,
        date: null,
        slot: null,
        bookingError: null,
        policyAccepted: false,
      }),
    selectStaff: (staffId) => set({ acted: true, staffChoice: staffId, slot: null }),
    selectDate: (date) => set({ acted: true, date, slot: null }),
    selectSlot: (slot) =>
      set((s) =>
        s.serviceId === null || s.date === null
          ? { acted: true }
          : { acted: true, step: 3, slot, bookingError: null },
      ),
    backToServices: () => set({ acted: true, step: 1, date: null, slot: null }),
    backToDateTime: () =>
      set({
        acted: true,
        step: 2,
        slot: null,
        form: EMPTY_FORM,
        bookingError: null,
        detailsErrors: {},
      }),
    chooseAnotherTime: () =>
      set({ acted: true, step: 2, slot: null, bookingError: null, held: null }),
    editForm: (field, value) =>
      set((s) => ({
        acted: true,
        form: { ...s.form, [field]: value },
        // Editing a field answers the API's message about it.
        detailsErrors: s.detailsErrors[field]
          ? { ...s.detailsErrors, [field]: undefined }
          : s.detailsErrors,
      })),
    bookingFailed: (message) => set({ bookingError: message }),
    detailsRefused: (errors) => set({ detailsErrors: errors }),
    booked: (confirmation) =>
      set({ confirmation, held: null, bookingError: null, detailsErrors: {} }),
    hold: (held) => set({ acted: true, held, bookingError: null, detailsErrors: {} }),
    acceptPolicy: (policyAccepted) => set({ acted: true, policyAccepted }),
    reset: () => set({ ...initialWizardState, acted: true }),
  }));
}

/** The staff member a booking is for: the customer's choice, or the only one who offers it. */
export function effectiveStaffId(
  staffChoice: number | null,
  staff: ReadonlyArray<{ id: number }> | undefined,
): number | null {
  if (staffChoice !== null) return staffChoice;
  return staff?.length === 1 && staff[0] ? staff[0].id : null;
}
