import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateStaffRequest,
  type StaffMember,
  type UpdateStaffRequest,
} from '@slotwise/contracts';
import { PUBLIC_BUSINESS_PREFIX, ownerKeys } from '../owner/api';
import { useOwner } from '../owner/OwnerContext';

/** All staff (inactive too) with their contact details: the owner's view. */
export function useOwnerStaff(businessId: number) {
  const { request } = useOwner();
  return useQuery({
    queryKey: ownerKeys.staff(businessId),
    queryFn: ({ signal }) =>
      request<StaffMember[]>('GET', `/api/business/${businessId}/staff`, { signal }),
  });
}

export type StaffChange =
  | { kind: 'create'; body: CreateStaffRequest }
  | { kind: 'update'; id: number; body: UpdateStaffRequest }
  | { kind: 'delete'; id: number };

export function useStaffMutation(businessId: number) {
  const { request } = useOwner();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: StaffChange): Promise<unknown> => {
      if (change.kind === 'create') {
        return request<StaffMember>('POST', '/api/staff', { body: change.body });
      }
      if (change.kind === 'update') {
        return request<StaffMember>('PATCH', `/api/staff/${change.id}`, { body: change.body });
      }
      return request<void>('DELETE', `/api/staff/${change.id}`);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ownerKeys.staff(businessId) });
      void client.invalidateQueries({ queryKey: PUBLIC_BUSINESS_PREFIX });
    },
  });
}
