import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import {
  type CreateServiceRequest,
  type UpdateServiceRequest,
  apiRoutes,
} from '@slotwise/contracts';
import { ownerKeys, PUBLIC_BUSINESS_PREFIX, useRecordMutation } from '../owner';

/** All of the business's services, inactive ones included (the owner's Bearer token asks for them). */
export function useOwnerServices(businessId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: ownerKeys.services(businessId),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.services.listById, { params: { id: businessId }, signal }),
  });
}

export function useServiceMutation(businessId: number) {
  const api = useApiClient();
  return useRecordMutation<CreateServiceRequest, UpdateServiceRequest>(
    {
      create: (body) => api.request(apiRoutes.services.create, { body }),
      update: (id, body) => api.request(apiRoutes.services.update, { params: { id }, body }),
      remove: (id) => api.request(apiRoutes.services.remove, { params: { id } }),
    },
    // Staff cards list service names, and the public booking page lists active services.
    [ownerKeys.services(businessId), ownerKeys.staff(businessId), PUBLIC_BUSINESS_PREFIX],
  );
}
