import { type QueryClient, type QueryKey, useQuery } from '@tanstack/react-query';
import { NO_CACHE_HEADERS, useApiClient } from '@slotwise/api-client';
import { apiRoutes } from '@slotwise/contracts';
import { toast } from '@slotwise/ui';
import { bookingKeys } from '../../query-keys';

/** True when a mounted component shows this query (so a background re-fetch stays quiet). */
function isOnScreen(client: QueryClient, queryKey: QueryKey): boolean {
  return (client.getQueryCache().find({ queryKey, exact: true })?.getObserversCount() ?? 0) > 0;
}

export interface TimesQuery {
  slug: string;
  date: string | null;
  serviceId: number | null;
  staffId: number | null;
  enabled: boolean;
}

/** Live availability: never served from any cache (nocache parameter and no-cache headers). */
export function useAvailableTimes({ slug, date, serviceId, staffId, enabled }: TimesQuery) {
  const api = useApiClient();
  return useQuery({
    queryKey: bookingKeys.times(slug, date, serviceId, staffId),
    enabled: enabled && date !== null && serviceId !== null,
    staleTime: 0,
    queryFn: async ({ signal, client, queryKey }) => {
      try {
        return await api.request(apiRoutes.availability.timesBySlug, {
          params: { slug },
          query: {
            date: date ?? '',
            serviceId: serviceId ?? 0,
            ...(staffId !== null ? { staffId } : {}),
            nocache: Date.now(),
          },
          headers: NO_CACHE_HEADERS,
          signal,
        });
      } catch (error) {
        if (signal.aborted || !isOnScreen(client, queryKey)) throw error;
        toast({
          title: 'Failed to load available times',
          description: 'Please try again or select a different date.',
          variant: 'destructive',
        });
        throw error;
      }
    },
  });
}
