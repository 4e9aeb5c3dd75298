import { useQuery } from '@tanstack/react-query';
import { type Business } from '@slotwise/contracts';
import { apiGet, toast } from '@slotwise/ui';

export const DIRECTORY_ERROR = 'Failed to load businesses. Please try again later.';

export function useBusinesses() {
  return useQuery({
    queryKey: ['businesses'],
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<Business[]>('/api/businesses', { signal });
      } catch (error) {
        if (!signal.aborted) {
          toast({ title: 'Error', description: DIRECTORY_ERROR, variant: 'destructive' });
        }
        throw error;
      }
    },
  });
}

/** Card texts with the spec's fallbacks (section 2, business directory). */
export function directoryCard(business: Business) {
  return {
    description: business.description?.trim() || 'Quality services to meet your needs',
    location: business.address?.trim() || 'Online',
    hours: business.businessHours?.trim() || 'By appointment',
  };
}
