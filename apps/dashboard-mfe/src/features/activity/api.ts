import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import { apiRoutes } from '@slotwise/contracts';

/** Entries a page of Settings → Activity shows. */
export const ACTIVITY_PAGE_SIZE = 25;

export const activityKeys = {
  page: (businessId: number, before: number | null) =>
    ['owner', 'business', businessId, 'activity', before ?? 'newest'] as const,
};

/** One page of the activity log, newest first, older than `before` (null: the newest). */
export function useActivityPage(businessId: number, before: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: activityKeys.page(businessId, before),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.activity.list, {
        params: { id: businessId },
        query: { limit: ACTIVITY_PAGE_SIZE, ...(before ? { before } : {}) },
        signal,
      }),
    enabled: businessId > 0,
  });
}
