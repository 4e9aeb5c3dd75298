import { useCallback, useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import {
  type AppointmentStatus,
  type OwnerAppointment,
  type OwnerCreateAppointmentRequest,
  type UpdateAppointmentRequest,
  addDays,
  MONTH_PREVIEW_PER_DAY,
  apiRoutes,
  todayInZone,
} from '@slotwise/contracts';
import { PUBLIC_BUSINESS_PREFIX, zonedInstant } from '../owner';
import { paymentKeys } from '../payments';
import {
  type ListFilter,
  appointmentsListQuery,
  freshestCopy,
  listPages,
  replaceAppointment,
  soonestFirst,
  soonestOf,
} from './list';

/** The appointment lists and counts refresh every 60 s while shown. */
export const APPOINTMENTS_REFRESH_MS = 60_000;

export const appointmentKeys = {
  all: (businessId: number) => ['owner', 'business', businessId, 'appointments'] as const,
  list: (businessId: number, filter: ListFilter, count: number) =>
    [
      'owner',
      'business',
      businessId,
      'appointments',
      'list',
      filter.q.trim(),
      [...filter.statuses].sort(),
      filter.from ?? '',
      filter.to ?? '',
      count,
    ] as const,
  agenda: (businessId: number, kind: AgendaKind, day: string, q: string) =>
    ['owner', 'business', businessId, 'appointments', 'agenda', kind, day, q] as const,
  /** Under the appointments' key: every booking, move or cancellation refreshes them. */
  times: (businessId: number, day: string, serviceId: number, staffId: number | null) =>
    ['owner', 'business', businessId, 'appointments', 'times', day, serviceId, staffId] as const,
  window: (businessId: number, from: string, to: string) =>
    ['owner', 'business', businessId, 'appointments', 'window', from, to] as const,
  days: (businessId: number, from: string, to: string, staffId: number | null, q: string) =>
    ['owner', 'business', businessId, 'appointments', 'days', from, to, staffId, q] as const,
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
    queryKey: appointmentKeys.list(businessId, filter, count),
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
export function useAppointmentsWindow(
  businessId: number,
  from: string,
  to: string,
  enabled = true,
) {
  const api = useApiClient();
  return useQuery({
    queryKey: appointmentKeys.window(businessId, from, to),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.appointments.list, {
        params: { id: businessId },
        query: { from, to },
        signal,
      }),
    enabled: enabled && businessId > 0,
    refetchInterval: APPOINTMENTS_REFRESH_MS,
    // Keeps the previous period on screen while the next one loads.
    placeholderData: (previous) => previous,
  });
}

/**
 * The month grid's days: each day's first few appointments and its total, narrowed on the server
 * by staff member and search, so a busy month sends a few rows a day instead of thousands.
 */
export function useAppointmentDays(
  businessId: number,
  window: { from: string; to: string },
  filter: { staffId: number | null; search: string },
  enabled: boolean,
) {
  const api = useApiClient();
  const q = filter.search.trim();
  return useQuery({
    queryKey: appointmentKeys.days(businessId, window.from, window.to, filter.staffId, q),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.appointments.days, {
        params: { id: businessId },
        query: {
          ...window,
          perDay: MONTH_PREVIEW_PER_DAY,
          ...(filter.staffId !== null ? { staffId: filter.staffId } : {}),
          ...(q ? { q } : {}),
        },
        signal,
      }),
    enabled: enabled && businessId > 0,
    refetchInterval: APPOINTMENTS_REFRESH_MS,
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

export type AgendaKind = 'today' | 'upcoming';

/** The Upcoming list: the next few after today. */
export const UPCOMING_COUNT = 5;
/** How far ahead Upcoming looks (the booking window is at most about this long). */
const UPCOMING_DAYS = 366;
/** Today lists what happened or will: everything but cancellations. */
const TODAY_STATUSES: readonly AppointmentStatus[] = [
  'pending',
  'confirmed',
  'completed',
  'no_show',
];
/** Upcoming lists what is still to come. */
const UPCOMING_STATUSES: readonly AppointmentStatus[] = ['pending', 'confirmed'];

/**
 * Today's appointments (the business's own day) or the next few after it, soonest first, searched
 * like the table.
 */
export function useAgenda(businessId: number, kind: AgendaKind, timeZone: string, q: string) {
  const api = useApiClient();
  const today = todayInZone(timeZone);
  const search = q.trim();
  return useQuery({
    queryKey: appointmentKeys.agenda(businessId, kind, today, search),
    queryFn: ({ signal }) => {
      const fetchPage = (filter: ListFilter, limit: number) =>
        api.request(apiRoutes.appointments.list, {
          params: { id: businessId },
          query: appointmentsListQuery(filter, { limit, offset: 0 }),
          signal,
        });
      const tomorrow = zonedInstant(addDays(today, 1), '00:00', timeZone);
      if (kind === 'today') {
        const from = zonedInstant(today, '00:00', timeZone);
        return fetchPage({ q: search, statuses: TODAY_STATUSES, from, to: tomorrow }, 500).then(
          soonestFirst,
        );
      }
      const to = zonedInstant(addDays(today, UPCOMING_DAYS), '00:00', timeZone);
      return soonestOf(
        fetchPage,
        { q: search, statuses: UPCOMING_STATUSES, from: tomorrow, to },
        UPCOMING_COUNT,
      );
    },
    enabled: businessId > 0,
    refetchInterval: APPOINTMENTS_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}

/** The owner's clients whose name or phone number holds `q` (two characters at least). */
export function useClientSearch(businessId: number, q: string) {
  const api = useApiClient();
  const search = q.trim();
  return useQuery({
    queryKey: [...CLIENTS_PREFIX(businessId), 'picker', search] as const,
    queryFn: ({ signal }) =>
      api.request(apiRoutes.customers.list, {
        params: { id: businessId },
        query: { q: search, limit: CLIENT_MATCHES },
        signal,
      }),
    enabled: businessId > 0 && search.length >= 2,
    placeholderData: (previous) => previous,
  });
}

/** Matches the client picker offers at once. */
export const CLIENT_MATCHES = 8;
/** The Clients tab's queries start with this: a booking can add a client. */
const CLIENTS_PREFIX = (businessId: number) =>
  ['owner', 'business', businessId, 'clients'] as const;

/**
 * The free times of a day for a service (and staff member), as the public booking page offers
 * them: the Move dialog's quick picks.
 */
export function useFreeTimes(
  businessId: number,
  day: string,
  serviceId: number,
  staffId: number | null,
) {
  const api = useApiClient();
  return useQuery({
    queryKey: appointmentKeys.times(businessId, day, serviceId, staffId),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.availability.timesById, {
        params: { id: businessId },
        query: { date: day, serviceId, ...(staffId ? { staffId } : {}) },
        signal,
      }),
    enabled: businessId > 0 && /^\d{4}-\d{2}-\d{2}$/.test(day) && serviceId > 0,
  });
}

/** The owner books a phone or walk-in client; every list, window and count refreshes. */
export function useCreateAppointment(businessId: number) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OwnerCreateAppointmentRequest) =>
      api.request(apiRoutes.appointments.ownerCreate, { params: { id: businessId }, body }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: appointmentKeys.all(businessId) });
      void client.invalidateQueries({ queryKey: CLIENTS_PREFIX(businessId) });
      void client.invalidateQueries({ queryKey: PUBLIC_BUSINESS_PREFIX });
    },
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
      // A no-show charges its fee and a cancellation refunds a deposit.
      void client.invalidateQueries({ queryKey: paymentKeys.status(businessId) });
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
