import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import { type Business, apiRoutes } from '@slotwise/contracts';
import { toast } from '@slotwise/ui';

export const DIRECTORY_ERROR = 'Failed to load businesses. Please try again later.';

export function useBusinesses() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['businesses'],
    queryFn: async ({ signal }) => {
      try {
        return await api.request(apiRoutes.businesses.list, { signal });
      } catch (error) {
        if (!signal.aborted) {
          toast({ title: 'Error', description: DIRECTORY_ERROR, variant: 'destructive' });
        }
        throw error;
      }
    },
  });
}

/** Card texts, with the fallbacks for what a business has not filled in. */
export function directoryCard(business: Business) {
  return {
    description: business.description?.trim() || 'Quality services to meet your needs',
    location: business.address?.trim() || 'Online',
    hours: business.businessHours?.trim() || 'By appointment',
  };
}
