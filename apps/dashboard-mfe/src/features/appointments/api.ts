import { useCallback, useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import {
  type OwnerAppointment,
  type UpdateAppointmentRequest,
  apiRoutes,
} from '@slotwise/contracts';
import { PUBLIC_BUSINESS_PREFIX } from '../owner/api';
import {
  type ListFilter,
  appointmentsListQuery,
  freshestCopy,
  listPages,
  replaceAppointment,
} from './list';

/** The appointment lists and counts refresh every 60 s while shown. */
export const APPOINTMENTS_REFRESH_MS = 60_000;

export const appointmentKeys = {
  all: (businessId: number) => ['owner', 'business', businessId, 'appointments'] as const,
  list: (businessId: number, q: string, statuses: readonly string[], count: number) =>
    ['owner', 'business', businessId, 'appointments', 'list', q, statuses, count] as const,
  window: (businessId: number, from: string, to: string) =>
    ['owner', 'business', businessId, 'appointments', 'window', from, to] as const,
  counts: (businessId: number) =>
    ['owner', 'business', businessId, 'appointments', 'counts'] as const,
};

/**
 * One slice of the list, newest first, searched and filtered on the server (the table and Recent
 * Appointments): `count` rows at most, fetched in pages the API accepts.
 */
export function useAppointmentList(businessId: number, filter: ListFilter, count: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: appointmentKeys.list(businessId, filter.q.trim(), [...filter.statuses].sort(), count),
    queryFn: async ({ signal }) => {
      const rows: OwnerAppointment[] = [];
      for (const page of listPages(count)) {
        const got = await api.request(apiRoutes.appointments.list, {
          params: { id: businessId },
          query: appointmentsListQuery(filter, page),
          signal,
        });
        rows.push(...got);
        if (got.length < page.limit) break;
      }
      return rows;
    },
    enabled: businessId > 0,
    refetchInterval: APPOINTMENTS_REFRESH_MS,
    // Keeps the rows on screen while a new search or the next page loads.
    placeholderData: (previous) => previous,
  });
}

/** The calendar's visible window only (no history is loaded to draw one week). */
export function useAppointmentsWindow(businessId: number, from: string, to: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: appointmentKeys.window(businessId, from, to),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.appointments.list, {
        params: { id: businessId },
        query: { from, to },
        signal,
      }),
    enabled: businessId > 0,
    refetchInterval: APPOINTMENTS_REFRESH_MS,
    // Keeps the previous period on screen while the next one loads.
    placeholderData: (previous) => previous,
  });
}

export function useAppointmentCounts(businessId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: appointmentKeys.counts(businessId),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.appointments.counts, { params: { id: businessId }, signal }),
    enabled: businessId > 0,
    refetchInterval: APPOINTMENTS_REFRESH_MS,
  });
}

export type AppointmentChange =
  { kind: 'update'; id: number; body: UpdateAppointmentRequest } | { kind: 'cancel'; id: number };

export function useAppointmentMutation(businessId: number) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: AppointmentChange) =>
      change.kind === 'update'
        ? api.request(apiRoutes.appointments.update, {
            params: { id: change.id },
            body: change.body,
          })
        : api.request(apiRoutes.appointments.cancel, { params: { id: change.id } }),
    onSuccess: (updated) => {
      // Every list, window and the open dialog show the change at once; the refetch follows.
      client.setQueriesData({ queryKey: appointmentKeys.all(businessId) }, (data: unknown) =>
        replaceAppointment(data, updated),
      );
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: appointmentKeys.all(businessId) });
      // A cancelled appointment frees its slot on the public booking page.
      void client.invalidateQueries({ queryKey: PUBLIC_BUSINESS_PREFIX });
    },
  });
}

/**
 * The freshest cached copy of the open appointment (after a change, a refresh or the 60 s
 * refetch), whichever list or calendar window holds it; the copy it was opened with otherwise.
 */
export function useFreshAppointment(
  businessId: number,
  appointment: OwnerAppointment | null,
): OwnerAppointment | null {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const snapshot = () => {
    if (!appointment) return null;
    const entries = cache
      .findAll({ queryKey: appointmentKeys.all(businessId) })
      .map((q) => ({ data: q.state.data, updatedAt: q.state.dataUpdatedAt }));
    return freshestCopy(entries, appointment.id) ?? appointment;
  };
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
