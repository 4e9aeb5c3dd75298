import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import { apiRoutes } from '@slotwise/contracts';
import { ownerKeys } from '../owner';

const feedKeys = {
  list: (businessId: number) => [...ownerKeys.ofBusiness(businessId), 'calendar-feeds'] as const,
};

/** The business's and each staff member's feed URLs (made on first use by the API). */
export function useCalendarFeeds(businessId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: feedKeys.list(businessId),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.calendarFeeds.list, { params: { id: businessId }, signal }),
  });
}

/** A new secret URL for one feed; the list is read again. */
export function useRegenerateFeed(businessId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feedId: number) =>
      api.request(apiRoutes.calendarFeeds.regenerate, { params: { id: businessId, feedId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.list(businessId) }),
  });
}
