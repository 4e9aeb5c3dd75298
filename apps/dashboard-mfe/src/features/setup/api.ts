import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import { apiRoutes } from '@slotwise/contracts';
import { ownerKeys } from '../owner';

/**
 * The business's services and weekly hours, under the keys Settings uses (so a change there shows
 * here), asked only when `enabled`: a published business is known to have both.
 */
export function useSetupData(businessId: number, enabled: boolean) {
  const api = useApiClient();
  const services = useQuery({
    queryKey: ownerKeys.services(businessId),
    enabled,
    queryFn: ({ signal }) =>
      api.request(apiRoutes.services.listById, { params: { id: businessId }, signal }),
  });
  const hours = useQuery({
    queryKey: ownerKeys.hours(businessId),
    enabled,
    queryFn: ({ signal }) =>
      api.request(apiRoutes.availability.weeklyHours, { params: { id: businessId }, signal }),
  });
  return { services, hours };
}
