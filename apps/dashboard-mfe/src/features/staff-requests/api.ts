import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import {
  apiRoutes,
  type CreateStaffChangeRequest,
  type StaffRequestStatus,
} from '@slotwise/contracts';
import { ownerKeys } from '../owner';

export const staffRequestKeys = {
  all: (businessId: number) => [...ownerKeys.ofBusiness(businessId), 'staff-requests'] as const,
  list: (businessId: number, status: StaffRequestStatus | undefined) =>
    [...staffRequestKeys.all(businessId), status ?? 'all'] as const,
};

/** Requests: everyone's for owners and managers, the caller's own for staff (the API decides). */
export function useStaffRequests(businessId: number, status?: StaffRequestStatus) {
  const api = useApiClient();
  return useQuery({
    queryKey: staffRequestKeys.list(businessId, status),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.staffRequests.list, {
        params: { id: businessId },
        query: status ? { status } : {},
        signal,
      }),
  });
}

/** How many requests wait for a decision (the Team tab's badge); 0 while loading. */
export function usePendingRequestCount(businessId: number, enabled: boolean): number {
  const api = useApiClient();
  const pending = useQuery({
    queryKey: staffRequestKeys.list(businessId, 'pending'),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.staffRequests.list, {
        params: { id: businessId },
        query: { status: 'pending' },
        signal,
      }),
    enabled,
  });
  return pending.data?.length ?? 0;
}

/** Each change refreshes the requests and what an approval changed (hours, time off). */
function useRequestMutation<V, R>(businessId: number, call: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: staffRequestKeys.all(businessId) });
      void client.invalidateQueries({ queryKey: ['owner', 'staff'] });
    },
  });
}

export function useAskForChange(businessId: number) {
  const api = useApiClient();
  return useRequestMutation(businessId, (body: CreateStaffChangeRequest) =>
    api.request(apiRoutes.staffRequests.create, { params: { id: businessId }, body }),
  );
}

export function useWithdrawRequest(businessId: number) {
  const api = useApiClient();
  return useRequestMutation(businessId, (requestId: number) =>
    api.request(apiRoutes.staffRequests.withdraw, { params: { id: businessId, requestId } }),
  );
}

export function useDecideRequest(businessId: number) {
  const api = useApiClient();
  return useRequestMutation(
    businessId,
    ({
      requestId,
      decision,
      reason,
    }: {
      requestId: number;
      decision: 'approve' | 'decline';
      reason?: string;
    }) => {
      const params = { id: businessId, requestId };
      return decision === 'approve'
        ? api.request(apiRoutes.staffRequests.approve, { params })
        : api.request(apiRoutes.staffRequests.decline, {
            params,
            body: { reason: reason?.trim() || null },
          });
    },
  );
}
