import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateServiceRequest,
  type Service,
  type UpdateServiceRequest,
} from '@slotwise/contracts';
import { PUBLIC_BUSINESS_PREFIX, ownerKeys } from '../owner/api';
import { useOwner } from '../owner/OwnerContext';

/** All of the business's services, inactive ones included (the owner's Bearer token asks for them). */
export function useOwnerServices(businessId: number) {
  const { request } = useOwner();
  return useQuery({
    queryKey: ownerKeys.services(businessId),
    queryFn: ({ signal }) =>
      request<Service[]>('GET', `/api/business/${businessId}/services`, { signal }),
  });
}

export type ServiceChange =
  | { kind: 'create'; body: CreateServiceRequest }
  | { kind: 'update'; id: number; body: UpdateServiceRequest }
  | { kind: 'delete'; id: number };

export function useServiceMutation(businessId: number) {
  const { request } = useOwner();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ServiceChange): Promise<unknown> => {
      if (change.kind === 'create')
        return request<Service>('POST', '/api/services', { body: change.body });
      if (change.kind === 'update') {
        return request<Service>('PATCH', `/api/services/${change.id}`, { body: change.body });
      }
      return request<void>('DELETE', `/api/services/${change.id}`);
    },
    onSettled: () => {
      // Staff cards list service names, and the public booking page lists active services.
      void client.invalidateQueries({ queryKey: ownerKeys.services(businessId) });
      void client.invalidateQueries({ queryKey: ownerKeys.staff(businessId) });
      void client.invalidateQueries({ queryKey: PUBLIC_BUSINESS_PREFIX });
    },
  });
}
