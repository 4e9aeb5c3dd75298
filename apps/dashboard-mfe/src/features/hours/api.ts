import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import { type WeeklyHoursRequest, apiRoutes } from '@slotwise/contracts';
import { ownerKeys, PUBLIC_BUSINESS_PREFIX, useOwner } from '../owner';

export function useWeeklyHours(businessId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: ownerKeys.hours(businessId),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.availability.weeklyHours, { params: { id: businessId }, signal }),
  });
}

/** PUT all seven days: a real save, and the public available times follow at once. */
export function useSaveWeeklyHours(businessId: number) {
  const { session } = useOwner();
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (days: WeeklyHoursRequest) =>
      api.request(apiRoutes.availability.replaceWeeklyHours, {
        params: { id: businessId },
        body: days,
      }),
    onSuccess: (saved) => {
      if (Array.isArray(saved)) client.setQueryData(ownerKeys.hours(businessId), saved);
      else void client.invalidateQueries({ queryKey: ownerKeys.hours(businessId) });
      // The business's hours summary and the public available times change with the hours.
      void client.invalidateQueries({ queryKey: ownerKeys.business(session.user.id) });
      void client.invalidateQueries({ queryKey: PUBLIC_BUSINESS_PREFIX });
    },
  });
}
