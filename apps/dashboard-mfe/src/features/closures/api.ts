import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import {
  type CreateClosureRequest,
  type SpecialHoursRequest,
  apiRoutes,
} from '@slotwise/contracts';
import { ownerKeys, PUBLIC_BUSINESS_PREFIX } from '../owner';

export const closureKeys = {
  all: (businessId: number) => [...ownerKeys.ofBusiness(businessId), 'closures'] as const,
  closures: (businessId: number) => [...closureKeys.all(businessId), 'list'] as const,
  holidays: (businessId: number) => [...closureKeys.all(businessId), 'holidays'] as const,
  specialHours: (businessId: number) => [...closureKeys.all(businessId), 'special-hours'] as const,
};

export function useClosures(businessId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: closureKeys.closures(businessId),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.availability.closures, { params: { id: businessId }, signal }),
  });
}

/** The public holidays of the business's state ahead, each marked when already closed. */
export function useHolidays(businessId: number, region: string) {
  const api = useApiClient();
  return useQuery({
    // The state is in the key: changing it in Settings lists the new state's holidays.
    queryKey: [...closureKeys.holidays(businessId), region],
    queryFn: ({ signal }) =>
      api.request(apiRoutes.availability.holidays, { params: { id: businessId }, signal }),
  });
}

export function useSpecialHours(businessId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: closureKeys.specialHours(businessId),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.availability.specialHours, { params: { id: businessId }, signal }),
  });
}

export type ClosureChange =
  | { kind: 'add-closure'; body: CreateClosureRequest }
  | { kind: 'remove-closure'; id: number }
  | { kind: 'set-special-hours'; body: SpecialHoursRequest }
  | { kind: 'remove-special-hours'; date: string };

/**
 * Adds or removes a closure or a date's special hours, then refreshes the lists (holidays show
 * whether they are closed) and the public booking pages.
 */
export function useClosureMutation(businessId: number) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ClosureChange): Promise<unknown> => {
      const params = { id: businessId };
      switch (change.kind) {
        case 'add-closure':
          return api.request(apiRoutes.availability.createClosure, { params, body: change.body });
        case 'remove-closure':
          return api.request(apiRoutes.availability.removeClosure, {
            params: { ...params, closureId: change.id },
          });
        case 'set-special-hours':
          return api.request(apiRoutes.availability.setSpecialHours, {
            params,
            body: change.body,
          });
        case 'remove-special-hours':
          return api.request(apiRoutes.availability.removeSpecialHours, {
            params: { ...params, date: change.date },
          });
      }
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: closureKeys.all(businessId) });
      void client.invalidateQueries({ queryKey: PUBLIC_BUSINESS_PREFIX });
    },
  });
}
