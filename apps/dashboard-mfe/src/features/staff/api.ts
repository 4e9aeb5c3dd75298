import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import {
  type CreateStaffRequest,
  type CreateTimeOffRequest,
  type StaffHoursRequest,
  type UpdateStaffRequest,
  apiRoutes,
} from '@slotwise/contracts';
import { ownerKeys, PUBLIC_BUSINESS_PREFIX, useRecordMutation } from '../owner';

export const staffKeys = {
  member: (staffId: number) => ['owner', 'staff', staffId] as const,
  hours: (staffId: number) => [...staffKeys.member(staffId), 'availability'] as const,
  timeOff: (staffId: number) => [...staffKeys.member(staffId), 'time-off'] as const,
  upcoming: (staffId: number) => [...staffKeys.member(staffId), 'upcoming-appointments'] as const,
};

/** All staff (inactive too) with their contact details: the owner's view. */
export function useOwnerStaff(businessId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: ownerKeys.staff(businessId),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.staff.listById, { params: { id: businessId }, signal }),
  });
}

export function useStaffMutation(businessId: number) {
  const api = useApiClient();
  return useRecordMutation<CreateStaffRequest, UpdateStaffRequest>(
    {
      create: (body) => api.request(apiRoutes.staff.create, { body }),
      update: (id, body) => api.request(apiRoutes.staff.update, { params: { id }, body }),
      remove: (id) => api.request(apiRoutes.staff.remove, { params: { id } }),
    },
    [ownerKeys.staff(businessId), PUBLIC_BUSINESS_PREFIX],
  );
}

/** The person's bookings still to come, soonest first: asked before they are removed. */
export function useUpcomingOfStaff(staffId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: staffKeys.upcoming(staffId ?? 0),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.staff.upcomingAppointments, { params: { id: staffId! }, signal }),
    enabled: staffId !== null,
    // Always asked afresh: a booking made a minute ago must be in the list.
    staleTime: 0,
    gcTime: 0,
  });
}

/** What becomes of a leaving person's upcoming bookings (the API asks when they have any). */
export type UpcomingDecision = { upcoming: 'cancel' } | { upcoming: 'reassign'; to: number };

/** Removes a staff member, with a decision about their upcoming bookings when they have any. */
export function useRemoveStaff(businessId: number) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision?: UpcomingDecision }) =>
      api.request(apiRoutes.staff.remove, {
        params: { id },
        ...(decision ? { query: decision } : {}),
      }),
    onSettled: () => {
      // Staff, appointments (reassigned or cancelled), clients' next visits: all of the business.
      void client.invalidateQueries({ queryKey: ownerKeys.ofBusiness(businessId) });
      void client.invalidateQueries({ queryKey: PUBLIC_BUSINESS_PREFIX });
    },
  });
}

/** The person's working week: their own hours, or the business's when they have none. */
export function useStaffHours(staffId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: staffKeys.hours(staffId),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.availability.staffHours, { params: { id: staffId }, signal }),
  });
}

/** Own hours (PUT), or null: back to the business's hours (DELETE). */
export function useSaveStaffHours(staffId: number) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (days: StaffHoursRequest | null) =>
      days === null
        ? api.request(apiRoutes.availability.clearStaffHours, { params: { id: staffId } })
        : api.request(apiRoutes.availability.replaceStaffHours, {
            params: { id: staffId },
            body: days,
          }),
    onSuccess: (saved) => {
      client.setQueryData(staffKeys.hours(staffId), saved);
      // The public available times follow the person's hours.
      void client.invalidateQueries({ queryKey: PUBLIC_BUSINESS_PREFIX });
    },
  });
}

export function useTimeOff(staffId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: staffKeys.timeOff(staffId),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.availability.timeOff, { params: { id: staffId }, signal }),
  });
}

/** Adds or removes time off, then refreshes the list and the public times. */
export function useTimeOffMutation(staffId: number) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      change: { kind: 'add'; body: CreateTimeOffRequest } | { kind: 'remove'; id: number },
    ): Promise<unknown> =>
      change.kind === 'add'
        ? api.request(apiRoutes.availability.createTimeOff, {
            params: { id: staffId },
            body: change.body,
          })
        : api.request(apiRoutes.availability.removeTimeOff, {
            params: { id: staffId, timeOffId: change.id },
          }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: staffKeys.timeOff(staffId) });
      void client.invalidateQueries({ queryKey: PUBLIC_BUSINESS_PREFIX });
    },
  });
}
