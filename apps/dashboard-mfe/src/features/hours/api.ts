import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Availability, type WeeklyHoursRequest } from '@slotwise/contracts';
import { PUBLIC_BUSINESS_PREFIX, ownerKeys } from '../owner/api';
import { useOwner } from '../owner/OwnerContext';

export function useWeeklyHours(businessId: number) {
  const { request } = useOwner();
  return useQuery({
    queryKey: ownerKeys.hours(businessId),
    queryFn: ({ signal }) =>
      request<Availability[]>('GET', `/api/business/${businessId}/availability`, { signal }),
  });
}

/** PUT all seven days (decision 4: a real save; the public times follow at once). */
export function useSaveWeeklyHours(businessId: number) {
  const { request, session } = useOwner();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (days: WeeklyHoursRequest) =>
      request<Availability[]>('PUT', `/api/business/${businessId}/availability`, { body: days }),
    onSuccess: (saved) => {
      if (Array.isArray(saved)) client.setQueryData(ownerKeys.hours(businessId), saved);
      else void client.invalidateQueries({ queryKey: ownerKeys.hours(businessId) });
      // The business's hours summary and the public available times change with the hours.
      void client.invalidateQueries({ queryKey: ownerKeys.business(session.user.id) });
      void client.invalidateQueries({ queryKey: PUBLIC_BUSINESS_PREFIX });
    },
  });
}
