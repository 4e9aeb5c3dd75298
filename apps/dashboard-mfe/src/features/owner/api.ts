import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Business, type UpdateBusinessRequest } from '@slotwise/contracts';
import { useOwner } from './OwnerContext';

export const ownerKeys = {
  business: (userId: string) => ['owner', userId, 'business'] as const,
  services: (businessId: number) => ['owner', 'business', businessId, 'services'] as const,
  staff: (businessId: number) => ['owner', 'business', businessId, 'staff'] as const,
  hours: (businessId: number) => ['owner', 'business', businessId, 'availability'] as const,
};

/** The public booking pages' queries (booking remote) start with ['business']: refresh them too. */
export const PUBLIC_BUSINESS_PREFIX = ['business'] as const;

/** GET /api/business/owner/{userId}: the owner's business, created on first visit. */
export function useOwnerBusiness() {
  const { session, request } = useOwner();
  return useQuery({
    queryKey: ownerKeys.business(session.user.id),
    queryFn: ({ signal }) =>
      request<Business>('GET', `/api/business/owner/${encodeURIComponent(session.user.id)}`, {
        signal,
      }),
  });
}

export function useUpdateBusiness(businessId: number) {
  const { session, request } = useOwner();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateBusinessRequest) =>
      request<Business>('PATCH', `/api/business/${businessId}`, { body: changes }),
    onSuccess: (business) => {
      client.setQueryData(ownerKeys.business(session.user.id), business);
      void client.invalidateQueries({ queryKey: PUBLIC_BUSINESS_PREFIX });
    },
  });
}
