import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import { type UpdateBusinessRequest, apiRoutes } from '@slotwise/contracts';
import { useOwner } from './OwnerContext';

export const ownerKeys = {
  business: (userId: string) => ['owner', userId, 'business'] as const,
  /** What every owner query about the business starts with: invalidating it refreshes them all. */
  ofBusiness: (businessId: number) => ['owner', 'business', businessId] as const,
  services: (businessId: number) => [...ownerKeys.ofBusiness(businessId), 'services'] as const,
  staff: (businessId: number) => [...ownerKeys.ofBusiness(businessId), 'staff'] as const,
  hours: (businessId: number) => [...ownerKeys.ofBusiness(businessId), 'availability'] as const,
};

/** The public booking pages' queries (booking remote) start with ['business']: refresh them too. */
export const PUBLIC_BUSINESS_PREFIX = ['business'] as const;

/**
 * The signed-in owner's business, created on first visit. The API knows the owner from the token;
 * the key still names the user, so another owner signing in on this tab never sees these data.
 */
export function useOwnerBusiness() {
  const { session } = useOwner();
  const api = useApiClient();
  return useQuery({
    queryKey: ownerKeys.business(session.user.id),
    queryFn: ({ signal }) => api.request(apiRoutes.businesses.mine, { signal }),
  });
}

export function useUpdateBusiness(businessId: number) {
  const { session } = useOwner();
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateBusinessRequest) =>
      api.request(apiRoutes.businesses.update, { params: { id: businessId }, body: changes }),
    onSuccess: (business) => {
      client.setQueryData(ownerKeys.business(session.user.id), business);
      void client.invalidateQueries({ queryKey: PUBLIC_BUSINESS_PREFIX });
    },
  });
}

/** A change to one of the business's records (a service, a staff member). */
export type RecordChange<Create, Update> =
  | { kind: 'create'; body: Create }
  | { kind: 'update'; id: number; body: Update }
  | { kind: 'delete'; id: number };

export interface RecordCalls<Create, Update> {
  create: (body: Create) => Promise<unknown>;
  update: (id: number, body: Update) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
}

/** Creates, updates or deletes a record, then refreshes every list that shows it. */
export function useRecordMutation<Create, Update>(
  calls: RecordCalls<Create, Update>,
  refresh: readonly QueryKey[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: RecordChange<Create, Update>): Promise<unknown> => {
      if (change.kind === 'create') return calls.create(change.body);
      if (change.kind === 'update') return calls.update(change.id, change.body);
      return calls.remove(change.id);
    },
    onSettled: () => {
      for (const queryKey of refresh) void client.invalidateQueries({ queryKey });
    },
  });
}
