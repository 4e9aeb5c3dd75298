import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import {
  apiRoutes,
  type CreateApiKeyRequest,
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
} from '@slotwise/contracts';
import { ownerKeys } from '../owner';

export const integrationKeys = {
  webhooks: (businessId: number) => [...ownerKeys.ofBusiness(businessId), 'webhooks'] as const,
  deliveries: (businessId: number, webhookId: number) =>
    [...integrationKeys.webhooks(businessId), webhookId, 'deliveries'] as const,
  apiKeys: (businessId: number) => [...ownerKeys.ofBusiness(businessId), 'api-keys'] as const,
};

export function useWebhooks(businessId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: integrationKeys.webhooks(businessId),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.webhooks.list, { params: { id: businessId }, signal }),
  });
}

export function useDeliveries(businessId: number, webhookId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: integrationKeys.deliveries(businessId, webhookId),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.webhooks.deliveries, { params: { id: businessId, webhookId }, signal }),
    // Deliveries move on in the background (retries): the log follows them while open.
    refetchInterval: 5000,
  });
}

export type WebhookChange =
  | { kind: 'create'; body: CreateWebhookRequest }
  | { kind: 'update'; webhookId: number; body: UpdateWebhookRequest }
  | { kind: 'remove'; webhookId: number }
  | { kind: 'test'; webhookId: number }
  | { kind: 'resend'; webhookId: number; deliveryId: number };

/** Every change of the owner's endpoints; the list and the logs are read again after it. */
export function useWebhookMutation(businessId: number) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: WebhookChange): Promise<unknown> => {
      const id = businessId;
      switch (change.kind) {
        case 'create':
          return api.request(apiRoutes.webhooks.create, { params: { id }, body: change.body });
        case 'update':
          return api.request(apiRoutes.webhooks.update, {
            params: { id, webhookId: change.webhookId },
            body: change.body,
          });
        case 'remove':
          return api.request(apiRoutes.webhooks.remove, {
            params: { id, webhookId: change.webhookId },
          });
        case 'test':
          return api.request(apiRoutes.webhooks.test, {
            params: { id, webhookId: change.webhookId },
          });
        case 'resend':
          return api.request(apiRoutes.webhooks.resend, {
            params: { id, webhookId: change.webhookId, deliveryId: change.deliveryId },
          });
      }
    },
    onSettled: () =>
      void client.invalidateQueries({ queryKey: integrationKeys.webhooks(businessId) }),
  });
}

export function useApiKeys(businessId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: integrationKeys.apiKeys(businessId),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.apiKeys.list, { params: { id: businessId }, signal }),
  });
}

export function useCreateApiKey(businessId: number) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest) =>
      api.request(apiRoutes.apiKeys.create, { params: { id: businessId }, body }),
    onSettled: () =>
      void client.invalidateQueries({ queryKey: integrationKeys.apiKeys(businessId) }),
  });
}

export function useRevokeApiKey(businessId: number) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: number) =>
      api.request(apiRoutes.apiKeys.revoke, { params: { id: businessId, keyId } }),
    onSettled: () =>
      void client.invalidateQueries({ queryKey: integrationKeys.apiKeys(businessId) }),
  });
}
