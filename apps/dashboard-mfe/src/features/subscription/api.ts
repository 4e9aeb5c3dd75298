import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import { SubscriptionMessages, apiRoutes } from '@slotwise/contracts';
import { ownerKeys, useOwner } from '../owner';

export const subscriptionKeys = {
  status: (userId: string) => ['owner', userId, 'subscription-status'] as const,
  setup: (userId: string) => ['owner', userId, 'subscription-setup'] as const,
};

/** The plan's live status, never retried. `poll` ms while waiting for Stripe's webhook. */
export function useSubscriptionStatus(options: { poll?: number | false } = {}) {
  const { session } = useOwner();
  const api = useApiClient();
  return useQuery({
    queryKey: subscriptionKeys.status(session.user.id),
    queryFn: ({ signal }) => api.request(apiRoutes.subscription.status, { signal }),
    retry: false,
    refetchInterval: options.poll ?? false,
  });
}

export interface PaymentSetup {
  clientSecret: string;
  publishableKey: string;
}

/**
 * The Subscribe page's set-up: the price from the configuration, then an incomplete subscription
 * whose client secret the Payment Element confirms. Cached for the page's life only: a reload asks
 * again (the API reuses a still-incomplete subscription).
 */
export function usePaymentSetup() {
  const { session } = useOwner();
  const api = useApiClient();
  return useQuery({
    queryKey: subscriptionKeys.setup(session.user.id),
    queryFn: async ({ signal }): Promise<PaymentSetup> => {
      const config = await api.request(apiRoutes.subscription.config, { signal });
      if (!config.priceId) throw new Error(SubscriptionMessages.noPriceId);
      const { clientSecret } = await api.request(apiRoutes.subscription.create, {
        body: { priceId: config.priceId },
        signal,
      });
      return { clientSecret, publishableKey: config.publishableKey };
    },
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Cancel (at period end) or reactivate; both answer the new status, shown at once. */
export function useSubscriptionChange() {
  const { session } = useOwner();
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: 'cancel' | 'reactivate') => api.request(apiRoutes.subscription[change]),
    onSuccess: (status) => {
      client.setQueryData(subscriptionKeys.status(session.user.id), status);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: subscriptionKeys.status(session.user.id) });
      void client.invalidateQueries({ queryKey: ownerKeys.business(session.user.id) });
    },
  });
}
