import { useQuery } from '@tanstack/react-query';
import { NO_CACHE_HEADERS, useApiClient } from '@slotwise/api-client';
import { type BookingPayment, type HeldBookingStatus, apiRoutes } from '@slotwise/contracts';
import { type BookingConfirmation } from './wizard-store';

/** A booking the API holds as `pending_payment` until Stripe's webhook confirms the payment. */
export interface HeldBooking extends BookingPayment {
  appointmentId: number;
  /** The confirmation shown once the server has confirmed the booking (the 201 answer inside). */
  draft: BookingConfirmation;
}

/** What the server says of a held booking now: only `confirmed` means Stripe confirmed it. */
export type HoldStatus = HeldBookingStatus;

/** The held booking behind a 201 answer; null when the booking needed no payment. */
export function heldBooking(draft: BookingConfirmation): HeldBooking | null {
  const { payment, appointment } = draft.response;
  if (!payment || appointment.status !== 'pending_payment') return null;
  return { ...payment, appointmentId: appointment.id, draft };
}

/** The confirmation once the server confirmed the held booking. */
export function confirmedBooking(held: HeldBooking): BookingConfirmation {
  const { response } = held.draft;
  return {
    ...held.draft,
    response: { ...response, appointment: { ...response.appointment, status: 'confirmed' } },
  };
}

/** Polls the held booking every `intervalMs` until the server has confirmed or dropped it. */
export function useHoldStatus(held: HeldBooking, intervalMs: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['held-booking', held.appointmentId, held.clientSecret],
    queryFn: ({ signal }) =>
      api.request(apiRoutes.appointments.paymentStatus, {
        params: { id: held.appointmentId },
        query: { clientSecret: held.clientSecret },
        headers: NO_CACHE_HEADERS,
        signal,
      }),
    retry: 2,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'confirmed' || status === 'expired' || status === 'cancelled'
        ? false
        : intervalMs;
    },
  });
}
