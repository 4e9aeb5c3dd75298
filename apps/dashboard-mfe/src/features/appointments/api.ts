import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AppointmentCounts,
  type OwnerAppointment,
  type UpdateAppointmentRequest,
} from '@slotwise/contracts';
import { PUBLIC_BUSINESS_PREFIX } from '../owner/api';
import { useOwner } from '../owner/OwnerContext';

/** Spec section 9: the appointment list refreshes every 60 s. */
export const APPOINTMENTS_REFRESH_MS = 60_000;

export const appointmentKeys = {
  all: (businessId: number) => ['owner', 'business', businessId, 'appointments'] as const,
  list: (businessId: number) => ['owner', 'business', businessId, 'appointments', 'list'] as const,
  window: (businessId: number, from: string, to: string) =>
    ['owner', 'business', businessId, 'appointments', 'window', from, to] as const,
  counts: (businessId: number) =>
    ['owner', 'business', businessId, 'appointments', 'counts'] as const,
};

export function useAppointments(businessId: number) {
  const { request } = useOwner();
  return useQuery({
    queryKey: appointmentKeys.list(businessId),
    queryFn: ({ signal }) =>
      request<OwnerAppointment[]>('GET', `/api/business/${businessId}/appointments`, { signal }),
    enabled: businessId > 0,
    refetchInterval: APPOINTMENTS_REFRESH_MS,
  });
}

/** The calendar's visible window only (no history is loaded to draw one week). */
export function useAppointmentsWindow(businessId: number, from: string, to: string) {
  const { request } = useOwner();
  return useQuery({
    queryKey: appointmentKeys.window(businessId, from, to),
    queryFn: ({ signal }) =>
      request<OwnerAppointment[]>(
        'GET',
        `/api/business/${businessId}/appointments?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        { signal },
      ),
    enabled: businessId > 0,
    refetchInterval: APPOINTMENTS_REFRESH_MS,
    // Keeps the previous period on screen while the next one loads.
    placeholderData: (previous) => previous,
  });
}

export function useAppointmentCounts(businessId: number) {
  const { request } = useOwner();
  return useQuery({
    queryKey: appointmentKeys.counts(businessId),
    queryFn: ({ signal }) =>
      request<AppointmentCounts>('GET', `/api/business/${businessId}/appointment-counts`, {
        signal,
      }),
    enabled: businessId > 0,
    refetchInterval: APPOINTMENTS_REFRESH_MS,
  });
}

export type AppointmentChange =
  { kind: 'update'; id: number; body: UpdateAppointmentRequest } | { kind: 'cancel'; id: number };

export function useAppointmentMutation(businessId: number) {
  const { request } = useOwner();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: AppointmentChange) =>
      change.kind === 'update'
        ? request<OwnerAppointment>('PATCH', `/api/appointments/${change.id}`, {
            body: change.body,
          })
        : request<OwnerAppointment>('DELETE', `/api/appointments/${change.id}`),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: appointmentKeys.all(businessId) });
      // A cancelled appointment frees its slot on the public booking page.
      void client.invalidateQueries({ queryKey: PUBLIC_BUSINESS_PREFIX });
    },
  });
}
