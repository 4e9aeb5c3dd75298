import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import { type CreateStaffRequest, type UpdateStaffRequest, apiRoutes } from '@slotwise/contracts';
import { PUBLIC_BUSINESS_PREFIX, ownerKeys, useRecordMutation } from '../owner/api';

/** All staff (inactive too) with their contact details: the owner's view. */
export function useOwnerStaff(businessId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: ownerKeys.staff(businessId),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.staff.listById, { params: { id: businessId }, signal }),
  });
}

export function useStaffMutation(businessId: number) {
  const api = useApiClient();
  return useRecordMutation<CreateStaffRequest, UpdateStaffRequest>(
    {
      create: (body) => api.request(apiRoutes.staff.create, { body }),
      update: (id, body) => api.request(apiRoutes.staff.update, { params: { id }, body }),
      remove: (id) => api.request(apiRoutes.staff.remove, { params: { id } }),
    },
    [ownerKeys.staff(businessId), PUBLIC_BUSINESS_PREFIX],
  );
}
