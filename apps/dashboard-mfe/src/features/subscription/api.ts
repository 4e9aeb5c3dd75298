import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateSubscriptionResponse,
  type SubscriptionConfig,
  type SubscriptionStatus,
  SubscriptionMessages,
} from '@slotwise/contracts';
import { ownerKeys } from '../owner/api';
import { useOwner } from '../owner/OwnerContext';

export const subscriptionKeys = {
  status: (userId: string) => ['owner', userId, 'subscription-status'] as const,
  setup: (userId: string) => ['owner', userId, 'subscription-setup'] as const,
};

/** GET /api/subscription-status (spec section 7: no retry). `poll` ms while waiting for a webhook. */
export function useSubscriptionStatus(options: { poll?: number | false } = {}) {
  const { session, request } = useOwner();
  return useQuery({
    queryKey: subscriptionKeys.status(session.user.id),
    queryFn: ({ signal }) =>
      request<SubscriptionStatus>('GET', '/api/subscription-status', { signal }),
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
  const { session, request } = useOwner();
  return useQuery({
    queryKey: subscriptionKeys.setup(session.user.id),
    queryFn: async ({ signal }): Promise<PaymentSetup> => {
      const config = await request<SubscriptionConfig>('GET', '/api/subscription-config', {
        signal,
      });
      if (!config.priceId) throw new Error(SubscriptionMessages.noPriceId);
      const { clientSecret } = await request<CreateSubscriptionResponse>(
        'POST',
        '/api/create-subscription',
        { body: { priceId: config.priceId }, signal },
      );
      return { clientSecret, publishableKey: config.publishableKey };
    },
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Cancel (at period end) or reactivate; both answer the new status (spec: refreshes status). */
export function useSubscriptionChange() {
  const { session, request } = useOwner();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: 'cancel' | 'reactivate') =>
      request<SubscriptionStatus>('POST', `/api/${change}-subscription`),
    onSuccess: (status) => {
      client.setQueryData(subscriptionKeys.status(session.user.id), status);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: subscriptionKeys.status(session.user.id) });
      void client.invalidateQueries({ queryKey: ownerKeys.business(session.user.id) });
    },
  });
}
