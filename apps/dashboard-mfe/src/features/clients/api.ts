import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import {
  type ClientImportRequestInput,
  type CustomerDetail,
  type CustomerSummary,
  type UpdateCustomerRequest,
  apiRoutes,
} from '@slotwise/contracts';
import { appointmentKeys } from '../appointments';
import { clientPages } from './clients';

export const clientKeys = {
  all: (businessId: number) => ['owner', 'business', businessId, 'clients'] as const,
  list: (businessId: number, q: string, count: number) =>
    ['owner', 'business', businessId, 'clients', 'list', q, count] as const,
  detail: (businessId: number, id: number) =>
    ['owner', 'business', businessId, 'clients', 'detail', id] as const,
};

/**
 * The first `count` clients by name, searched on the server (name, email or phone digits), plus
 * one more when there are: that row only says whether 'Load more' has anything to load.
 */
export function useClientList(businessId: number, q: string, count: number) {
  const api = useApiClient();
  const search = q.trim();
  return useQuery({
    queryKey: clientKeys.list(businessId, search, count),
    queryFn: async ({ signal }) => {
      const rows: CustomerSummary[] = [];
      for (const page of clientPages(count)) {
        const got = await api.request(apiRoutes.customers.list, {
          params: { id: businessId },
          query: { ...(search ? { q: search } : {}), ...page },
          signal,
        });
        rows.push(...got);
        if (got.length < page.limit) break;
      }
      return rows;
    },
    enabled: businessId > 0,
    // Keeps the rows on screen while a new search or the next page loads.
    placeholderData: (previous) => previous,
  });
}

export function useClient(businessId: number, id: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: clientKeys.detail(businessId, id ?? 0),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.customers.byId, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    // Visits change with the diary: read them afresh each time a client is opened.
    staleTime: 0,
  });
}

export function useUpdateClient(businessId: number) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateCustomerRequest }) =>
      api.request(apiRoutes.customers.update, { params: { id }, body }),
    onSuccess: (updated: CustomerDetail) => {
      client.setQueryData(clientKeys.detail(businessId, updated.id), updated);
      void client.invalidateQueries({ queryKey: clientKeys.all(businessId) });
      // The diary names its appointments' clients.
      void client.invalidateQueries({ queryKey: appointmentKeys.all(businessId) });
    },
  });
}

/** After a merge or split: both clients' details, the list and the diary are read again. */
function useClientsChanged(businessId: number) {
  const client = useQueryClient();
  return (detail: CustomerDetail) => {
    client.setQueryData(clientKeys.detail(businessId, detail.id), detail);
    void client.invalidateQueries({ queryKey: clientKeys.all(businessId) });
    void client.invalidateQueries({ queryKey: appointmentKeys.all(businessId) });
  };
}

/** Merges `otherCustomerId` into `id`: the other's appointments move here and it is removed. */
export function useMergeClient(businessId: number) {
  const api = useApiClient();
  const changed = useClientsChanged(businessId);
  return useMutation({
    mutationFn: ({ id, otherCustomerId }: { id: number; otherCustomerId: number }) =>
      api.request(apiRoutes.customers.merge, { params: { id }, body: { otherCustomerId } }),
    onSuccess: changed,
  });
}

/** Moves some of `id`'s appointments to a new client named as they were booked; answers it. */
export function useSplitClient(businessId: number) {
  const api = useApiClient();
  const changed = useClientsChanged(businessId);
  return useMutation({
    mutationFn: ({ id, appointmentIds }: { id: number; appointmentIds: number[] }) =>
      api.request(apiRoutes.customers.split, { params: { id }, body: { appointmentIds } }),
    onSuccess: changed,
  });
}

/** A client import: a dry run answers each row's verdict; otherwise the import's job comes back. */
export function useImportClients(businessId: number) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: ClientImportRequestInput) =>
      api.request(apiRoutes.customers.import, { params: { id: businessId }, body }),
  });
}

/** The import's progress, read every half second until it is done or failed. */
export function useImportJob(businessId: number, jobId: number | null) {
  const api = useApiClient();
  const client = useQueryClient();
  const job = useQuery({
    queryKey: [...clientKeys.all(businessId), 'import', jobId],
    queryFn: ({ signal }) =>
      api.request(apiRoutes.customers.importJob, {
        params: { id: businessId, jobId: jobId ?? 0 },
        signal,
      }),
    enabled: jobId !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'done' || query.state.data?.status === 'failed' ? false : 500,
  });
  const done = job.data?.status === 'done';
  // Once, when it is done: the list shows the new clients. Not from the query function, whose
  // own query the invalidation would cancel and start again, forever.
  useEffect(() => {
    if (done) {
      void client.invalidateQueries({
        queryKey: clientKeys.all(businessId),
        predicate: (q) => q.queryKey[4] !== 'import',
      });
    }
  }, [done, client, businessId]);
  return job;
}
